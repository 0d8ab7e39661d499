/**
 * Per-server sign-in settings: a saved server's client id, secret and extra scopes survive a restart with the
 * secret sealed (never in the file in clear; not written at all without a SecretStore), and a connect with a
 * pre-registered client signs in as that client (no Dynamic Client Registration) at a real OpenID Provider.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keyFileSealer } from '../../src/core/auth/keyFileSealer.js';
import { notSavedMarker, sealedPrefix } from '../../src/core/backend/secretStore.js';
import type { Settings } from '../../src/shared/contract.js';
import { signInAtOidcProvider } from '../helpers/oidcBrowser.js';
import { startOidcProtectedServer, type RunningHttpServer } from '../helpers/servers.js';
import { startHarness, type Harness } from './backendHarness.js';

const clientSecret = 'preregistered-secret-7d41c9';

function settingsWith(url: string): Settings {
  return {
    timeoutMs: 10_000,
    maxTotalMs: 60_000,
    pageLimit: 64,
    savedServers: [
      {
        id: 'one',
        name: 'protected',
        target: { transport: 'http', url },
        auth: { clientId: 'loupe-preregistered', clientSecret, extraScopes: ['openid', 'bad"scope'] },
      },
    ],
  };
}

describe('per-server sign-in settings', () => {
  let directory: string;
  let server: RunningHttpServer | undefined;
  const harnesses: Harness[] = [];

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'loupe-auth-settings-'));
  });
  afterEach(async () => {
    for (const started of harnesses.splice(0)) await started.close();
    await server?.stop();
    server = undefined;
    await rm(directory, { recursive: true, force: true });
  });

  it('keeps the client secret sealed on disk and opens it in the next backend', async () => {
    const settingsPath = join(directory, 'settings.json');
    const secretStore = keyFileSealer(join(directory, 'keys'));
    const first = startHarness({ settingsPath, secretStore });
    harnesses.push(first);
    await first.api.saveSettings(settingsWith('http://127.0.0.1:9/mcp'));
    const text = await readFile(settingsPath, 'utf8');
    expect(text).not.toContain(clientSecret);
    expect(text).toContain(sealedPrefix);
    expect(text).toContain('loupe-preregistered');

    const second = startHarness({ settingsPath, secretStore });
    harnesses.push(second);
    const [saved] = (await second.api.getSettings()).savedServers;
    expect(saved.auth).toEqual({
      clientId: 'loupe-preregistered',
      clientSecret,
      extraScopes: ['openid'], // a scope with a quote is not a scope token (RFC 6749 §3.3)
    });

    const keyless = startHarness({ settingsPath: join(directory, 'keyless.json') });
    harnesses.push(keyless);
    await keyless.api.saveSettings(settingsWith('http://127.0.0.1:9/mcp'));
    const keylessText = await readFile(join(directory, 'keyless.json'), 'utf8');
    expect(keylessText).not.toContain(clientSecret);
    const reopened = startHarness({ settingsPath: join(directory, 'keyless.json') });
    harnesses.push(reopened);
    expect((await reopened.api.getSettings()).savedServers[0].auth?.clientSecret).toBe(notSavedMarker);
  });

  it('signs in as the pre-registered client given with the connect', async () => {
    server = await startOidcProtectedServer();
    const app = startHarness({ settingsPath: join(directory, 'settings.json') });
    harnesses.push(app);
    const auth = settingsWith(server.url).savedServers[0].auth;
    const connecting = app.api.connect({ transport: 'http', url: server.url }, auth ? { auth } : {});
    const prompt = await app.waitFor('onAuthPrompt', () => true);
    const authorization = new URL(prompt.authorizationUrl);
    expect(authorization.searchParams.get('client_id')).toBe('loupe-preregistered');
    expect(authorization.searchParams.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['mcp:read', 'openid']),
    );
    await signInAtOidcProvider(prompt.authorizationUrl);
    expect((await connecting).state).toBe('connected');
    const steps = await app.api.authSteps();
    const registration = steps.find((step) => step.step === 'registration');
    expect(registration?.learned).toMatchObject({
      source: 'pre-registered',
      client_id: 'loupe-preregistered',
    });
    expect(registration?.request).toBeUndefined(); // no Dynamic Client Registration exchange
    const token = steps.find((step) => step.step === 'token');
    expect(token?.response?.status).toBe(200);
    expect(token?.request?.headers.authorization).toBe('Basic ••••');
    expect(JSON.stringify(steps)).not.toContain(clientSecret);
    expect((await app.api.list('tools')).items.map((tool) => tool.name)).toEqual(['whoami']);
  });
});
