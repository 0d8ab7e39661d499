import { afterEach, describe, expect, it, vi } from 'vitest';
import { diffLists, watchLists } from '../../../src/core/lists/listWatcher.js';
import { walkList } from '../../../src/core/lists/pageWalker.js';
import { connect } from '../../../src/core/session/connect.js';
import type { McpSession } from '../../../src/core/types.js';
import type { JsonObject } from '../../../src/shared/json.js';
import type { ListDiff, ListResult } from '../../../src/shared/lists.js';
import { faultServer, paginatingServer } from '../../helpers/servers.js';

const sessions: McpSession[] = [];
const stops: (() => void)[] = [];

afterEach(async () => {
  stops.splice(0).forEach((stop) => stop());
  await Promise.all(sessions.splice(0).map((session) => session.close()));
});

async function open(target: Parameters<typeof connect>[0]): Promise<McpSession> {
  const session = await connect(target, { timeoutMs: 5_000 });
  sessions.push(session);
  return session;
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves with the first `count` changes the watcher reports. */
function collect(session: McpSession, count: number, current: Partial<Record<'tools', ListResult>>, coalesceMs?: number) {
  const changes: { diff: ListDiff; result: ListResult }[] = [];
  let resolve: () => void = () => undefined;
  const done = new Promise<void>((settle) => (resolve = settle));
  const stop = watchLists(session, {
    current,
    ...(coalesceMs === undefined ? {} : { coalesceMs }),
    onChange: (diff, result) => {
      changes.push({ diff, result });
      if (changes.length === count) resolve();
    },
  });
  stops.push(stop);
  return { changes, done, stop };
}

/** tools/list requests for page 1 (no cursor) recorded after the given seq. */
function firstPageRequests(session: McpSession, after: number): number {
  return session.recorder
    .frames(after)
    .filter((frame) => frame.kind === 'request' && frame.method === 'tools/list' && !frame.raw.includes('"cursor"')).length;
}

describe('watchLists against a real server', () => {
  it('coalesces a burst of 5 notifications into one re-walk of all pages and emits the diff', async () => {
    const session = await open(paginatingServer('--tools', '60', '--page-size', '25'));
    const tools = await walkList(session, 'tools');
    expect(tools.pages).toHaveLength(3);
    const watched = collect(session, 1, { tools });
    const mark = session.recorder.stats().total;
    await session.request('tools/call', { name: 'trigger_list_changed', arguments: { burst: 5 } });
    await watched.done;
    await pause(500);
    const notifications = session.recorder.frames(mark).filter((frame) => frame.method === 'notifications/tools/list_changed');
    expect(notifications).toHaveLength(5);
    expect(firstPageRequests(session, mark)).toBe(1);
    expect(watched.changes).toHaveLength(1);
    const [{ diff, result }] = watched.changes;
    expect(diff).toEqual({ kind: 'tools', added: ['added_1'], removed: ['tool_0001'], changed: ['tool_0060'] });
    expect(result.complete).toBe(true);
    expect(result.pages).toHaveLength(3);
    expect(result.items).toHaveLength(62);
    // The re-walk started from the first page and followed only the cursors it was given on the way.
    expect(result.pages[0].cursor).toBeUndefined();
    for (let index = 1; index < result.pages.length; index += 1) expect(result.pages[index].cursor).toBe(result.pages[index - 1].nextCursor);
  });

  it('walks again when a notification arrives during a re-walk, diffing against the last complete list', async () => {
    const session = await open(faultServer('--delay', '300'));
    const tools = await walkList(session, 'tools');
    const watched = collect(session, 2, { tools }, 100);
    await session.request('tools/call', { name: 'trigger_list_changed', arguments: {} });
    await pause(250); // the first re-walk is now under way (3 pages of 300 ms)
    await session.request('tools/call', { name: 'trigger_list_changed', arguments: {} });
    await watched.done;
    const [first, second] = watched.changes;
    // The first re-walk may have read pages from both sides of the second change; the one after it reads the end state.
    expect(first.diff.added).toContain('added_1');
    const names = second.result.items.map((item) => item.name);
    expect(names).toEqual([
      'trigger_list_changed',
      'echo',
      ...Array.from({ length: 8 }, (_, index) => `tool_${String(index + 3).padStart(4, '0')}`),
      'added_1',
      'added_2',
    ]);
    expect(second.result.complete).toBe(true);
    expect(second.result.items.find((item) => item.name === 'tool_0010')?.description).toBe('Changed in generation 2.');
  });

  it('a server announcing a change while answering every listing is walked three times more, not forever', async () => {
    const session = await open(paginatingServer('--tools', '20', '--page-size', '10', '--announce-on-list'));
    const tools = await walkList(session, 'tools');
    const watched = collect(session, 4, { tools });
    const mark = session.recorder.stats().total;
    // A real change first: its walk finds it, and hears the next announcement while it runs.
    await session.request('tools/call', { name: 'trigger_list_changed', arguments: {} });
    await watched.done;
    const diffs = watched.changes.map(({ diff }) => diff);
    expect(diffs[0].added).toEqual(['added_1']);
    expect(diffs[0].echoes).toBeUndefined();
    expect(diffs.slice(1).map((diff) => diff.added.length + diff.removed.length + diff.changed.length)).toEqual([0, 0, 0]);
    expect(diffs.slice(1).map((diff) => diff.echoes)).toEqual([undefined, undefined, 3]);
    // Four walks a second if it followed them; 1.5 s with none after the third unchanged one.
    await pause(1_500);
    expect(watched.changes).toHaveLength(4);
    expect(firstPageRequests(session, mark)).toBe(4);
    const announced = session.recorder.frames(mark).filter((frame) => frame.method === 'notifications/tools/list_changed');
    expect(announced.length).toBeGreaterThanOrEqual(5);

    // Another real change between walks is followed again, from a fresh count.
    await session.request('tools/call', { name: 'trigger_list_changed', arguments: {} });
    const deadline = Date.now() + 10_000;
    while (watched.changes.length < 8 && Date.now() < deadline) await pause(50);
    expect(watched.changes.slice(4).map(({ diff }) => diff.echoes)).toEqual([undefined, undefined, undefined, 3]);
    expect(watched.changes[4].diff.added).toEqual(['added_2']);
  });

  it('walks once, at its start, a list whose change was announced while the caller walked it', async () => {
    const session = await open(paginatingServer('--tools', '20', '--page-size', '10'));
    const tools = await walkList(session, 'tools');
    // The change (and its announcement) comes before any watcher listens: the caller heard it and says so.
    await session.request('tools/call', { name: 'trigger_list_changed', arguments: {} });
    const mark = session.recorder.stats().total;
    const changes: ListDiff[] = [];
    stops.push(watchLists(session, { current: { tools }, announced: ['tools'], onChange: (diff) => changes.push(diff) }));
    const deadline = Date.now() + 10_000;
    while (changes.length === 0 && Date.now() < deadline) await pause(50);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ kind: 'tools', added: ['added_1'], removed: ['tool_0001'] });
    await pause(800);
    expect(changes).toHaveLength(1);
    expect(firstPageRequests(session, mark)).toBe(1);
  });

  it("waits for the caller's own walk of a list announced while it ran, and diffs against it", async () => {
    // Every page takes 300 ms and the first page's answer comes with an announcement (nothing changed): the
    // caller's walk (the app's first listing) outlasts the watcher's 250 ms pause.
    const session = await open(paginatingServer('--tools', '20', '--page-size', '10', '--delay', '300', '--announce-on-list', '--no-control'));
    let known: ListResult | undefined;
    let theirs: Promise<unknown> | undefined;
    const changes: ListDiff[] = [];
    stops.push(
      watchLists(session, {
        current: () => known,
        walking: () => theirs,
        onChange: (diff) => changes.push(diff),
      }),
    );
    const mark = session.recorder.stats().total;
    theirs = walkList(session, 'tools').then((result) => {
      known = result;
      theirs = undefined;
    });
    await theirs;
    expect(known?.items).toHaveLength(20);
    const deadline = Date.now() + 15_000;
    while (changes.at(-1)?.echoes === undefined && Date.now() < deadline) await pause(50);
    // Never the whole list as added: each walk came after theirs, one at a time, and found nothing changed.
    expect(changes.map((diff) => diff.added.length + diff.removed.length + diff.changed.length)).toEqual([0, 0, 0]);
    expect(changes.map((diff) => diff.echoes)).toEqual([undefined, undefined, 3]);
    expect(firstPageRequests(session, mark)).toBe(4);
  });

  it('believes an undeclared list_changed but says so', async () => {
    const session = await open(faultServer('--no-list-changed'));
    const tools = await walkList(session, 'tools');
    const watched = collect(session, 1, { tools }, 50);
    await session.request('tools/call', { name: 'trigger_list_changed', arguments: {} });
    await watched.done;
    expect(watched.changes[0].diff.undeclared).toBe(true);
    expect(watched.changes[0].diff.added).toEqual(['added_1']);
  });

  it('reports a failed re-walk without claiming removals, and stops when unsubscribed', async () => {
    const session = await open(faultServer('--crash-after-page', '3', '--tools', '8', '--no-control', '--list-changed-every', '300'));
    const tools = await walkList(session, 'tools');
    expect(tools.complete).toBe(true);
    const errors: string[] = [];
    const changes: ListDiff[] = [];
    const stop = watchLists(session, {
      current: { tools },
      coalesceMs: 20,
      onChange: (diff) => changes.push(diff),
      onError: (error) => errors.push(error.kind),
    });
    stops.push(stop);
    await session.closed;
    await pause(100);
    expect(errors).toEqual(['server-exited']);
    expect(changes).toHaveLength(1);
    // Page 3 crashed: added_1 (listed last) was never seen, and nothing is called removed.
    expect(changes[0]).toMatchObject({ added: [], removed: [] });
  });

  it('re-walks resources and the known templates on resources/list_changed, and prompts on prompts/list_changed', async () => {
    const session = await open(paginatingServer('--tools', '5', '--resources', '12', '--templates', '6', '--prompts', '4', '--page-size', '5'));
    const resources = await walkList(session, 'resources');
    const templates = await walkList(session, 'templates');
    const prompts = await walkList(session, 'prompts');
    const changes: ListDiff[] = [];
    stops.push(watchLists(session, { current: { resources, templates, prompts }, coalesceMs: 50, onChange: (diff) => changes.push(diff) }));
    await session.request('tools/call', { name: 'trigger_list_changed', arguments: { list: 'resources', burst: 3 } });
    await vi.waitFor(() => expect(changes).toHaveLength(2), { timeout: 10_000, interval: 50 });
    await pause(200);
    expect(changes.sort((left, right) => left.kind.localeCompare(right.kind))).toEqual([
      { kind: 'resources', added: ['test://resource/added-1'], removed: [], changed: [] },
      { kind: 'templates', added: [], removed: [], changed: [] },
    ]);
    changes.length = 0;
    await session.request('tools/call', { name: 'trigger_list_changed', arguments: { list: 'prompts' } });
    await vi.waitFor(() => expect(changes).toHaveLength(1), { timeout: 10_000, interval: 50 });
    await pause(200);
    expect(changes).toEqual([{ kind: 'prompts', added: ['prompt_added_2'], removed: [], changed: [] }]);
  });

  it('emits nothing after unsubscribe', async () => {
    const session = await open(faultServer());
    const tools = await walkList(session, 'tools');
    const watched = collect(session, 1, { tools }, 20);
    watched.stop();
    const mark = session.recorder.stats().total;
    await session.request('tools/call', { name: 'trigger_list_changed', arguments: {} });
    await pause(300);
    expect(watched.changes).toEqual([]);
    expect(firstPageRequests(session, mark)).toBe(0);
  });
});

