/**
 * The backend's config methods over the contract, and a server imported from a client config saved to Loupe's
 * settings: every env and header value (not only secret-looking names) is sealed in the file, never in clear,
 * and reads back whole; without a secret store those values are not saved at all.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { notSavedMarker, sealedPrefix, type SecretStore } from '../../../src/core/backend/secretStore.js';
import type { Settings } from '../../../src/shared/contract.js';
import { startHarness } from '../../backend/backendHarness.js';

/** A reversible store (base64 of a reversed string): enough to see that values were sealed and opened again. */
const reversingStore: SecretStore = {
  seal: (plain) => Buffer.from([...plain].reverse().join(''), 'utf8').toString('base64'),
  open: (sealed) => [...Buffer.from(sealed, 'base64').toString('utf8')].reverse().join(''),
};

const fixtures = join(import.meta.dirname, 'fixtures');

describe('imported servers in the settings file', () => {
  let directory: string;
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'loupe-imported-'));
  });
  afterEach(() => rm(directory, { recursive: true, force: true }));

  it('reads a config through the contract and seals every env and header value of the imported server', async () => {
    const settingsPath = join(directory, 'settings.json');
    const harness = startHarness({ settingsPath, secretStore: reversingStore });
    const file = await harness.api.readConfig({
      path: join(fixtures, 'claude', 'claude_desktop_config.json'),
    });
    expect(file.client).toBe('claude-desktop');
    const github = file.servers.find((server) => server.name === 'github');
    const remote = file.servers.find((server) => server.name === 'remote');
    if (!github?.target || remote?.target?.transport !== 'auto') throw new Error('fixture servers missing');
    const settings: Settings = {
      ...(await harness.api.getSettings()),
      savedServers: [
        { id: 'g', name: 'github', target: github.target, source: { path: file.path, server: 'github' } },
        {
          id: 'r',
          name: 'remote',
          target: {
            transport: 'auto',
            url: remote.target.url,
            headers: [...(remote.target.headers ?? []), { name: 'X-Team', value: 'core' }],
          },
          source: { path: file.path, server: 'remote' },
        },
      ],
    };
    const saved = await harness.api.saveSettings(settings);
    expect(saved.savedServers).toEqual(settings.savedServers);
    const onDisk = await readFile(settingsPath, 'utf8');
    for (const plain of ['ghp_desktopLiteral', '${HOME}', '"core"', 'Bearer abc'])
      expect(onDisk).not.toContain(plain);
    const written = JSON.parse(onDisk) as Settings;
    const env =
      written.savedServers[0].target.transport === 'stdio' ? written.savedServers[0].target.env : undefined;
    expect(Object.values(env ?? {}).every((value) => value.startsWith(sealedPrefix))).toBe(true);
    expect(Object.keys(env ?? {})).toEqual(['GITHUB_PERSONAL_ACCESS_TOKEN', 'NOTE']);
    expect(written.savedServers[1].source).toEqual({ path: file.path, server: 'remote' });
    await harness.close();

    const again = startHarness({ settingsPath, secretStore: reversingStore });
    expect((await again.api.getSettings()).savedServers).toEqual(settings.savedServers);
    await again.close();
  });

  it('without a secret store keeps the marker instead of any env value of an imported server', async () => {
    const settingsPath = join(directory, 'settings.json');
    const harness = startHarness({ settingsPath });
    const saved = await harness.api.saveSettings({
      ...(await harness.api.getSettings()),
      savedServers: [
        {
          id: 'a',
          name: 'a',
          target: { transport: 'stdio', command: 'node', args: [], env: { REGION: 'eu' } },
          source: { path: '/x/.mcp.json', server: 'a' },
        },
      ],
    });
    // This run keeps the value in memory; the file holds the marker, and so does the next run.
    expect(saved.savedServers[0].target).toEqual({
      transport: 'stdio',
      command: 'node',
      args: [],
      env: { REGION: 'eu' },
    });
    expect(await readFile(settingsPath, 'utf8')).not.toContain('"eu"');
    await harness.close();
    const again = startHarness({ settingsPath });
    expect((await again.api.getSettings()).savedServers[0].target).toEqual({
      transport: 'stdio',
      command: 'node',
      args: [],
      env: { REGION: notSavedMarker },
    });
    await again.close();
  });

  it('reads text handed over and rejects a source that is not one', async () => {
    const harness = startHarness({});
    const file = await harness.api.readConfig({
      path: 'picked.json',
      text: '{"mcpServers":{"x":{"command":"node"}}}',
    });
    expect(file.servers.map((server) => server.target)).toEqual([
      { transport: 'stdio', command: 'node', args: [] },
    ]);
    await expect(harness.api.readConfig({ path: '' })).rejects.toMatchObject({ kind: 'usage' });
    const known = await harness.api.knownConfigs();
    expect(known.map((item) => item.client)).toEqual([
      'claude-desktop',
      'claude-code',
      'cursor',
      'vscode',
      'claude-code',
      'cursor',
      'vscode',
    ]);
    await harness.close();
  });

  it('input values sent over the contract and envFile values are sealed on save like every env and header value', async () => {
    const project = join(directory, 'project');
    await mkdir(join(project, '.vscode'), { recursive: true });
    await writeFile(join(project, '.env'), 'DB_PASSWORD="pw-from-env-file"\n');
    const path = join(project, '.vscode', 'mcp.json');
    await writeFile(
      path,
      JSON.stringify({
        inputs: [{ type: 'promptString', id: 'token', password: true }],
        servers: {
          api: {
            type: 'http',
            url: 'http://127.0.0.1:9/mcp',
            headers: { Authorization: 'Bearer ${input:token}' },
          },
          db: { type: 'stdio', command: 'node', envFile: '${workspaceFolder}/.env' },
        },
      }),
    );
    const settingsPath = join(directory, 'settings.json');
    const harness = startHarness({ settingsPath, secretStore: reversingStore });
    const file = await harness.api.readConfig({ path, inputs: { token: 'typed-token-value' } });
    const api = file.servers.find((server) => server.name === 'api');
    const db = file.servers.find((server) => server.name === 'db');
    expect(api?.target).toEqual({
      transport: 'http',
      url: 'http://127.0.0.1:9/mcp',
      headers: [{ name: 'Authorization', value: 'Bearer typed-token-value' }],
    });
    expect(db?.target).toEqual({
      transport: 'stdio',
      command: 'node',
      args: [],
      env: { DB_PASSWORD: 'pw-from-env-file' },
    });
    if (!api?.target || !db?.target) throw new Error('servers missing');
    const settings: Settings = {
      ...(await harness.api.getSettings()),
      savedServers: [
        { id: 'a', name: 'api', target: api.target, source: { path, server: 'api' } },
        { id: 'd', name: 'db', target: db.target, source: { path, server: 'db' } },
      ],
    };
    await harness.api.saveSettings(settings);
    const onDisk = await readFile(settingsPath, 'utf8');
    expect(onDisk).not.toContain('typed-token-value');
    expect(onDisk).not.toContain('pw-from-env-file');
    expect(onDisk.split(sealedPrefix)).toHaveLength(3);
    await harness.close();
    const again = startHarness({ settingsPath, secretStore: reversingStore });
    expect((await again.api.getSettings()).savedServers).toEqual(settings.savedServers);
    await again.close();
  });
});
