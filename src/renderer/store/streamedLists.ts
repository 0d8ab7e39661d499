/**
 * A list whose items crossed once: the backend streams a walk's rows (onListProgress, the last one marked) and answers
 * listOutline with the result less its items; the page puts them together here. The outline and the last rows may
 * arrive in either order (events are batched, results are not), so a walk waits for both. Rows that cannot make the
 * list (a batch lost, a walk joined after its first rows went by) fall back to the list as the backend keeps it, so
 * the list shown is never a partial one passed off as whole.
 */
import { disconnectedError } from '../../shared/carrier';
import { LoupeError } from '../../shared/errors';
import type { ListKind, ListOutline, ListResult } from '../../shared/lists';
import type { LoupeApi } from '../../shared/contract';
import type { ScopedStore } from '../sessions/sessionStore';
import type { ListState } from './listsSlice';

interface Waiter {
  store: ScopedStore;
  kind: ListKind;
  outline: ListOutline;
  settle: (list: ListState) => boolean;
  fail: (error: Error) => void;
}

const waiters = new Set<Waiter>();

/** The result the outline and the streamed rows make, or null when the rows held are not exactly the walk's. */
export function assembled(list: ListState, outline: ListOutline): ListResult | null {
  const progress = list.progress;
  if (!progress || progress.walk !== outline.walk || !progress.last || !progress.rows) return null;
  const rows = progress.rows;
  if ((progress.offset ?? 0) !== outline.from || outline.from + rows.length !== outline.itemCount)
    return null;
  let items = rows;
  if (outline.from > 0) {
    const kept = list.result?.items;
    if (!kept || kept.length !== outline.from) return null;
    items = kept.concat(rows);
  }
  const { walk: _walk, itemCount: _count, from: _from, ...rest } = outline;
  return { ...rest, items };
}

/** Whether the rows of the outline's walk have all arrived (its last progress was seen), whole or not. */
function rowsEnded(list: ListState, outline: ListOutline): boolean {
  return list.progress?.walk === outline.walk && list.progress.last === true;
}

/** The list as the backend keeps it (no new walk): what a page shows when the rows it heard cannot make the list. */
async function keptList(api: LoupeApi, kind: ListKind): Promise<ListResult> {
  const kept = (await api.keptLists()).find((result) => result.kind === kind);
  if (!kept) throw new LoupeError({ kind: 'internal', message: `The ${kind} listing is no longer kept.` });
  return kept;
}

/**
 * Walks a list with its items streamed only: resolves with the whole result once the outline and the last rows are
 * in (the rows accumulate in the list's state as onListProgress arrives: see events.ts).
 */
export async function walkStreamed(
  store: ScopedStore,
  kind: ListKind,
  api: LoupeApi,
  walk: (api: LoupeApi) => Promise<ListOutline>,
): Promise<ListResult> {
  const outline = await walk(api);
  const ended = await new Promise<boolean>((resolve, reject) => {
    const waiter: Waiter = {
      store,
      kind,
      outline,
      settle: (list) => {
        if (!rowsEnded(list, outline) && list.loading) return false;
        waiters.delete(waiter);
        resolve(rowsEnded(list, outline));
        return true;
      },
      fail: (error) => {
        waiters.delete(waiter);
        reject(error);
      },
    };
    waiters.add(waiter);
    waiter.settle(store.getState().lists[kind]);
  });
  const list = store.getState().lists[kind];
  return (ended ? assembled(list, outline) : null) ?? keptList(api, kind);
}

/** After the store took a progress of `kind`: a walk waiting on its last rows goes on. */
export function noteListProgress(store: ScopedStore, kind: ListKind): void {
  for (const waiter of [...waiters]) {
    const other = waiter.store.session;
    // A store that names no session is whatever is shown (a page, a test, that holds one session).
    const same = other === store.session || other === undefined || store.session === undefined;
    if (waiter.kind === kind && same) waiter.settle(waiter.store.getState().lists[kind]);
  }
}

/** The carrier dropped: rows still on their way will not come; the walks waiting fail as their calls do. */
export function failStreamedWalks(): void {
  for (const waiter of [...waiters]) waiter.fail(disconnectedError());
}
