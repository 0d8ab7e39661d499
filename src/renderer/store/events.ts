/**
 * Backend events into the store, bound once on the root API and routed by the session each event names:
 * the shown session's go into the slices, a background session's into its own stash (see
 * sessions/sessionStore.ts). Frames are appended in place; the version bump re-renders views.
 */
import type { LoupeApi } from '../../shared/contract';
import type { PushedFrame } from '../../shared/frames';
import type { ListProgress } from '../../shared/lists';
import { getBridgeState, onBridgeState } from '../bridge';
import { FrameLog } from '../lib/frameLog';
import { recordListChange } from '../compare/compareActions';
import { sessionStore, shownStore, type ScopedStore } from '../sessions/sessionStore';
import { noteSessionStatus, reattachAll } from '../sessions/sessionsActions';
import { applyListResult, refreshLint, refreshStats } from './sessionActions';
import { failStreamedWalks, noteListProgress } from './streamedLists';
import { useLoupeStore } from './store';
import { maxLogEntries } from './trafficSlice';

const statsTimers = new Map<string, ReturnType<typeof setTimeout>>();
function scheduleStats(store: ScopedStore): void {
  const key = store.session ?? '';
  if (statsTimers.has(key)) return;
  statsTimers.set(
    key,
    setTimeout(() => {
      statsTimers.delete(key);
      void refreshStats(store);
    }, 1000),
  );
}

export function appendFrames(batch: PushedFrame[], store: ScopedStore = shownStore()): void {
  if (batch.length === 0) return;
  let log = store.getState().frameLog;
  // Seq restarts at 1 in a new connection: a batch that starts over belongs to a new log.
  if (batch[0].seq === 1 && log.length > 0) {
    log = new FrameLog();
    store.setState({ frameLog: log, clearedThroughSeq: 0, pausedAt: null, selectedFrameSeq: null });
  }
  if (log.append(batch) > 0 && store.isShown()) {
    useLoupeStore.setState((state) => ({ frameVersion: state.frameVersion + 1 }));
  }
  scheduleStats(store);
}

/** A progress without its rows (its walk and whether it is the last kept: the walk's end is still heard). */
function countsOnly({ kind, pages, items, walk, last }: ListProgress): ListProgress {
  return { kind, pages, items, ...(walk === undefined ? {} : { walk }), ...(last ? { last } : {}) };
}

/**
 * The walk's rows so far: a progress's rows follow on from those already shown. Rows that do not (a batch lost or
 * out of order) end the streaming: the counts go on, and the list is then read as the backend keeps it
 * (streamedLists.ts).
 */
export function withRows(shown: ListProgress | null, incoming: ListProgress): ListProgress {
  // Another walk's rows (a re-listing that began while a batch of the last one was on its way) start afresh.
  if (!shown || shown.walk !== incoming.walk) return incoming;
  if (!incoming.rows)
    return { ...incoming, ...(shown.rows ? { rows: shown.rows, offset: shown.offset } : {}) };
  if (!shown.rows) return countsOnly(incoming);
  const from = shown.offset ?? 0;
  if (from + shown.rows.length !== (incoming.offset ?? 0)) return countsOnly(incoming);
  return { ...incoming, rows: shown.rows.concat(incoming.rows), offset: from };
}

export function bindBackendEvents(api: LoupeApi): () => void {
  const unsubscribers = [
    api.on('onStatus', (status, session) => {
      noteSessionStatus(session, status);
      const store = sessionStore(session);
      const wasConnected = store.getState().status.state === 'connected';
      store.setState({ status });
      if (status.state === 'closed' && status.reason) {
        store.setState(
          wasConnected
            ? { connectError: status.reason, connectErrorPhase: 'session' }
            : { connectError: status.reason },
        );
      }
      if (status.state !== 'idle') store.setState({ lastTarget: status.target });
    }),
    api.on('onFrames', (batch, session) => appendFrames(batch, sessionStore(session))),
    api.on('onListProgress', (progress, session) => {
      const store = sessionStore(session);
      // Progress is batched and may land after the walk's result: only a walk still running shows it.
      if (!store.getState().lists[progress.kind].loading) return;
      store.setState((state) => {
        const list = state.lists[progress.kind];
        return {
          lists: {
            ...state.lists,
            [progress.kind]: { ...list, progress: withRows(list.progress, progress) },
          },
        };
      });
      noteListProgress(store, progress.kind);
    }),
    api.on('onLog', (entry, session) => {
      sessionStore(session).setState((state) => ({
        logs: [...state.logs.slice(-(maxLogEntries - 1)), entry],
      }));
    }),
    // A tapped session: the list as the host walked it through the tap (the backend asked nothing).
    api.on('onListSeen', (result, session) => {
      const store = sessionStore(session);
      applyListResult(result, null, store);
      if (result.kind === 'tools') void refreshLint(store);
    }),
    api.on('onListChanged', ({ diff, result }, session) => {
      const store = sessionStore(session);
      recordListChange(diff, result, store);
      applyListResult(result, diff, store);
      if (result.kind === 'tools') void refreshLint(store);
    }),
  ];
  let wasClosed = false;
  // The link may have changed before anyone listened (a page opened without its token knows at once).
  useLoupeStore.setState({ backendLink: getBridgeState() });
  const stopBridge = onBridgeState((link) => {
    useLoupeStore.setState({ backendLink: link });
    if (link === 'closed' || link === 'ended') {
      wasClosed = true;
      failStreamedWalks();
    }
    if (link === 'open' && wasClosed) {
      wasClosed = false;
      // The backend keeps its sessions while the carrier is down: take them up again, traffic included.
      void reattachAll();
    }
  });
  return () => {
    for (const unsubscribe of unsubscribers) unsubscribe();
    stopBridge();
  };
}
