/**
 * The first pages' rows are on screen while later pages arrive, the count says the walk is still going, and the
 * walk's result then replaces them as the list (or, when the walk stopped at the page limit, says so loudly).
 */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listKinds, type ListKind, type ListOutline, type ListResult } from '../../shared/lists';
import { resetStore } from '../store/store';
import { bootApp, stopApp } from '../testing/bootApp';
import { connect } from '../store/sessionActions';
import {
  fakeBackend,
  giveElementsASize,
  type FakeBackend,
  listResult,
  makeTools,
} from '../testing/fakeBackend';

beforeAll(() => giveElementsASize());
beforeEach(() => resetStore());
afterEach(() => {
  stopApp();
  cleanup();
});

const tools = makeTools(150);

/** A backend whose tools walk waits until the test settles it; progress events are sent by the test. */
function heldWalk() {
  let settle: (result: ListResult) => void = () => undefined;
  const held = new Promise<ListResult>((resolve) => (settle = resolve));
  const backend = fakeBackend({
    // No connection at start: the test connects, and that connect's walk waits until the test settles it.
    initialTarget: () => Promise.resolve(null),
    list: (kind) => (kind === 'tools' ? held : Promise.resolve(listResult(kind, []))),
  });
  const page = (index: number) => ({
    kind: 'tools' as const,
    pages: index + 1,
    items: (index + 1) * 50,
    rows: tools.slice(index * 50, (index + 1) * 50),
    offset: index * 50,
  });
  return { backend, settle, page };
}

/** Boots the app, then connects without waiting: the returned promise ends when the held walk is settled. */
async function bootAndConnect(backend: FakeBackend): Promise<{ connected: Promise<void> }> {
  await bootApp(backend);
  let connecting: Promise<void> = Promise.resolve();
  act(() => {
    connecting = connect({ transport: 'demo' });
  });
  return { connected: connecting };
}

const rowNames = (list: HTMLElement) =>
  within(within(list).getByRole('listbox', { name: 'Tools' }))
    .getAllByRole('option')
    .map((row) => row.querySelector('.item-name')?.textContent);

