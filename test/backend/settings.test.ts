/**
 * Settings: sane defaults, saved atomically as JSON (owner-only), read back by the next backend, bad values
 * repaired; secret-looking header and env values of saved servers never in the file in clear.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { notSavedMarker, sealedPrefix, type SecretStore } from '../../src/core/backend/secretStore.js';
import { defaultSettings } from '../../src/core/backend/settingsStore.js';
import type { Settings } from '../../src/shared/contract.js';
import { startHarness } from './backendHarness.js';

/** A store that really encrypts (AES-256-GCM under a key of this test run), as the OS keychain does. */
function aesSecretStore(key: Buffer): SecretStore {
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    open(sealed) {
      const bytes = Buffer.from(sealed, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

const apiKey = 'sk-live-4f9a2c7e1b8d3a6f';
const bearer = 'sk-live-0c5e9b2a7f4d1e8c';

const withSecrets: Settings = {
  timeoutMs: 10_000,
  maxTotalMs: 60_000,
  pageLimit: 100,
  savedServers: [
    {
      id: 'remote',
      name: 'Remote',
      target: {
        transport: 'http',
        url: 'http://127.0.0.1:9/mcp',
        headers: [
          { name: 'Authorization', value: `Bearer ${bearer}` },
          { name: 'X-Team', value: 'core' },
        ],
      },
    },
    {
      id: 'local',
      name: 'Local',
      target: {
        transport: 'stdio',
        command: 'node',
        args: ['server.js'],
        env: { API_KEY: apiKey, REGION: 'eu' },
      },
    },
  ],
};

describe('backend settings', () => {
  let directory: string;
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'loupe-settings-'));
  });
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('starts from defaults, saves, and a new backend reads the same', async () => {
    const settingsPath = join(directory, 'nested', 'settings.json');
    const first = startHarness({ settingsPath });
    expect(await first.api.getSettings()).toEqual(defaultSettings);
    const saved = await first.api.saveSettings({
      timeoutMs: 5000,
      maxTotalMs: 90_000,
      pageLimit: 10,
      savedServers: [
        {
          id: 'a',
          name: 'Docs server',
          target: {
            transport: 'http',
            url: 'http://127.0.0.1:9/mcp',
            headers: [{ name: 'X-Team', value: 'core' }],
          },
        },
        { id: 'b', name: 'Strict', target: { transport: 'stdio', command: 'node', args: ['v2.mjs'] }, protocol: 'modern', timeoutMs: 30_000 },
        { id: 'c', name: 'Odd era', target: { transport: 'demo' }, protocol: 'future' as never, timeoutMs: -1 },
      ],
    });
    expect(saved.pageLimit).toBe(10);
    // The protocol era is kept with a saved server; an unknown one is dropped (the server connects with auto).
    expect(saved.savedServers.map((server) => [server.name, server.protocol])).toEqual([
      ['Docs server', undefined],
      ['Strict', 'modern'],
      ['Odd era', undefined],
    ]);
    // So is its request timeout; one that is not a whole number of ms from 1 to an hour is dropped (the default).
    expect(saved.savedServers.map((server) => [server.name, server.timeoutMs])).toEqual([
      ['Docs server', undefined],
      ['Strict', 30_000],
      ['Odd era', undefined],
    ]);
    await first.close();
    expect(JSON.parse(await readFile(settingsPath, 'utf8'))).toEqual(saved);
    expect(await readdir(join(directory, 'nested'))).toEqual(['settings.json']);
    expect((await stat(settingsPath)).mode & 0o777).toBe(0o600);
    const second = startHarness({ settingsPath });
    expect(await second.api.getSettings()).toEqual(saved);
    await second.close();
  });

  it('repairs bad values and survives a corrupt file', async () => {
    const settingsPath = join(directory, 'settings.json');
    await writeFile(settingsPath, '{ not json');
    const harness = startHarness({ settingsPath });
    expect(await harness.api.getSettings()).toEqual(defaultSettings);
    const saved = await harness.api.saveSettings({
      timeoutMs: -4,
      maxTotalMs: 'soon',
      pageLimit: 3.5,
      savedServers: [{ id: 1 }],
    } as never);
    expect(saved).toEqual(defaultSettings);
    await harness.close();
  });

  it('seals secret header and env values through the secret store and opens them in the next backend', async () => {
    const settingsPath = join(directory, 'settings.json');
    const secretStore = aesSecretStore(randomBytes(32));
    const first = startHarness({ settingsPath, secretStore });
    expect(await first.api.saveSettings(withSecrets)).toEqual(withSecrets);
    await first.close();

    const text = await readFile(settingsPath, 'utf8');
    expect(text).not.toContain(apiKey);
    expect(text).not.toContain(bearer);
    expect((await stat(settingsPath)).mode & 0o777).toBe(0o600);
    const onDisk = JSON.parse(text) as Settings;
    const [remote, local] = onDisk.savedServers.map((server) => server.target);
    expect(
      remote.transport === 'http' && remote.headers?.map((header) => header.value.startsWith(sealedPrefix)),
    ).toEqual([true, false]);
    expect(remote.transport === 'http' && remote.headers?.[1]).toEqual({ name: 'X-Team', value: 'core' });
    expect(local.transport === 'stdio' && local.env?.API_KEY.startsWith(sealedPrefix)).toBe(true);
    expect(local.transport === 'stdio' && local.env?.REGION).toBe('eu');

    const second = startHarness({ settingsPath, secretStore });
    expect(await second.api.getSettings()).toEqual(withSecrets);
    await second.close();
    // Another key (another machine, a reset keychain) cannot open them: the user is told to type them again.
    const third = startHarness({ settingsPath, secretStore: aesSecretStore(randomBytes(32)) });
    const reopened = await third.api.getSettings();
    await third.close();
    expect(JSON.stringify(reopened)).not.toContain(apiKey);
    expect(reopened.savedServers[1].target).toEqual({
      ...withSecrets.savedServers[1].target,
      env: { API_KEY: notSavedMarker, REGION: 'eu' },
    });
  });

  it('without a secret store keeps secrets for this run only and writes the marker in their place', async () => {
    const settingsPath = join(directory, 'settings.json');
    const first = startHarness({ settingsPath });
    await first.api.saveSettings(withSecrets);
    expect(await first.api.getSettings()).toEqual(withSecrets);
    await first.close();
    const text = await readFile(settingsPath, 'utf8');
    expect(text).not.toContain(apiKey);
    expect(text).not.toContain(bearer);
    const second = startHarness({ settingsPath });
    const loaded = await second.api.getSettings();
    await second.close();
    expect(loaded.savedServers.map((server) => server.target)).toEqual([
      {
        transport: 'http',
        url: 'http://127.0.0.1:9/mcp',
        headers: [
          { name: 'Authorization', value: notSavedMarker },
          { name: 'X-Team', value: 'core' },
        ],
      },
      {
        transport: 'stdio',
        command: 'node',
        args: ['server.js'],
        env: { API_KEY: notSavedMarker, REGION: 'eu' },
      },
    ]);
  });

  it('rewrites a file an earlier version left with secrets in clear, sealed and owner-only, on first load', async () => {
    const settingsPath = join(directory, 'settings.json');
    await writeFile(settingsPath, JSON.stringify(withSecrets));
    await chmod(settingsPath, 0o644);
    const harness = startHarness({ settingsPath, secretStore: aesSecretStore(randomBytes(32)) });
    expect(await harness.api.getSettings()).toEqual(withSecrets);
    await harness.close();
    const text = await readFile(settingsPath, 'utf8');
    expect(text).not.toContain(apiKey);
    expect(text).not.toContain(bearer);
    expect(text.split(sealedPrefix)).toHaveLength(3);
    expect((await stat(settingsPath)).mode & 0o777).toBe(0o600);
  });
});
