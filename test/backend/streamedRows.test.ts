/**
 * The rows of each page go to the UI while the walk goes on (onListProgress), against a real paginating server that
 * waits 300 ms before every page: each page's rows arrive before the walk's result, follow on from each other in the
 * server's order, byte for byte as the result has them; a walk stopped at the page limit still ends incomplete.
 * A fast server's many pages are batched into far fewer events than pages.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/shared/json.js';
import type { ListProgress } from '../../src/shared/lists.js';
import { paginatingServer } from '../helpers/servers.js';
import { startHarness, type Harness } from './backendHarness.js';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/**
 * The rows of the progress events, joined in order; fails if one does not follow on from the last. The walk's last
 * progress may carry counts only (its rows come with the result), and then it is the last.
 */
function joinedRows(progress: ListProgress[]): JsonObject[] {
  const rows: JsonObject[] = [];
  for (const [index, update] of progress.entries()) {
    if (update.rows === undefined) {
      expect(index).toBe(progress.length - 1);
      expect(update.items).toBeGreaterThanOrEqual(rows.length);
      continue;
    }
    expect(update.offset).toBe(rows.length);
    for (const row of update.rows) rows.push(row);
    expect(update.items).toBe(rows.length);
  }
  return rows;
}

describe('rows streamed while a slow server pages', () => {
  it('each page’s rows arrive before the result, in order and byte-exact; the result is the whole list', async () => {
    harness = startHarness();
    const { api } = harness;
    await api.connect(
      paginatingServer('--tools', '100', '--page-size', '20', '--no-control', '--delay', '300'),
    );
    const walking = api.list('tools');
    let resultArrived = false;
    void walking.then(() => (resultArrived = true));

    const first = await harness.waitFor('onListProgress', (update) => update.kind === 'tools', 20_000);
    expect(resultArrived).toBe(false);
    expect(first).toMatchObject({ kind: 'tools', pages: 1, items: 20, offset: 0 });
    expect(first.rows?.map((tool) => tool.name)).toEqual(
      Array.from({ length: 20 }, (_, index) => `tool_${String(index + 1).padStart(4, '0')}`),
    );

    const result = await walking;
    expect(result.complete).toBe(true);
    expect(result.items).toHaveLength(100);
    const streamed = harness.events.onListProgress.filter((update) => update.kind === 'tools');
    // 300 ms between pages is far more than the 50 ms batching: every page went out on its own, at least the
    // first four before the result (the last one may be dropped: the result carries it).
    expect(streamed.length).toBeGreaterThanOrEqual(4);
    expect(streamed.map((update) => update.pages).slice(0, 4)).toEqual([1, 2, 3, 4]);
    const rows = joinedRows(streamed);
    expect(JSON.stringify(rows)).toBe(JSON.stringify(result.items.slice(0, rows.length)));
  });

  it('a walk stopped at the page limit streams its rows and still ends incomplete, loudly', async () => {
    harness = startHarness({ sessionDefaults: { pageLimit: 3 } });
    const { api } = harness;
    await api.connect(
      paginatingServer('--tools', '100', '--page-size', '10', '--no-control', '--delay', '200'),
    );
    const result = await api.list('tools');
    expect(result.complete).toBe(false);
    expect(result.error?.kind).toBe('page-limit');
    expect(result.items).toHaveLength(30);
    const rows = joinedRows(harness.events.onListProgress.filter((update) => update.kind === 'tools'));
    expect(rows.length).toBeGreaterThanOrEqual(20);
    expect(JSON.stringify(rows)).toBe(JSON.stringify(result.items.slice(0, rows.length)));
  });

  it('a fast server’s 200 pages reach the UI in far fewer progress events, rows joined', async () => {
    harness = startHarness({ sessionDefaults: { pageLimit: 500 } });
    const { api } = harness;
    await api.connect(paginatingServer('--tools', '2000', '--page-size', '10', '--no-control'));
    const result = await api.list('tools');
    expect(result.complete).toBe(true);
    expect(result.pages).toHaveLength(200);
    const streamed = harness.events.onListProgress.filter((update) => update.kind === 'tools');
    expect(streamed.length).toBeGreaterThan(0);
    expect(streamed.length).toBeLessThan(200);
    const rows = joinedRows(streamed);
    expect(JSON.stringify(rows)).toBe(JSON.stringify(result.items.slice(0, rows.length)));
  });
});
