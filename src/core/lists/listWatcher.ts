/**
 * Keeps lists in step with the server: on notifications/{tools,resources,prompts}/list_changed it waits
 * for the burst to settle (coalesceMs), re-walks ALL pages from the first (never an old cursor), and
 * emits the diff against the last complete version. resources/list_changed re-walks resources and, when
 * a templates list is known, templates too.
 *
 * The spec has servers declare `listChanged` before sending these; a server that sends them anyway is
 * still believed (the list may really have changed) and the diff carries `undeclared: true`.
 *
 * A notification that arrives while its list is being walked schedules one more walk after it, since the
 * running walk may have read pages from before the change. An incomplete re-walk never produces false
 * removals: its diff lists only what was added or changed among the pages it got, `onError` hears the
 * error, and the baseline stays the last complete list.
 *
 * A server that announces a change while answering every listing (nothing changed) would have that rule walk its
 * lists forever, four times a second. After echoLimit walks in a row that found no change and heard another
 * announcement while they ran, the watcher stops following announcements made during a walk; the diff of that walk
 * says so (`echoes`). An announcement between walks is still followed, and a walk that finds a change starts over.
 */
import { toErrorData, type LoupeErrorData } from '../../shared/errors.js';
import { isJsonObject, type JsonObject } from '../../shared/json.js';
import type { ListDiff, ListKind, ListResult } from '../../shared/lists.js';
import { listMethods } from '../../shared/lists.js';
import type { McpSession, Unsubscribe } from '../types.js';
import { listChangeFilter, listen } from '../session/listen.js';
import { diffLists } from './diffLists.js';
import { walkList } from './pageWalker.js';

export { diffLists } from './diffLists.js';

export const defaultCoalesceMs = 250;
/** Walks in a row that found nothing changed while the server announced a change again during each. */
export const echoLimit = 3;

export interface WatchOptions {
  /** Quiet time after the last notification of a burst before re-walking, ms. Default 250. */
  coalesceMs?: number;
  pageLimit?: number;
  /** Per-page timeout of the re-walks, ms. */
  timeoutMs?: number;
  /**
   * Lists whose change the server announced while the caller walked them, before this watcher started: each is
   * walked again once (after the coalescing pause), as an announcement during one of the watcher's own walks is.
   */
  announced?: readonly ListKind[];
  /** The caller's own walk of a list, while one runs: a re-walk for an announcement waits for it to end. */
  walking?: (kind: ListKind) => Promise<unknown> | undefined;
  /** The lists as the caller knows them now: the baselines of the first diffs. */
  current?: Partial<Record<ListKind, ListResult>> | ((kind: ListKind) => ListResult | undefined);
  onChange: (diff: ListDiff, result: ListResult) => void;
  /** A re-walk that did not complete (the diff, if any, was still sent to onChange). */
  onError?: (error: LoupeErrorData, result: ListResult) => void;
  /** Modern era: subscriptions/listen could not be opened or ended abnormally (no change notifications then). */
  onListenError?: (error: LoupeErrorData) => void;
  /** Modern era: the server acknowledged subscriptions/listen with this filter. */
  onListening?: (acknowledged: JsonObject) => void;
}

const kindsOfNotification: Record<string, ListKind[]> = {
  'notifications/tools/list_changed': ['tools'],
  'notifications/resources/list_changed': ['resources', 'templates'],
  'notifications/prompts/list_changed': ['prompts'],
};

interface KindState {
  /** A notification arrived that no walk has answered yet. */
  pending: boolean;
  /** The walk in flight, if any. */
  walking: boolean;
  /** The latest complete list this watcher walked. */
  latest?: ListResult;
  /** Walks in a row that found no change though announced again while they ran. */
  echoes: number;
}

