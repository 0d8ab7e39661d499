/**
 * Sign-in against a protected MCP server on a port Node's fetch refuses ("bad port": 6665–6669, 6000): the whole
 * OAuth flow (the 401 challenge, the Protected Resource Metadata on the MCP server's origin, the provider's
 * metadata, registration, the code exchange) goes through the wire's fetch, which reaches such ports over
 * node:http, and each step is recorded as usual. The port is taken at test time among the blocked ones that are
 * free, 6669 first (test/core/wire/blockedPort.test.ts starts at 6000).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UrlTarget } from '../../src/shared/target.js';
import { isBlockedPort } from '../../src/core/wire/blockedPorts.js';
import { signInAtOidcProvider } from '../helpers/oidcBrowser.js';
import { startOidcProtectedServer, type RunningHttpServer } from '../helpers/servers.js';
import { startHarness, type Harness } from './backendHarness.js';

const candidates = [6669, 6668, 6667, 6666, 6665, 6000];

/** The OIDC-protected server with its MCP side on the first free blocked port; a clear error when none is free. */
async function startOnBlockedPort(): Promise<RunningHttpServer> {
  const failures: string[] = [];
  for (const port of candidates) {
    try {
      return await startOidcProtectedServer(['--mcp-port', String(port)]);
    } catch (error) {
      failures.push(`${port}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  throw new Error(`none of the blocked ports ${candidates.join(', ')} was free: ${failures.join('; ')}`);
}

describe('sign-in with the MCP server on a port fetch refuses', () => {
  let directory: string;
  let server: RunningHttpServer | undefined;
  let harness: Harness | undefined;

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'loupe-auth-blocked-'));
  });
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
    await server?.stop();
    server = undefined;
    await rm(directory, { recursive: true, force: true });
  });

  it('signs in, lists the tools, and records every step with its blocked-port URL', async () => {
    server = await startOnBlockedPort();
    expect(isBlockedPort(server.url)).toBe(true);
    // The premise: Node's own fetch refuses this port.
    const refusal = await fetch(server.url).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(String((refusal as TypeError | undefined)?.cause)).toContain('bad port');

    const backend = startHarness({ settingsPath: join(directory, 'settings.json') });
    harness = backend;
    const target: UrlTarget = { transport: 'http', url: server.url };
    const connecting = backend.api.connect(target);
    const prompt = await backend.waitFor('onAuthPrompt', () => backend.events.onAuthPrompt.length > 0);
    expect(new URL(prompt.authorizationUrl).searchParams.get('resource')).toBe(server.url);
    await signInAtOidcProvider(prompt.authorizationUrl);
    const status = await connecting;
    expect(status.state).toBe('connected');
    expect((await backend.api.list('tools')).items.map((tool) => tool.name)).toEqual(['whoami']);

    const steps = await backend.api.authSteps();
    const names = steps.map((step) => step.step);
    for (const name of ['challenge', 'prm', 'as-metadata', 'registration', 'authorize', 'token'])
      expect(names).toContain(name);
    const origin = new URL(server.url).origin;
    const challenge = steps.find((step) => step.step === 'challenge');
    expect(challenge?.request?.url).toBe(server.url);
    expect(challenge?.response?.status).toBe(401);
    const metadata = steps.find((step) => step.step === 'prm');
    expect(metadata?.request?.url.startsWith(`${origin}/.well-known/oauth-protected-resource`)).toBe(true);
    expect(metadata?.response?.status).toBe(200);
    expect(steps.find((step) => step.step === 'token')?.response?.status).toBe(200);
    expect(steps.flatMap((step) => step.checks).filter((check) => !check.ok)).toEqual([]);

    const frames = await backend.api.frames(0, 10_000);
    const authFrames = frames.filter((frame) => frame.kind === 'http' && frame.http?.auth);
    expect(authFrames.map((frame) => frame.http?.auth)).toEqual(names);
    expect(authFrames.find((frame) => frame.http?.auth === 'prm')?.http?.url).toBe(metadata?.request?.url);
  });
});