describe('rows streamed while the tools walk goes on', () => {
  it('shows the first page at once, counts "so far — still listing", then the walk’s result as the list', async () => {
    const { backend, settle, page } = heldWalk();
    const { connected } = await bootAndConnect(backend);
    const list = screen.getByRole('region', { name: 'Tool list' });
    await waitFor(() => expect(within(list).getByText('Listing tools…')).toBeTruthy());

    act(() => backend.emit('onListProgress', page(0)));
    await waitFor(() => expect(within(list).getByText('50 of … tools')).toBeTruthy());
    expect(rowNames(list).slice(0, 3)).toEqual(['tool_0', 'tool_1', 'tool_2']);
    expect(within(list).getByText('still listing')).toBeTruthy();
    expect(within(list).getByRole('status').textContent).toContain('page 1, 50 tools so far — still listing');
    // Not shown as a list yet: no "N tools" count, no Re-list, no "the server listed no tools".
    expect(within(list).queryByText('50 tools')).toBeNull();
    expect(within(list).queryByRole('button', { name: 'Re-list' })).toBeNull();

    act(() => backend.emit('onListProgress', page(1)));
    await waitFor(() => expect(within(list).getByText('100 of … tools')).toBeTruthy());
    expect(within(list).getByText('· 2 pages so far')).toBeTruthy();

    // The result (three pages) is the list: all 150 rows, in its order, and the streaming marks are gone.
    settle(listResult('tools', tools, 3));
    await connected;
    await waitFor(() => expect(within(list).getByText('150 tools')).toBeTruthy());
    expect(within(list).queryByText('still listing')).toBeNull();
    expect(within(list).queryByText(/of … tools/)).toBeNull();
    expect(within(list).queryByText('incomplete')).toBeNull();
    expect(rowNames(list)[0]).toBe('tool_0');
    // A late progress of the finished walk changes nothing.
    act(() => backend.emit('onListProgress', page(2)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(list).getByText('150 tools')).toBeTruthy();
    expect(within(list).queryByText('still listing')).toBeNull();
  });

  it('a walk that then stops at the page limit is shown incomplete, never as the rows it streamed', async () => {
    const { backend, settle, page } = heldWalk();
    const { connected } = await bootAndConnect(backend);
    const list = screen.getByRole('region', { name: 'Tool list' });
    act(() => backend.emit('onListProgress', page(0)));
    act(() => backend.emit('onListProgress', page(1)));
    await waitFor(() => expect(within(list).getByText('100 of … tools')).toBeTruthy());

    settle(
      listResult('tools', tools.slice(0, 100), 2, {
        complete: false,
        error: {
          kind: 'page-limit',
          message:
            'tools/list reached the page limit: fetched 2 pages (100 items) and the server still sent a nextCursor.',
          data: { pages: 2, pageLimit: 2, items: 100 },
        },
      }),
    );
    await connected;
    await waitFor(() => expect(within(list).getByText('incomplete')).toBeTruthy());
    expect(within(list).getByText('100 tools')).toBeTruthy();
    expect(within(list).getByText('Listing incomplete: stopped at the page limit')).toBeTruthy();
    expect(within(list).queryByText('still listing')).toBeNull();
  });

  it('rows that do not follow on from those shown (a gap) stop the streaming; the counts go on', async () => {
    const { backend, settle, page } = heldWalk();
    const { connected } = await bootAndConnect(backend);
    const list = screen.getByRole('region', { name: 'Tool list' });
    act(() => backend.emit('onListProgress', page(0)));
    await waitFor(() => expect(within(list).getByText('50 of … tools')).toBeTruthy());
    act(() => backend.emit('onListProgress', page(2)));
    await waitFor(() =>
      expect(within(list).getByRole('status').textContent).toContain('page 3, 150 tools so far'),
    );
    expect(within(list).queryByText(/of … tools/)).toBeNull();
    expect(
      within(list).queryByRole('listbox', { name: 'Tools' })?.querySelectorAll('[role="option"]').length ?? 0,
    ).toBe(0);
    settle(listResult('tools', tools, 3));
    await connected;
    await waitFor(() => expect(within(list).getByText('150 tools')).toBeTruthy());
  });

  it('the list is put together from the rows streamed: the outline names their walk, nothing is fetched again', async () => {
    let settle: (outline: ListOutline) => void = () => undefined;
    const backend = fakeBackend({
      initialTarget: () => Promise.resolve(null),
      listOutline: (kind) =>
        kind === 'tools'
          ? new Promise<ListOutline>((resolve) => (settle = resolve))
          : emptyWalk(backend, kind),
    });
    const { connected } = await bootAndConnect(backend);
    const list = screen.getByRole('region', { name: 'Tool list' });
    const rows = (index: number, last = false) => ({
      kind: 'tools' as const,
      pages: index + 1,
      items: (index + 1) * 50,
      rows: tools.slice(index * 50, (index + 1) * 50),
      offset: index * 50,
      walk: 7,
      ...(last ? { last } : {}),
    });
    act(() => backend.emit('onListProgress', rows(0)));
    await waitFor(() => expect(within(list).getByText('50 of … tools')).toBeTruthy());
    // The outline first (results are not batched), the last rows after it: the list waits for them.
    act(() => settle(outlineOf(listResult('tools', tools, 3), 7)));
    act(() => backend.emit('onListProgress', rows(1)));
    await waitFor(() => expect(within(list).getByText('100 of … tools')).toBeTruthy());
    expect(within(list).queryByText('150 tools')).toBeNull();
    act(() => backend.emit('onListProgress', rows(2, true)));
    await connected;
    await waitFor(() => expect(within(list).getByText('150 tools')).toBeTruthy());
    expect(within(list).queryByText('still listing')).toBeNull();
    expect(rowNames(list).slice(0, 2)).toEqual(['tool_0', 'tool_1']);
    expect(backend.calls).not.toContain('keptLists');
  });

  it('rows that cannot make the list (a batch missing) give way to the list as the backend keeps it', async () => {
    let settle: (outline: ListOutline) => void = () => undefined;
    const kept = listResult('tools', tools, 3);
    const backend = fakeBackend({
      initialTarget: () => Promise.resolve(null),
      listOutline: (kind) =>
        kind === 'tools'
          ? new Promise<ListOutline>((resolve) => (settle = resolve))
          : emptyWalk(backend, kind),
      keptLists: () => Promise.resolve([kept]),
    });
    const { connected } = await bootAndConnect(backend);
    const list = screen.getByRole('region', { name: 'Tool list' });
    const rows = (index: number, last = false) => ({
      kind: 'tools' as const,
      pages: index + 1,
      items: (index + 1) * 50,
      rows: tools.slice(index * 50, (index + 1) * 50),
      offset: index * 50,
      walk: 8,
      ...(last ? { last } : {}),
    });
    act(() => backend.emit('onListProgress', rows(0)));
    await waitFor(() => expect(within(list).getByText('50 of … tools')).toBeTruthy());
    // The second batch never arrives: the last one does not follow on from the first.
    act(() => backend.emit('onListProgress', rows(2, true)));
    act(() => settle(outlineOf(kept, 8)));
    await connected;
    await waitFor(() => expect(within(list).getByText('150 tools')).toBeTruthy());
    expect(backend.calls).toContain('keptLists');
    expect(rowNames(list).slice(0, 2)).toEqual(['tool_0', 'tool_1']);
  });
});

/** The other kinds' walks: empty, their (empty) last rows streamed as the backend streams them. */
function emptyWalk(backend: FakeBackend, kind: ListKind): Promise<ListOutline> {
  const walk = 90 + listKinds.indexOf(kind);
  backend.emit('onListProgress', { kind, pages: 1, items: 0, rows: [], offset: 0, walk, last: true });
  return Promise.resolve(outlineOf(listResult(kind, []), walk));
}

/** A scripted result as listOutline answers it: without its items, which crossed as the rows of walk `walk`. */
function outlineOf(result: ListResult, walk: number): ListOutline {
  const { items, ...rest } = result;
  return { ...rest, walk, itemCount: items.length, from: 0 };
}
