/**
 * A person takes a while to sign in: the connect waits for the redirect longer than the request timeout (10 s)
 * and the discovery probe’s (5 s), then connects, at a real OpenID Provider, to a 2025-era server and to a strict
 * 2026-07-28 one (whose probe must not give up and fall back to initialize meanwhile); one who gives up
 * (Disconnect) ends the connect at once instead of leaving it waiting for a redirect that will not come.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { LoupeError } from '../../src/shared/errors.js';
import { signInAtOidcProvider } from '../helpers/oidcBrowser.js';
import { startOidcModernServer, startOidcProtectedServer } from '../helpers/servers.js';
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

it('a sign-in to a 2026-07-28 server 15 s later connects in the modern era, without initialize', async () => {
  const server = await startOidcModernServer();
  const directory = await mkdtemp(join(tmpdir(), 'loupe-auth-slow-modern-'));
  const app = startHarness({ settingsPath: join(directory, 'settings.json') });
  try {
    const connecting = app.api.connect({ transport: 'http', url: server.url });
    const prompt = await app.waitFor('onAuthPrompt', () => true);
    await new Promise((resolve) => setTimeout(resolve, 15_000));
    await signInAtOidcProvider(prompt.authorizationUrl);
    const status = await connecting;
    expect(status.state === 'connected' ? status.handshake.era : status.state).toBe('modern');
    expect((await app.api.list('tools')).items.map((tool) => tool.name)).toEqual(['whoami']);
    const frames = await app.api.frames(0, 100_000);
    const sent = frames.filter((frame) => frame.direction === 'out' && frame.method !== undefined);
    expect(sent.map((frame) => frame.method)).not.toContain('initialize');
    expect(sent[0]?.method).toBe('server/discover');
  } finally {
    await app.close();
    await server.stop();
    await rm(directory, { recursive: true, force: true });
  }
}, 50_000);

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
