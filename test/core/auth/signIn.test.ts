/**
 * The auth engine against a real protected server (test/servers/protected.mjs, two authorization servers, over
 * loopback HTTP), through connect() and the Streamable HTTP wire: the steps of a sign-in in order, refresh before
 * expiry, re-registration when the authorization server moves, a revoked token, and the token store.
 */
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthStep } from '../../../src/shared/auth.js';
import { LoupeError } from '../../../src/shared/errors.js';
import { createAuthFetch, type AuthFetchOptions } from '../../../src/core/auth/authFetch.js';
import { keyFileSealer } from '../../../src/core/auth/keyFileSealer.js';
import { TokenStore } from '../../../src/core/auth/tokenStore.js';
import { nonInteractiveUserAgent } from '../../../src/core/auth/userAgents.js';
import { connect } from '../../../src/core/session/connect.js';
import { FrameRecorder } from '../../../src/core/recorder/frameRecorder.js';
import { startProtectedServer, type RunningHttpServer } from '../../helpers/servers.js';

interface ServerLog {
  registrations: { as: string; clientId: string; grant_types: string[] }[];
  authorizations: { as: string; clientId: string; scope: string | null; resource: string | null }[];
  grants: { as: string; grant: string; clientId: string }[];
  tokens: string[];
  mcp: { status: number; method?: string }[];
}

let server: RunningHttpServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

async function serverLog(base: string): Promise<ServerLog> {
  return (await (await fetch(`${base}/control/log`)).json()) as ServerLog;
}

function storeIn(directory: string): TokenStore {
  return new TokenStore(directory, keyFileSealer(directory));
}

/** Connects, lists tools, closes; returns the tool names and the steps. */
async function listWith(
  base: string,
  extra: Partial<AuthFetchOptions> = {},
  recorder?: FrameRecorder,
): Promise<{ tools: string[]; steps: AuthStep[] }> {
  const steps: AuthStep[] = [];
  const authFetch = createAuthFetch({
    serverUrl: `${base}/mcp`,
    settings: { mode: 'auto' },
    userAgent: nonInteractiveUserAgent(),
    onStep: (step) => steps.push(step),
    ...extra,
  });
  const session = await connect(
    { transport: 'http', url: `${base}/mcp` },
    {
      authFetch,
      ...(recorder ? { recorder } : {}),
    },
  );
  try {
    const { result } = await session.request('tools/list');
    const tools = Array.isArray(result.tools)
      ? result.tools.map((tool) => (tool as { name: string }).name)
      : [];
    return { tools, steps };
  } finally {
    await session.close();
  }
}