export function watchLists(session: McpSession, options: WatchOptions): Unsubscribe {
  const coalesceMs = options.coalesceMs ?? defaultCoalesceMs;
  const states = new Map<ListKind, KindState>();
  const abort = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const stateOf = (kind: ListKind): KindState => {
    let state = states.get(kind);
    if (!state) {
      state = { pending: false, walking: false, echoes: 0 };
      states.set(kind, state);
    }
    return state;
  };

  const given = (kind: ListKind): ListResult | undefined =>
    typeof options.current === 'function' ? options.current(kind) : options.current?.[kind];

  /** The last complete list: the caller's or this watcher's, whichever ended later. */
  const baseline = (kind: ListKind): ListResult | undefined => {
    const theirs = given(kind);
    const mine = stateOf(kind).latest;
    if (!theirs?.complete) return mine ?? theirs;
    return mine && mine.endedAt > theirs.endedAt ? mine : theirs;
  };

  const declared = (kind: ListKind): boolean => {
    const capability = session.handshake.capabilities[listMethods[kind].capability];
    return isJsonObject(capability) && capability.listChanged === true;
  };

  const schedule = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(flush, coalesceMs);
  };

  const walk = async (kind: ListKind): Promise<void> => {
    const state = stateOf(kind);
    state.pending = false;
    state.walking = true;
    try {
      // The caller is walking this list itself (the app's first listing): this walk starts after theirs, with
      // theirs as its baseline, and covers whatever was announced while theirs ran.
      const theirs = options.walking?.(kind);
      if (theirs) {
        await theirs.then(
          () => undefined,
          () => undefined,
        );
        if (abort.signal.aborted) return;
        state.pending = false;
      }
      const before = baseline(kind);
      const result = await walkList(session, kind, {
        ...(options.pageLimit !== undefined ? { pageLimit: options.pageLimit } : {}),
        ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
        signal: abort.signal,
      });
      if (abort.signal.aborted) return;
      // Templates ride on resources/list_changed; a server without them is not an error worth reporting.
      if (kind === 'templates' && !before && result.error?.kind === 'method-not-found') return;
      const diff = diffLists(kind, before?.items ?? [], result.items);
      if (!result.complete) diff.removed = [];
      if (!declared(kind)) diff.undeclared = true;
      const unchanged =
        result.complete && diff.added.length + diff.removed.length + diff.changed.length === 0;
      state.echoes = unchanged && state.pending ? state.echoes + 1 : 0;
      if (state.echoes >= echoLimit) {
        // Announced during this walk again, and again nothing changed: not walked once more for it.
        state.pending = false;
        diff.echoes = state.echoes;
      }
      if (result.complete) state.latest = result;
      options.onChange(diff, result);
      if (result.error) options.onError?.(result.error, result);
    } finally {
      state.walking = false;
      if (state.pending && !abort.signal.aborted) schedule();
    }
  };

  function flush(): void {
    timer = undefined;
    for (const [kind, state] of states) {
      if (state.pending && !state.walking) walk(kind).catch(() => undefined);
    }
  }

  const stopListening = session.onNotification((method) => {
    const kinds = kindsOfNotification[method];
    if (!kinds || abort.signal.aborted) return;
    for (const kind of kinds) {
      if (kind === 'templates' && !baseline('templates')) continue;
      stateOf(kind).pending = true;
    }
    schedule();
  });

  if (options.announced && options.announced.length > 0) {
    for (const kind of options.announced) stateOf(kind).pending = true;
    schedule();
  }

  // Modern era: change notifications come only on a subscriptions/listen stream the client opens.
  let stopSubscription: (() => void) | undefined;
  const filter = listChangeFilter(session.handshake.capabilities);
  if (session.handshake.era === 'modern' && Object.keys(filter).length > 0) {
    listen(session, filter).then(
      (subscription) => {
        if (abort.signal.aborted) return subscription.stop();
        stopSubscription = () => subscription.stop();
        options.onListening?.(subscription.acknowledged);
        void subscription.ended.then((reason) => {
          if (reason && !abort.signal.aborted) options.onListenError?.(reason);
        });
      },
      (error: unknown) => {
        if (!abort.signal.aborted) options.onListenError?.(toErrorData(error));
      },
    );
  }

  return () => {
    if (abort.signal.aborted) return;
    abort.abort();
    stopSubscription?.();
    if (timer !== undefined) clearTimeout(timer);
    stopListening();
  };
}
