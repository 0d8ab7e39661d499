/**
 * Several sessions in one store. The store's slices hold the SHOWN session; every other session the page
 * holds keeps its own part of the state (status, lists, traffic, calls, tasks…) here, in a stash. One
 * session-scoped getState/setState, `sessionStore(id)`, writes into the live store while `id` is shown and
 * into its stash entry otherwise, so an event or a late result of a background session never lands in the
 * shown one. A session the page has not taken up yet (not in the stash, not shown) keeps nothing: it is read
 * back from the backend when first shown.
 */
import type { LoupeApi } from '../../shared/contract';
import { getRootApi, sessionApi, showApiSession } from '../bridge';
import type { LoupeState } from '../store/types';
import { isSessionKey, pickSessionPart, type SessionPart } from './sessionKeys';

export type StoreUpdate = Partial<LoupeState> | ((state: LoupeState) => Partial<LoupeState>);

export interface ScopedStore {
  /** The session written to (undefined: whatever is shown, e.g. a test that holds no session). */
  readonly session: string | undefined;
  getState: () => LoupeState;
  setState: (update: StoreUpdate) => void;
  /** Whether this session is the one on screen now. */
  isShown: () => boolean;
}

interface LiveStore {
  getState(): LoupeState;
  setState(partial: Partial<LoupeState>): void;
  /** A whole fresh state (the slices' initial values). */
  fresh(): LoupeState;
}

let live: LiveStore | undefined;
const stash = new Map<string, SessionPart>();

/** store.ts hands itself in (this module must not import it: the slices import this module). */
export function registerLiveStore(store: LiveStore): void {
  live = store;
}

function liveStore(): LiveStore {
  if (!live) throw new Error('The store is not created yet.');
  return live;
}

/** The part of a fresh state that belongs to one session. */
export function freshSessionPart(): SessionPart {
  return pickSessionPart(liveStore().fresh());
}

export function shownSessionId(): string | undefined {
  return live?.getState().shownSession ?? undefined;
}

/** Whether the page keeps state for this session (shown, or stashed in the background). */
export function isHeld(session: string): boolean {
  return session === shownSessionId() || stash.has(session);
}

export function sessionStore(session: string | undefined): ScopedStore {
  const shown = () => session === undefined || session === shownSessionId();
  const getState = (): LoupeState => {
    const state = liveStore().getState();
    if (shown()) return state;
    return { ...state, ...(stash.get(session ?? '') ?? freshSessionPart()) };
  };
  const setState = (update: StoreUpdate): void => {
    const partial = typeof update === 'function' ? update(getState()) : update;
    if (shown()) {
      liveStore().setState(partial);
      return;
    }
    const own: Record<string, unknown> = {};
    const global: Record<string, unknown> = {};
    let globalCount = 0;
    for (const [key, value] of Object.entries(partial)) {
      if (isSessionKey(key)) own[key] = value;
      else {
        global[key] = value;
        globalCount += 1;
      }
    }
    if (globalCount > 0) liveStore().setState(global);
    const kept = stash.get(session ?? '');
    // A session not taken up yet keeps nothing: it is read back from the backend when first shown.
    if (kept) stash.set(session ?? '', { ...kept, ...own });
  };
  return { session, getState, setState, isShown: shown };
}

/** The store of the session shown now, captured: an action that started here keeps writing here. */
export function shownStore(): ScopedStore {
  return sessionStore(shownSessionId());
}

/**
 * Puts `next` on screen: the shown session's part goes to the stash (unless `dropCurrent`: it was closed),
 * `next`'s part comes out of it (a fresh one when the page held none). Returns whether `next` was held before.
 */
export function swapShown(next: string | null, dropCurrent = false): boolean {
  const store = liveStore();
  const state = store.getState();
  const current = state.shownSession;
  if (current === next) return true;
  if (current !== null && !dropCurrent) stash.set(current, pickSessionPart(state));
  const held = next !== null && stash.has(next);
  const part = (next !== null ? stash.get(next) : undefined) ?? freshSessionPart();
  if (next !== null) stash.delete(next);
  showApiSession(next ?? undefined);
  store.setState({ ...part, shownSession: next, frameVersion: state.frameVersion + 1 });
  return held;
}

/** Starts holding a background session with a fresh state (one this page opened itself). */
export function holdFresh(session: string): void {
  if (!isHeld(session)) stash.set(session, freshSessionPart());
}

export function forget(session: string): void {
  stash.delete(session);
}

/** What the page holds for a background session (tests and the strip read it). */
export function stashedPart(session: string): SessionPart | undefined {
  return stash.get(session);
}

/** Back to no session held (tests start each case here). */
export function resetSessionStash(): void {
  stash.clear();
  showApiSession(undefined);
}

/** The API naming this store's session (none: the root, for a page holding no session). */
export function apiOf(store: ScopedStore): LoupeApi {
  return store.session === undefined ? getRootApi() : sessionApi(store.session);
}

/** The snapshot a session not on screen shows, when one is open in it (the strip names it by the snapshot). */
export function stashedSnapshot(session: string): LoupeState['snapshotView'] {
  return stash.get(session)?.snapshotView ?? null;
}
