/**
 * Sign-in from the app's backend against a real OpenID Provider (oidc-provider) in front of an SDK server that
 * checks bearer tokens: the prompt event carries the authorization URL, a user (fetch through the provider's
 * login and consent pages) signs in, the tools list; the steps are in authSteps, as events, as auth-marked
 * 'http' frames and in the snapshot; no file Loupe wrote holds a token; a second backend on the same app data
 * dir lists without signing in; sign-out forgets; an expiring token is refreshed.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuthStep } from '../../src/shared/auth.js';
import type { UrlTarget } from '../../src/shared/target.js';
import { signInAtOidcProvider } from '../helpers/oidcBrowser.js';
import { startOidcProtectedServer, type RunningHttpServer } from '../helpers/servers.js';
import { startHarness, type Harness } from './backendHarness.js';

interface ProviderLog {
  grants: string[];
  tokens: string[];
}

async function providerLog(server: RunningHttpServer): Promise<ProviderLog> {
  return (await (await fetch(new URL('/control/log', server.url))).json()) as ProviderLog;
}

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** Connects, signs in at the provider when the backend asks, and resolves with the connect's status. */
async function connectSigningIn(harness: Harness, target: UrlTarget, journalPath?: string) {
  const seen = harness.events.onAuthPrompt.length;
  const connecting = harness.api.connect(target, journalPath ? { journalPath } : {});
  const prompt = await harness.waitFor('onAuthPrompt', () => harness.events.onAuthPrompt.length > seen);
  const visited = await signInAtOidcProvider(prompt.authorizationUrl);
  return { status: await connecting, prompt, visited };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('sign-in from the backend (oidc-provider)', () => {
  let directory: string;
  let server: RunningHttpServer | undefined;
  const harnesses: Harness[] = [];
  const harness = () => {
    const started = startHarness({ settingsPath: join(directory, 'settings.json') });
    harnesses.push(started);
    return started;
  };

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'loupe-auth-backend-'));
  });
  afterEach(async () => {
    for (const started of harnesses.splice(0)) await started.close();
    await server?.stop();
    server = undefined;
    await rm(directory, { recursive: true, force: true });
  });

  it('signs in, shows every step with passing checks, keeps no token in clear, survives a restart', async () => {
    server = await startOidcProtectedServer();
    const target: UrlTarget = { transport: 'http', url: server.url };
    const first = harness();
    const journal = join(directory, 'journal.jsonl');
    const { status, prompt, visited } = await connectSigningIn(first, target, journal);
    expect(status.state).toBe('connected');
    expect(prompt.serverUrl).toBe(server.url);
    const authorization = new URL(prompt.authorizationUrl);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('resource')).toBe(server.url);
    expect(authorization.searchParams.get('scope')?.split(' ')).toContain('mcp:read');
    expect(visited.some((url) => url.includes('/interaction/'))).toBe(true);

    const tools = await first.api.list('tools');
    expect(tools.items.map((tool) => tool.name)).toEqual(['whoami']);

    const steps: AuthStep[] = await first.api.authSteps();
    const names = steps.map((step) => step.step);
    for (const name of ['challenge', 'prm', 'as-metadata', 'registration', 'authorize', 'token'])
      expect(names).toContain(name);
    expect(names.indexOf('challenge')).toBeLessThan(names.indexOf('token'));
    const checks = steps.flatMap((step) => step.checks);
    expect(checks.length).toBeGreaterThan(5);
    expect(checks.filter((check) => !check.ok)).toEqual([]);
    expect(first.events.onAuthStep.map((step) => step.step)).toEqual(names);
    const token = steps.find((step) => step.step === 'token');
    expect(token?.response?.status).toBe(200);
    expect(token?.response?.body).toContain('"access_token":"••••"');

    const frames = await first.api.frames(0, 10_000);
    const authFrames = frames.filter((frame) => frame.kind === 'http' && frame.http?.auth);
    expect(authFrames.map((frame) => frame.http?.auth)).toEqual(names);
    expect(authFrames.find((frame) => frame.http?.auth === 'token')?.http?.status).toBe(200);

    const snapshot = await first.api.createSnapshot();
    await writeFile(join(directory, snapshot.fileName), snapshot.text);
    const reread = await first.api.loadSnapshot(snapshot.text);
    expect(reread.frames.filter((frame) => frame.http?.auth).length).toBe(names.length);
    await first.api.saveSettings({
      ...(await first.api.getSettings()),
      savedServers: [{ id: 'oidc', name: 'oidc', target, auth: { extraScopes: ['openid'] } }],
    });
    await first.api.disconnect();
    await first.close();

    const log = await providerLog(server);
    expect(log.tokens.length).toBeGreaterThanOrEqual(2); // an access and a refresh token
    const files = await filesUnder(directory);
    expect(files.map((file) => file.slice(directory.length + 1)).sort()).toEqual(
      expect.arrayContaining(['auth/auth.json', 'journal.jsonl', 'settings.json', snapshot.fileName]),
    );
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      for (const value of log.tokens) expect(text.includes(value), `${file} holds a token`).toBe(false);
    }

    const second = harness();
    const again = await second.api.connect(target);
    expect(again.state).toBe('connected');
    expect((await second.api.list('tools')).items.map((tool) => tool.name)).toEqual(['whoami']);
    expect(second.events.onAuthPrompt).toEqual([]);
    expect((await providerLog(server)).grants.filter((grant) => grant === 'authorization_code')).toHaveLength(
      1,
    );

    await second.api.disconnect();
    // The URL as typed may differ in spelling from the one the sign-in is kept under.
    expect(await second.api.signOut(server.url.replace('http://', 'HTTP://'))).toBe(1);
    expect(await second.api.signOut(server.url)).toBe(0);
    const third = await connectSigningIn(second, target);
    expect(third.status.state).toBe('connected');
    expect(second.events.onAuthPrompt).toHaveLength(1);
    expect((await providerLog(server)).grants.filter((grant) => grant === 'authorization_code')).toHaveLength(
      2,
    );
  });

  it('refreshes an access token that is about to expire before the next request', async () => {
    server = await startOidcProtectedServer(['--access-ttl', '2']);
    const target: UrlTarget = { transport: 'http', url: server.url };
    const app = harness();
    await connectSigningIn(app, target);
    expect((await app.api.list('tools')).items).toHaveLength(1);
    await wait(2_500);
    const tools = await app.api.list('tools');
    expect(tools.items.map((tool) => tool.name)).toEqual(['whoami']);
    const refresh = (await app.api.authSteps()).find((step) => step.step === 'refresh');
    expect(refresh?.response?.status).toBe(200);
    expect(refresh?.checks.filter((check) => !check.ok)).toEqual([]);
    expect((await providerLog(server)).grants).toEqual(['authorization_code', 'refresh_token']);
    expect(app.events.onAuthPrompt).toHaveLength(1);
  });

  it('signs in again with one clear message when the token expired and its refresh token was revoked', async () => {
    server = await startOidcProtectedServer(['--access-ttl', '2']);
    const target: UrlTarget = { transport: 'http', url: server.url };
    const app = harness();
    await connectSigningIn(app, target);
    const steps = await app.api.authSteps();
    const clientId = steps.find((step) => step.step === 'registration')?.learned.client_id;
    const issuer = steps.find((step) => step.step === 'as-metadata')?.learned.issuer;
    if (typeof clientId !== 'string' || typeof issuer !== 'string')
      throw new Error('no client id or issuer learned');
    const [, refreshToken] = (await providerLog(server)).tokens;
    const revoked = await fetch(`${issuer}/token/revocation`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: refreshToken, client_id: clientId }).toString(),
    });
    expect(revoked.status).toBe(200);
    await wait(2_500);
    const listing = app.api.list('tools');
    const prompt = await app.waitFor('onAuthPrompt', () => app.events.onAuthPrompt.length === 2);
    await signInAtOidcProvider(prompt.authorizationUrl);
    expect((await listing).items.map((tool) => tool.name)).toEqual(['whoami']);
    expect(app.events.onAuthNotice).toEqual([
      {
        serverUrl: server.url,
        message: `The sign-in for ${server.url} expired and could not be refreshed; signing in again.`,
      },
    ]);
    const refresh = (await app.api.authSteps()).find((step) => step.step === 'refresh');
    expect(refresh?.response?.status).toBe(400);
    expect((await providerLog(server)).grants).toEqual(['authorization_code', 'authorization_code']);
  });
});
