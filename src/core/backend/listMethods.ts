/**
 * Lists of a session: walked when asked (two asks for one kind share a walk), the latest of each kind kept on the
 * attempt, rows streamed to onListProgress while the walk goes on, and "Fetch the next N pages" after a page limit.
 */
import { LoupeError } from '../../shared/errors.js';
import { listKinds, type ListKind, type ListResult } from '../../shared/lists.js';
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
}

export function createListWalks(hub: EventHub): ListWalks {
  const walk: ListWalks['walk'] = (current, session, kind, more) => {
    const running = current.walks.get(kind);
    if (running) return running;
    const resume = more !== undefined ? current.lists.get(kind) : undefined;
    const progress = createProgressStream((update) => hub.emit('onListProgress', update));
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
        return result;
      })
      .finally(() => {
        progress.stop();
        current.walks.delete(kind);
      });
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

/** The contract's list and listMore over the connected session. */
export function createListMethods(
  walks: ListWalks,
  live: () => { current: Attempt; session: McpSession },
): {
  list(kind: ListKind): Promise<ListResult>;
  listMore(kind: ListKind, pages: number | 'all'): Promise<ListResult>;
} {
  return {
    list(kind) {
      try {
        checkKind(kind);
        const { current, session } = live();
        return walks.walk(current, session, kind);
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
    listMore(kind, pages) {
      try {
        checkKind(kind);
        if (pages !== 'all' && !(Number.isInteger(pages) && pages >= 1))
          throw new LoupeError({
            kind: 'usage',
            message: 'listMore wants a whole number of pages, or "all".',
          });
        const { current, session } = live();
        if (current.lists.get(kind)?.error?.kind !== 'page-limit') {
          throw new LoupeError({
            kind: 'usage',
            message: `The ${kind} listing did not stop at the page limit: list it again instead.`,
          });
        }
        return walks.walk(current, session, kind, pages);
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
  };
}
