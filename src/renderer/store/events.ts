/** Backend events into the store. Frames are appended in place; the version bump re-renders views. */
import type { LoupeApi } from '../../shared/contract';
import type { Frame } from '../../shared/frames';
import { getBridgeState, onBridgeState } from '../bridge';
import { FrameLog } from '../lib/frameLog';
import { recordListChange } from '../compare/compareActions';
import { applyListResult, connect, refreshLint, refreshStats, resync } from './sessionActions';
import { useLoupeStore } from './store';
import { maxLogEntries } from './trafficSlice';

const { getState, setState } = useLoupeStore;

let statsTimer: ReturnType<typeof setTimeout> | undefined;
function scheduleStats(): void {
  statsTimer ??= setTimeout(() => {
    statsTimer = undefined;
    void refreshStats();
  }, 1000);
}

export function appendFrames(batch: Frame[]): void {
  if (batch.length === 0) return;
  let log = getState().frameLog;
  // Seq restarts at 1 in a new session: a batch that starts over belongs to a new log.
  if (batch[0].seq === 1 && log.length > 0) {
    log = new FrameLog();
    setState({ frameLog: log, clearedThroughSeq: 0, pausedAt: null, selectedFrameSeq: null });
  }
  if (log.append(batch) > 0) setState((state) => ({ frameVersion: state.frameVersion + 1 }));
  scheduleStats();
}

export function bindBackendEvents(api: LoupeApi): () => void {
  const unsubscribers = [
    api.on('onStatus', (status) => {
      const wasConnected = getState().status.state === 'connected';
      setState({ status });
      if (status.state === 'closed' && status.reason) {
        setState(
          wasConnected
            ? { connectError: status.reason, connectErrorPhase: 'session' }
            : { connectError: status.reason },
        );
      }
      if (status.state !== 'idle') setState({ lastTarget: status.target });
    }),
    api.on('onFrames', appendFrames),
    api.on('onListProgress', (progress) => {
      // Progress is batched and may land after the walk's result: only a walk still running shows it.
      if (!getState().lists[progress.kind].loading) return;
      setState((state) => ({
        lists: { ...state.lists, [progress.kind]: { ...state.lists[progress.kind], progress } },
      }));
    }),
    api.on('onLog', (entry) => {
      setState((state) => ({ logs: [...state.logs.slice(-(maxLogEntries - 1)), entry] }));
    }),
    api.on('onListChanged', ({ diff, result }) => {
      recordListChange(diff, result);
      applyListResult(result, diff);
      if (result.kind === 'tools') void refreshLint();
    }),
  ];
  let wasClosed = false;
  // The link may have changed before anyone listened (a page opened without its token knows at once).
  setState({ backendLink: getBridgeState() });
  const stopBridge = onBridgeState((link) => {
    setState({ backendLink: link });
    if (link === 'closed') wasClosed = true;
    if (link === 'open' && wasClosed) {
      wasClosed = false;
      // The host gives each WebSocket its own backend: a new one starts idle, so dial the last target again.
      const target = getState().lastTarget;
      resync()
        .then(() => (getState().status.state === 'idle' && target ? connect(target) : undefined))
        .catch(() => undefined);
    }
  });
  return () => {
    for (const unsubscribe of unsubscribers) unsubscribe();
    stopBridge();
  };
}
