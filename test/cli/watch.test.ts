import { once } from 'node:events';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serverCommand } from '../helpers/servers.js';
import { requireBuild, startLoupe, type LoupeProcess } from './loupe.js';

beforeAll(requireBuild);

let running: LoupeProcess | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

interface Event {
  event: string;
  kind: string;
  added?: string[];
  removed?: string[];
  changed?: string[];
  count?: number;
  pages?: number;
}

describe('loupe watch', { timeout: 60_000 }, () => {
  it('prints one JSON object a line for each list_changed, from a full re-walk of every page', async () => {
    // paginating.mjs changes its list 700 ms after each complete read of it: adds added_g, removes the first
    // numbered tool, rewrites the last.
    running = startLoupe([
      'watch',
      '--json',
      '--',
      ...serverCommand('paginating', [
        '--tools',
        '60',
        '--page-size',
        '25',
        '--list-changed-every',
        '700',
        '--no-control',
      ]),
    ]);
    const listed = JSON.parse(await running.waitForLine((line) => line.includes('"listed"'))) as Event;
    expect(listed).toEqual({
      event: 'listed',
      kind: 'tools',
      count: 60,
      pages: 3,
      complete: true,
      era: 'legacy',
      protocolVersion: '2025-11-25',
    });
    const first = JSON.parse(await running.waitForLine((line) => line.includes('"list_changed"'))) as Event;
    expect(first).toMatchObject({
      event: 'list_changed',
      kind: 'tools',
      added: ['added_1'],
      removed: ['tool_0001'],
      changed: ['tool_0060'],
    });
    const second = JSON.parse(await running.waitForLine((line) => line.includes('"added_2"'))) as Event;
    expect(second).toMatchObject({
      event: 'list_changed',
      kind: 'tools',
      added: ['added_2'],
      removed: ['tool_0002'],
    });
    expect(await running.stop()).toBe(0);
  });

  it('prints readable diffs without --json', async () => {
    running = startLoupe([
      'watch',
      '--',
      ...serverCommand('paginating', ['--tools', '10', '--list-changed-every', '500', '--no-control']),
    ]);
    await running.waitForLine((line) => line.startsWith('Watching '));
    await running.waitForLine((line) => line.startsWith('tools changed: 1 added, 1 removed, 1 changed'));
    await running.waitForLine((line) => line === '  + added_1');
    await running.waitForLine((line) => line === '  - tool_0001');
    expect(await running.stop()).toBe(0);
  });

  it('lists again for an announcement made during its first listing; stops following one made during every listing', async () => {
    // paginating.mjs --announce-on-list sends tools/list_changed while answering every first page of tools/list,
    // the first listing's too, though nothing changed. That one is followed (it was lost before): three listings
    // that each hear another, then no more, said once on stderr.
    running = startLoupe([
      'watch',
      '--json',
      '--',
      ...serverCommand('paginating', ['--tools', '10', '--announce-on-list', '--no-control']),
    ]);
    const stopped = JSON.parse(await running.waitForLine((line) => line.includes('"echoes"'))) as Event & {
      echoes: number;
    };
    expect(stopped).toMatchObject({
      event: 'list_changed',
      kind: 'tools',
      added: [],
      removed: [],
      changed: [],
      echoes: 3,
    });
    // A person's pace: two seconds in which a watcher that still followed would have listed eight more times.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const changes = running.stdoutLines
      .filter((line) => line.includes('"list_changed"'))
      .map((line) => JSON.parse(line) as Event & { echoes?: number });
    expect(changes.map((change) => [change.added, change.removed, change.changed, change.echoes])).toEqual([
      [[], [], [], undefined],
      [[], [], [], undefined],
      [[], [], [], 3],
    ]);
    expect(running.stderrLines.filter((line) => line.includes('listings in a row'))).toHaveLength(1);
    expect(await running.stop()).toBe(0);
  });

  it('a list_changed whose re-listing finds nothing changed says "no difference", not "0 added, 0 removed, 0 changed"', async () => {
    running = startLoupe([
      'watch',
      '--',
      ...serverCommand('paginating', ['--tools', '10', '--announce-on-list', '--no-control']),
    ]);
    await running.waitForLine((line) => line.startsWith('Watching '));
    expect(await running.waitForLine((line) => line.startsWith('tools '))).toBe(
      'tools list_changed: no difference (still 10 tools · 1 page)',
    );
    expect(running.stdoutLines.filter((line) => line.includes('0 added'))).toEqual([]);
    expect(await running.stop()).toBe(0);
  });

  it('a re-listing cut short by the server dying says the change is not known whole', async () => {
    running = startLoupe([
      'watch',
      '--',
      ...serverCommand('fault', ['--crash-after-page', '3', '--list-changed-every', '400']),
    ]);
    expect(await running.waitForLine((line) => line.startsWith('tools '))).toBe(
      'tools list_changed: the re-listing stopped early, so what changed is not known whole (now 0 tools · 0 pages · INCOMPLETE (server-exited): no page could be read)',
    );
    const [code] = (await once(running.child, 'close')) as [number | null];
    expect(code).toBe(1);
  });

  it('exits 1 with one line naming the cause when the server dies during a re-walk', async () => {
    // fault.mjs serves 3 pages, then crashes on the 4th tools/list: the first re-walk after its list_changed.
    running = startLoupe([
      'watch',
      '--json',
      '--',
      ...serverCommand('fault', ['--crash-after-page', '3', '--list-changed-every', '400']),
    ]);
    const changed = JSON.parse(
      await running.waitForLine((line) => line.includes('"list_changed"')),
    ) as Event & { complete: boolean; error?: { kind: string } };
    expect(changed).toMatchObject({ complete: false, error: { kind: 'server-exited' } });
    const [code] = (await once(running.child, 'close')) as [number | null];
    expect(code).toBe(1);
    expect(running.stderrLines).toEqual([
      'loupe: server exited with code 3: fault server: crashing while serving page 4 of tools/list',
    ]);
  });
});
