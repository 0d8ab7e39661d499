/**
 * The desktop app's tokens go through the keychain: a backend made as src/main/index.ts makes it (settings in
 * userData, the keychainSecretStore over the stand-in safeStorage) signs in at a real OpenID Provider and keeps
 * its tokens sealed by safeStorage (no key file of its own), so the next backend lists without signing in. On
 * Linux without a keyring (basic_text) nothing secret is written and the next start signs in again.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keychainSecretStore } from '../../src/main/keychainSecretStore.js';
import type { UrlTarget } from '../../src/shared/target.js';
import { startHarness, type Harness } from '../backend/backendHarness.js';
import { signInAtOidcProvider } from '../helpers/oidcBrowser.js';
import { startOidcProtectedServer, type RunningHttpServer } from '../helpers/servers.js';
import * as electron from './electronStandIn.js';

vi.mock('electron', () => import('./electronStandIn.js'));

const { safeStorage } = electron;

describe('desktop sign-in through the keychain', () => {
  let directory: string;
  let server: RunningHttpServer;
  const harnesses: Harness[] = [];
  const desktopBackend = (): Harness => {
    const started = startHarness({
      settingsPath: join(directory, 'settings.json'),
      secretStore: keychainSecretStore(),
    });
    harnesses.push(started);
    return started;
  };
  const signIn = async (app: Harness, target: UrlTarget): Promise<void> => {
    const connecting = app.api.connect(target);
    const prompt = await app.waitFor('onAuthPrompt', () => true);
    await signInAtOidcProvider(prompt.authorizationUrl);
    expect((await connecting).state).toBe('connected');
  };

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'loupe-auth-keychain-'));
    server = await startOidcProtectedServer();
    safeStorage.available = true;
    safeStorage.backend = 'gnome_libsecret';
  });
  afterEach(async () => {
    for (const started of harnesses.splice(0)) await started.close();
    await server.stop();
    await rm(directory, { recursive: true, force: true });
  });

  it('seals tokens with safeStorage and signs in once across restarts', async () => {
    const target: UrlTarget = { transport: 'http', url: server.url };
    await signIn(desktopBackend(), target);
    const file = JSON.parse(await readFile(join(directory, 'auth', 'auth.json'), 'utf8')) as {
      grants: Record<string, { accessToken: string; refreshToken?: string }>;
    };
    const [grant] = Object.values(file.grants);
    // The stand-in's "sealing" is recognisable: base64 of "sealed:<plain>" (real safeStorage encrypts).
    expect(Buffer.from(grant.accessToken, 'base64').toString('utf8')).toMatch(/^sealed:ey/);
    expect(grant.refreshToken).toBeDefined();
    expect(existsSync(join(directory, 'auth', 'auth.key'))).toBe(false);

    const second = desktopBackend();
    expect((await second.api.connect(target)).state).toBe('connected');
    expect((await second.api.list('tools')).items.map((tool) => tool.name)).toEqual(['whoami']);
    expect(second.events.onAuthPrompt).toEqual([]);
  });

  it('writes no token without a keyring and signs in again on the next start', async () => {
    safeStorage.backend = 'basic_text';
    const target: UrlTarget = { transport: 'http', url: server.url };
    await signIn(desktopBackend(), target);
    const text = existsSync(join(directory, 'auth', 'auth.json'))
      ? await readFile(join(directory, 'auth', 'auth.json'), 'utf8')
      : '{}';
    expect(JSON.parse(text)).not.toHaveProperty('grants');
    const second = desktopBackend();
    await signIn(second, target);
    expect(second.events.onAuthPrompt).toHaveLength(1);
  });
});
