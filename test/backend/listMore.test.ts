/**
 * A listing stopped at the page limit goes on from its last cursor ("Fetch the next N pages" / "Fetch all"), and a
 * page limit given on the command line (sessionDefaults, as `loupe web --page-limit` passes it) wins over the saved 64.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Frame } from '../../src/shared/frames.js';
import { stringField } from '../../src/shared/json.js';
import { LoupeError } from '../../src/shared/errors.js';
import { paginatingServer } from '../helpers/servers.js';
import { startHarness, type Harness } from './backendHarness.js';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

async function listRequests(api: Harness['api']): Promise<Frame[]> {
  return (await api.frames(0, 100_000)).filter(
    (frame) => frame.direction === 'out' && frame.method === 'tools/list',
  );
}

describe('fetching past the page limit', () => {
  it('the next N pages continue from the last cursor, then all of them; nothing is fetched twice', async () => {
    harness = startHarness({ sessionDefaults: { pageLimit: 3 } });
    const { api } = harness;
    await api.connect(paginatingServer('--tools', '100', '--page-size', '10'));

    const first = await api.list('tools');
    expect(first.complete).toBe(false);
    expect(first.error?.kind).toBe('page-limit');
    expect(first.error?.data).toMatchObject({ pages: 3, pageLimit: 3, items: 30 });
    expect(first.error?.doctor?.nextStep).toContain('Fetch the next pages');
    expect(first.items).toHaveLength(30);
    expect(await listRequests(api)).toHaveLength(3);

    const more = await api.listMore('tools', 3);
    expect(more.complete).toBe(false);
    expect(more.error?.kind).toBe('page-limit');
    expect(more.error?.message).toContain('fetched 3 more pages (6 in all, 60 items)');
    expect(more.items).toHaveLength(60);
    expect(more.pages.map((page) => page.index)).toEqual([1, 2, 3, 4, 5, 6]);
    // Page 4 was asked for with the cursor page 3 returned: the walk went on, it did not start again.
    expect(more.pages[3].cursor).toBe(more.pages[2].nextCursor);
    const requests = await listRequests(api);
    expect(requests).toHaveLength(6);
    expect(JSON.parse(requests[3].raw)).toMatchObject({ params: { cursor: more.pages[2].nextCursor } });

    const all = await api.listMore('tools', 'all');
    expect(all.complete).toBe(true);
    expect(all.error).toBeUndefined();
    expect(all.items).toHaveLength(102);
    expect(new Set(all.items.map((tool) => stringField(tool, 'name'))).size).toBe(102);
    expect(all.pages).toHaveLength(11);
    expect(await listRequests(api)).toHaveLength(11);

    const refused = await api.listMore('tools', 'all').then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(LoupeError);
    expect((refused as LoupeError).kind).toBe('usage');
  }, 60_000);

  it('a command-line page limit above 64 is honoured over the saved setting', async () => {
    harness = startHarness({ sessionDefaults: { pageLimit: 200 } });
    const { api } = harness;
    await api.connect(paginatingServer('--tools', '98', '--page-size', '1'));
    const result = await api.list('tools');
    expect(result.complete).toBe(true);
    expect(result.pages).toHaveLength(100);
  }, 60_000);
});
