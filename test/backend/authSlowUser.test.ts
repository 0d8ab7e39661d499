/**
 * A person takes a while to sign in: the connect waits for the redirect longer than the request timeout (10 s)
 * and the discovery probe’s (5 s), then connects, at a real OpenID Provider; one who gives up (Disconnect) ends
 * the connect at once instead of leaving it waiting for a redirect that will not come.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { LoupeError } from '../../src/shared/errors.js';
import { signInAtOidcProvider } from '../helpers/oidcBrowser.js';
import { startOidcProtectedServer } from '../helpers/servers.js';
import { startHarness } from './backendHarness.js';

it('a sign-in slower than the request timeout still connects', async () => {
  const server = await startOidcProtectedServer();
  const directory = await mkdtemp(join(tmpdir(), 'loupe-auth-slow-'));
  const app = startHarness({ settingsPath: join(directory, 'settings.json') });
  try {
    const connecting = app.api.connect({ transport: 'http', url: server.url });
    const prompt = await app.waitFor('onAuthPrompt', () => true);
    await new Promise((resolve) => setTimeout(resolve, 12_000));
    await signInAtOidcProvider(prompt.authorizationUrl);
    expect((await connecting).state).toBe('connected');
    expect((await app.api.list('tools')).items.map((tool) => tool.name)).toEqual(['whoami']);
  } finally {
    await app.close();
    await server.stop();
    await rm(directory, { recursive: true, force: true });
  }
}, 40_000);

it('a sign-in abandoned by Disconnect ends the connect at once as cancelled', async () => {
  const server = await startOidcProtectedServer();
  const directory = await mkdtemp(join(tmpdir(), 'loupe-auth-abandoned-'));
  const app = startHarness({ settingsPath: join(directory, 'settings.json') });
  try {
    const connecting = app.api.connect({ transport: 'http', url: server.url });
    const outcome = connecting.then(
      () => 'connected',
      (error: unknown) => (error instanceof LoupeError ? error.kind : String(error)),
    );
    await app.waitFor('onAuthPrompt', () => true);
    await app.api.disconnect();
    expect(await outcome).toBe('cancelled');
    expect((await app.api.status()).state).toBe('closed');
  } finally {
    await app.close();
    await server.stop();
    await rm(directory, { recursive: true, force: true });
  }
});