describe('diffLists', () => {
  it('names added, removed and changed items by their key', () => {
    const before: JsonObject[] = [{ name: 'a', description: 'x' }, { name: 'b' }, { name: 'c', inputSchema: { type: 'object', properties: {} } }];
    const after: JsonObject[] = [{ name: 'c', inputSchema: { properties: {}, type: 'object' } }, { name: 'a', description: 'y' }, { name: 'd' }];
    expect(diffLists('tools', before, after)).toEqual({ kind: 'tools', added: ['d'], removed: ['b'], changed: ['a'] });
  });

  it('keys resources by uri and templates by uriTemplate, and compares repeated names as a group', () => {
    expect(diffLists('resources', [{ uri: 'x://1', name: 'same' }], [{ uri: 'x://2', name: 'same' }])).toMatchObject({
      added: ['x://2'],
      removed: ['x://1'],
    });
    expect(diffLists('templates', [{ uriTemplate: 'x://{a}' }], [{ uriTemplate: 'x://{a}', name: 'n' }]).changed).toEqual(['x://{a}']);
    expect(diffLists('tools', [{ name: 'dup' }], [{ name: 'dup' }, { name: 'dup' }]).changed).toEqual(['dup']);
    expect(diffLists('prompts', [{ name: 'p' }], [{ name: 'p' }])).toEqual({ kind: 'prompts', added: [], removed: [], changed: [] });
  });
});