describe('signing in to a protected server', () => {
  it('runs the flow in order, every check holds, and no step shows a secret', async () => {
    server = await startProtectedServer();
    const recorder = new FrameRecorder();
    const { tools, steps } = await listWith(server.url, {}, recorder);
    expect(tools).toEqual(['whoami']);
    // Frames: the first POST once, the 401 the auth layer handled as an 'http' frame, then the answer to that POST
    // (a response, or an error where the first request probes a newer revision) with status 200.
    const frames = recorder.frames().slice(0, 3);
    expect(
      frames.map((frame) => [
        frame.direction,
        frame.kind === 'http' ? 'http' : 'message',
        frame.http?.status,
      ]),
    ).toEqual([
      ['out', 'message', undefined],
      ['in', 'http', 401],
      ['in', 'message', 200],
    ]);
    expect(frames[2]?.pairSeq).toBe(frames[0]?.seq);
    expect(frames[1]?.raw).toBe('{"error":"invalid_token"}');
    expect(steps.map((step) => step.step)).toEqual([
      'challenge',
      'prm',
      'as-metadata',
      'registration',
      'authorize',
      'token',
    ]);
    // How many checks each step made (a step that made none would pass a bare "none failed"), and that all held.
    // prm and as-metadata each check every endpoint they hand on is https (http only on loopback): one for the
    // authorization server, three for the authorization, token and registration endpoints.
    expect(steps.map((step) => step.checks.length)).toEqual([0, 4, 6, 1, 4, 2]);
    expect(
      steps
        .slice(1, 3)
        .flatMap((step) => step.checks)
        .map((check) => check.requirement)
        .filter((requirement) => requirement.includes(' is https ')),
    ).toHaveLength(4);
    expect(steps.flatMap((step) => step.checks).filter((check) => !check.ok)).toEqual([]);
    expect(steps[1]?.request?.url).toBe(`${server.url}/.well-known/oauth-protected-resource/mcp`);
    expect(steps[2]?.learned.issuer).toBe(`${server.url}/as1`);
    const log = await serverLog(server.url);
    // Scope from the challenge, plus offline_access since the server offers it; resource exactly as the PRM says.
    expect(log.authorizations).toEqual([
      {
        as: 'as1',
        clientId: log.registrations[0]?.clientId,
        scope: 'mcp:read offline_access',
        resource: `${server.url}/mcp`,
      },
    ]);
    expect(log.registrations[0]?.grant_types).toEqual(['authorization_code', 'refresh_token']);
    const shown = JSON.stringify(steps);
    expect(log.tokens).toHaveLength(2);
    for (const secret of log.tokens) expect(shown).not.toContain(secret);
    expect(shown).toContain('"refresh_token":"received"');
  });

  it('refreshes a token about to expire before sending, without a new authorization', async () => {
    server = await startProtectedServer(['--expires-in', '4']);
    const directory = mkdtempSync(join(tmpdir(), 'loupe-auth-'));
    await listWith(server.url, { store: storeIn(directory) });
    // The margin is capped at half the token's life (2 s here): past that, the stored token is about to expire.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const second = await listWith(server.url, { store: storeIn(directory), refreshMarginMs: 60_000 });
    expect(second.tools).toEqual(['whoami']);
    expect(second.steps.slice(0, 3).map((step) => step.step)).toEqual(['prm', 'as-metadata', 'refresh']);
    expect(second.steps.map((step) => step.step)).not.toContain('authorize');
    const log = await serverLog(server.url);
    expect(log.grants.map((grant) => grant.grant).slice(0, 2)).toEqual([
      'authorization_code',
      'refresh_token',
    ]);
    expect(log.authorizations).toHaveLength(1);
    expect(log.mcp.filter((entry) => entry.status === 401)).toHaveLength(1);
  });

  it('registers again when the authorization server moves, and never shows the old client id to the new one', async () => {
    server = await startProtectedServer();
    const directory = mkdtempSync(join(tmpdir(), 'loupe-auth-'));
    await listWith(server.url, { store: storeIn(directory) });
    await fetch(`${server.url}/control/move`, { method: 'POST' });
    const notices: string[] = [];
    const moved = await listWith(server.url, {
      store: storeIn(directory),
      onNotice: (line) => notices.push(line),
    });
    expect(moved.tools).toEqual(['whoami']);
    const log = await serverLog(server.url);
    expect(log.registrations.map((entry) => entry.as)).toEqual(['as1', 'as2']);
    const oldClient = log.registrations[0]?.clientId;
    const newClient = log.registrations[1]?.clientId;
    expect(newClient).toMatch(/\S/);
    expect(newClient).not.toBe(oldClient);
    expect(log.authorizations.filter((entry) => entry.as === 'as2').map((entry) => entry.clientId)).toEqual([
      newClient,
    ]);
    // Exactly the one code grant at the new server, by the new client (an empty list once passed an every()).
    expect(
      log.grants.filter((entry) => entry.as === 'as2').map((entry) => [entry.grant, entry.clientId]),
    ).toEqual([['authorization_code', newClient]]);
    expect(moved.steps.find((step) => step.step === 'as-metadata')?.learned.issuer).toBe(`${server.url}/as2`);
    expect(notices).toEqual([`The sign-in for ${server.url}/mcp was refused; signing in again.`]);
  });

  it('a revoked access token is replaced through the refresh token, without a new authorization', async () => {
    server = await startProtectedServer();
    const directory = mkdtempSync(join(tmpdir(), 'loupe-auth-'));
    await listWith(server.url, { store: storeIn(directory) });
    await fetch(`${server.url}/control/revoke`, { method: 'POST' });
    const notices: string[] = [];
    const again = await listWith(server.url, {
      store: storeIn(directory),
      onNotice: (line) => notices.push(line),
    });
    expect(again.tools).toEqual(['whoami']);
    // The refresh token still works: a refresh, not a new authorization, and so no notice.
    expect(again.steps.map((step) => step.step)).toEqual(['challenge', 'prm', 'as-metadata', 'refresh']);
    expect(notices).toEqual([]);
  });

  it('when the refresh token is revoked too, the flow starts again with one notice', async () => {
    server = await startProtectedServer();
    const directory = mkdtempSync(join(tmpdir(), 'loupe-auth-'));
    await listWith(server.url, { store: storeIn(directory) });
    await fetch(`${server.url}/control/revoke?refresh`, { method: 'POST' });
    const notices: string[] = [];
    const again = await listWith(server.url, {
      store: storeIn(directory),
      onNotice: (line) => notices.push(line),
    });
    expect(again.tools).toEqual(['whoami']);
    expect(again.steps.map((step) => step.step)).toEqual([
      'challenge',
      'prm',
      'as-metadata',
      'refresh',
      'registration',
      'authorize',
      'token',
    ]);
    expect(again.steps[3]?.checks).toEqual([
      { requirement: 'the token endpoint answers 2xx with an access_token', ok: false, detail: 'HTTP 400' },
    ]);
    expect(notices).toEqual([`The sign-in for ${server.url}/mcp was refused; signing in again.`]);
  });

  it('keeps no token in clear on disk, reuses the stored sign-in, and forgets it on sign-out', async () => {
    server = await startProtectedServer();
    const directory = mkdtempSync(join(tmpdir(), 'loupe-auth-'));
    await listWith(server.url, { store: storeIn(directory) });
    const log = await serverLog(server.url);
    expect(log.tokens).toHaveLength(2);
    for (const name of readdirSync(directory)) {
      const path = join(directory, name);
      expect(statSync(path).mode & 0o777, name).toBe(0o600);
      const text = readFileSync(path, 'utf8');
      for (const secret of log.tokens) expect(text, name).not.toContain(secret);
    }
    const reused = await listWith(server.url, { store: storeIn(directory) });
    expect(reused.steps).toEqual([]);
    expect((await serverLog(server.url)).authorizations).toHaveLength(1);
    expect(storeIn(directory).forget(`${server.url}/mcp`)).toBe(1);
    const after = await listWith(server.url, { store: storeIn(directory) });
    // The registration is per issuer and stays; the tokens are gone, so the flow runs again.
    expect(after.steps.map((step) => step.step)).toEqual([
      'challenge',
      'prm',
      'as-metadata',
      'registration',
      'authorize',
      'token',
    ]);
    expect(after.steps[3]?.learned.source).toBe('stored');
    expect((await serverLog(server.url)).registrations).toHaveLength(1);
  });

  it('with --auth none a 401 is an auth-failed error naming the cause', async () => {
    server = await startProtectedServer();
    const authFetch = createAuthFetch({
      serverUrl: `${server.url}/mcp`,
      settings: { mode: 'none' },
      userAgent: nonInteractiveUserAgent(),
    });
    const failure = await connect({ transport: 'http', url: `${server.url}/mcp` }, { authFetch }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(LoupeError);
    expect((failure as LoupeError).kind).toBe('auth-failed');
    expect((failure as LoupeError).message).toBe(
      'Sign-in failed at reading the server’s challenge: the server wants a sign-in (HTTP 401) and sign-in is off (--auth none)',
    );
  });

  it('refuses an oversized answer from the metadata endpoints unread, naming the step', async () => {
    server = await startProtectedServer(['--huge-prm']);
    const authFetch = createAuthFetch({
      serverUrl: `${server.url}/mcp`,
      settings: { mode: 'auto' },
      userAgent: nonInteractiveUserAgent(),
    });
    const failure = await connect({ transport: 'http', url: `${server.url}/mcp` }, { authFetch }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect((failure as LoupeError).kind).toBe('auth-failed');
    expect((failure as LoupeError).message).toBe(
      `Sign-in failed at protected resource metadata: ${server.url}/.well-known/oauth-protected-resource/mcp sent more than 256 KiB; a metadata or token answer is far smaller`,
    );
  });
});
