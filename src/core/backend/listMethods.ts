/**
 * Lists of a session: walked when asked (two asks for one kind share a walk), the latest of each kind kept on the
 * attempt, rows streamed to onListProgress while the walk goes on (every row, the last progress marked), and "Fetch
 * the next N pages" after a page limit. listOutline answers with the result less its items, which then cross the
 * carrier once (as the rows) rather than twice.
 */
import { LoupeError } from '../../shared/errors.js';
import { listKinds, type ListKind, type ListOutline, type ListResult } from '../../shared/lists.js';
import { silentChangeDiagnosis } from '../doctor/listDiagnosis.js';
import { walkList } from '../lists/pageWalker.js';
import { createProgressStream } from '../lists/progressStream.js';
import type { McpSession } from '../types.js';
import type { Attempt } from './attempt.js';
import type { EventHub } from './eventHub.js';

/** "Fetch all" still ends: an endless server stops here, at settings' maximum. */
const allPagesLimit = 100_000;

export interface ListWalks {
  /** Walks a kind (`more`: go on from the kept listing's last cursor for that many pages). */
  walk: (current: Attempt, session: McpSession, kind: ListKind, more?: number | 'all') => Promise<ListResult>;
  /** A list as last walked, walked now if never: the lenses follow list_changed through it. */
  listed: (current: Attempt, session: McpSession, kind: ListKind) => Promise<ListResult>;
  /** The tools as last walked (walked now while connected, else the kept ones of a closed session). */
  tools: (current: Attempt) => Promise<ListResult | undefined>;
  /** As `walk`, answered without the items: they crossed as the walk's rows (see ListOutline). */
  outline: (
    current: Attempt,
    session: McpSession,
    kind: ListKind,
    more?: number | 'all',
  ) => Promise<ListOutline>;
}

/** The walk a promise is, and the item number its rows start at (a resumed walk's kept items come first). */
interface WalkTag {
  walk: number;
  from: number;
}

export function createListWalks(hub: EventHub): ListWalks {
  let walks = 0;
  const tags = new WeakMap<Promise<ListResult>, WalkTag>();
  const walk: ListWalks['walk'] = (current, session, kind, more) => {
    const running = current.walks.get(kind);
    if (running) return running;
    const resume = more !== undefined ? current.lists.get(kind) : undefined;
    walks += 1;
    const tag: WalkTag = { walk: walks, from: resume?.items.length ?? 0 };
    const progress = createProgressStream((update) => hub.emit('onListProgress', update), {
      kind,
      walk: tag.walk,
    });
    const promise = walkList(session, kind, {
      pageLimit: more === undefined ? current.options.pageLimit : more === 'all' ? allPagesLimit : more,
      ...(resume ? { resume } : {}),
      timeoutMs: current.options.timeoutMs,
      onProgress: (update) => progress.push(update),
    })
      .then((walked) => {
        // A re-listing that changed without list_changed carries the doctor's stale-list advice.
        const before = resume ? undefined : current.lists.get(kind);
        const silent =
          before && !walked.doctor
            ? silentChangeDiagnosis(
                before,
                walked,
                session.recorder.frames(before.pages.at(-1)?.responseSeq ?? 0),
              )
            : undefined;
        const result = silent ? { ...walked, doctor: silent } : walked;
        current.lists.set(kind, result);
        // The last rows go out before the result: a view waiting on them hears them in order with the others.
        progress.finish({ pages: result.pages.length, items: result.items.length });
        return result;
      })
      .finally(() => {
        // A walk that threw streams nothing more; its last progress says so with no rows.
        progress.finish({ pages: resume?.pages.length ?? 0, items: tag.from });
        current.walks.delete(kind);
      });
    tags.set(promise, tag);
    current.walks.set(kind, promise);
    return promise;
  };
  const listed: ListWalks['listed'] = (current, session, kind) => {
    const kept = current.lists.get(kind);
    return kept ? Promise.resolve(kept) : walk(current, session, kind);
  };
  return {
    walk,
    listed,
    outline: (current, session, kind, more) => {
      const promise = walk(current, session, kind, more);
      const tag = tags.get(promise) ?? { walk: 0, from: 0 };
      return promise.then(({ items, ...rest }) => ({
        ...rest,
        walk: tag.walk,
        itemCount: items.length,
        from: tag.from,
      }));
    },
    tools: (current) =>
      current.session?.isOpen
        ? listed(current, current.session, 'tools')
        : Promise.resolve(current.lists.get('tools')),
  };
}

function checkKind(kind: ListKind): void {
  if (!listKinds.includes(kind))
    throw new LoupeError({ kind: 'usage', message: `No list kind "${String(kind)}".` });
}

/** The contract's list and listMore over the connected session, and their outlines (the items streamed only). */
export function createListMethods(
  walks: ListWalks,
  live: () => { current: Attempt; session: McpSession },
): {
  list(kind: ListKind): Promise<ListResult>;
  listMore(kind: ListKind, pages: number | 'all'): Promise<ListResult>;
  listOutline(kind: ListKind): Promise<ListOutline>;
  listMoreOutline(kind: ListKind, pages: number | 'all'): Promise<ListOutline>;
} {
  /** Runs `start` on the live session, a thrown error (usage, not connected) as a rejection. */
  const attempt = <T>(start: () => Promise<T>): Promise<T> => {
    try {
      return start();
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  };
  /** The live session, checked for going on with a listing stopped at the page limit. */
  const resumable = (kind: ListKind, pages: number | 'all') => {
    checkKind(kind);
    if (pages !== 'all' && !(Number.isInteger(pages) && pages >= 1))
      throw new LoupeError({
        kind: 'usage',
        message: 'listMore wants a whole number of pages, or "all".',
      });
    const opened = live();
    if (opened.current.lists.get(kind)?.error?.kind !== 'page-limit') {
      throw new LoupeError({
        kind: 'usage',
        message: `The ${kind} listing did not stop at the page limit: list it again instead.`,
      });
    }
    return opened;
  };
  const opened = (kind: ListKind) => {
    checkKind(kind);
    return live();
  };
  return {
    list: (kind) =>
      attempt(() => {
        const { current, session } = opened(kind);
        return walks.walk(current, session, kind);
      }),
    listMore: (kind, pages) =>
      attempt(() => {
        const { current, session } = resumable(kind, pages);
        return walks.walk(current, session, kind, pages);
      }),
    listOutline: (kind) =>
      attempt(() => {
        const { current, session } = opened(kind);
        return walks.outline(current, session, kind);
      }),
    listMoreOutline: (kind, pages) =>
      attempt(() => {
        const { current, session } = resumable(kind, pages);
        return walks.outline(current, session, kind, pages);
      }),
  };
}
