/**
 * Trace context out from the app's backend and the CLI: on by default, off by the setting (the app) or by
 * --trace-context off (the CLI); the frames (the app's Traffic, the CLI's journal) show what was sent.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Frame } from '../../src/shared/frames.js';
import { startHarness } from '../backend/backendHarness.js';
import { requireBuild, runLoupe } from '../cli/loupe.js';
import { paginatingServer, serverCommand } from '../helpers/servers.js';
import { idsOf, sentRequests } from './sentContext.js';

describe('trace context from the app and the CLI', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'loupe-trace-context-'));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('the app: on by default, off by the setting from the next connection', async () => {
    const harness = startHarness();
    try {
      const target = paginatingServer('--tools', '30', '--page-size', '10', '--no-control');
      await harness.api.connect(target);
      await harness.api.list('tools');
      const sent = sentRequests(await harness.api.frames(0, 1000));
      const pages = sent.filter((request) => request.method === 'tools/list');
      expect(pages).toHaveLength(3);
      expect(new Set(pages.map((request) => idsOf(request).traceId)).size).toBe(1);

      const settings = await harness.api.getSettings();
      const saved = await harness.api.saveSettings({
        ...settings,
        traces: { context: false, export: false, receive: true },
      });
      expect(saved.traces?.context).toBe(false);
      await harness.api.connect(target);
      await harness.api.list('tools');
      const after = sentRequests(await harness.api.frames(0, 1000));
      expect(after.length).toBeGreaterThanOrEqual(4);
      for (const request of after) expect(request.traceparent).toBeUndefined();
    } finally {
      await harness.close();
    }
  });

  it('the CLI: on by default, --trace-context off sends none', async () => {
    requireBuild();
    const server = serverCommand('paginating', ['--tools', '30', '--page-size', '10', '--no-control']);
    const on = join(folder, 'on.jsonl');
    const off = join(folder, 'off.jsonl');
    const first = await runLoupe(['list', '--journal', on, '--', ...server]);
    expect(first.code).toBe(0);
    const second = await runLoupe(['list', '--journal', off, '--trace-context', 'off', '--', ...server]);
    expect(second.code).toBe(0);
    const read = async (path: string): Promise<Frame[]> =>
      (await readFile(path, 'utf8'))
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as Frame);
    const withContext = sentRequests(await read(on));
    expect(withContext.map((request) => request.method)).toEqual([
      'server/discover',
      'initialize',
      'tools/list',
      'tools/list',
      'tools/list',
    ]);
    expect(new Set(withContext.slice(2).map((request) => idsOf(request).traceId)).size).toBe(1);
    for (const request of sentRequests(await read(off))) expect(request.traceparent).toBeUndefined();
    const bad = await runLoupe(['list', '--trace-context', 'maybe', '--', ...server]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--trace-context is on or off; got "maybe"');
  });
});
