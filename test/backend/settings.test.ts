/** Settings: sane defaults, saved atomically as JSON, read back by the next backend, bad values repaired. */
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultSettings } from '../../src/core/backend/settingsStore.js';
import { startHarness } from './backendHarness.js';

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
        { id: 'a', name: 'Docs server', target: { transport: 'http', url: 'http://127.0.0.1:9/mcp', headers: [{ name: 'X-Team', value: 'core' }] } },
        { id: 'b', name: 'Strict', target: { transport: 'stdio', command: 'node', args: ['v2.mjs'] }, protocol: 'modern' },
        { id: 'c', name: 'Odd era', target: { transport: 'demo' }, protocol: 'future' as never },
      ],
    });
    expect(saved.pageLimit).toBe(10);
    // The protocol era is kept with a saved server; an unknown one is dropped (the server connects with auto).
    expect(saved.savedServers.map((server) => [server.name, server.protocol])).toEqual([
      ['Docs server', undefined],
      ['Strict', 'modern'],
      ['Odd era', undefined],
    ]);
    await first.close();
    expect(JSON.parse(await readFile(settingsPath, 'utf8'))).toEqual(saved);
    expect((await readdir(join(directory, 'nested'))).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    const second = startHarness({ settingsPath });
    expect(await second.api.getSettings()).toEqual(saved);
    await second.close();
  });

  it('repairs bad values and survives a corrupt file', async () => {
    const settingsPath = join(directory, 'settings.json');
    await writeFile(settingsPath, '{ not json');
    const harness = startHarness({ settingsPath });
    expect(await harness.api.getSettings()).toEqual(defaultSettings);
    const saved = await harness.api.saveSettings({ timeoutMs: -4, maxTotalMs: 'soon', pageLimit: 3.5, savedServers: [{ id: 1 }] } as never);
    expect(saved).toEqual(defaultSettings);
    await harness.close();
  });
});
