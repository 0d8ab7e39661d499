/**
 * Taking up a session the backend already holds (a reload, a second window, the carrier coming back): read
 * its status, every frame it holds (same seqs), the lists as last walked (keptLists: no re-walk, no new
 * traffic), lint, tasks, the server requests still waiting and those answered, the calls made and the
 * list_changed re-walks.
 * Nothing here sends anything to the server.
 */
import { refreshPortabilityCosts } from '../portability/portabilityActions';
import type { LoupeApi } from '../../shared/contract';
import type { Frame } from '../../shared/frames';
import type { KeptCall } from '../../shared/sessions';
import { recordListChange } from '../compare/compareActions';
import { answeredLimit, historyLimit } from '../store/callsSlice';
import { FrameLog } from '../lib/frameLog';
import { withTask } from '../store/tasksSlice';
import { applyListResult, kindsOffered, markUnsupported, refreshStats } from '../store/sessionActions';
import { refreshSecurity } from '../security/securityActions';
import { logsFromFrames } from './logsFromFrames';
import { apiOf, type ScopedStore } from './sessionStore';

const pageSize = 5000;

/** Every frame the backend holds for the session, oldest first, read in pages. */
async function heldFrames(api: LoupeApi): Promise<Frame[]> {
  const frames: Frame[] = [];
  for (;;) {
    const after = frames.length === 0 ? 0 : frames[frames.length - 1].seq;
    const batch = await api.frames(after, pageSize);
    frames.push(...batch.filter((frame) => frame.seq > after));
    if (batch.length < pageSize) return frames;
  }
}

/**
 * The backend's frames are what the session holds; frames that arrived live while they were read (newer
 * seqs) are kept after them. Reading from the start, not from the last live seq, leaves no gap when live
 * frames landed before the read began (the carrier came back while the server kept talking).
 */
async function readFrames(store: ScopedStore): Promise<void> {
  const held = await heldFrames(apiOf(store));
  const last = held.length === 0 ? 0 : held[held.length - 1].seq;
  store.setState((state) => {
    const live = state.frameLog.frames.filter((frame) => frame.seq > last);
    const log = new FrameLog();
    log.append(held);
    log.append(live);
    // Log messages heard live meanwhile are in `live` too: the log is rebuilt from the frames alone.
    return { frameLog: log, frameVersion: state.frameVersion + 1, logs: logsFromFrames(log.frames) };
  });
}

/** The backend's kept calls, oldest first, into the calls and the per-tool history (newest first); calls already here stay as they are. */
function takeUpCalls(store: ScopedStore, kept: KeptCall[]): void {
  if (kept.length === 0) return;
  store.setState((state) => {
    const calls = { ...state.calls };
    const history = new Map(state.callHistory);
    for (const call of kept) {
      if (Object.hasOwn(calls, call.callId)) continue;
      calls[call.callId] = { ...call };
      history.set(call.tool, [call.callId, ...(history.get(call.tool) ?? [])].slice(0, historyLimit));
    }
    return { calls, callHistory: history };
  });
}

export async function attachSession(store: ScopedStore): Promise<void> {
  const api = apiOf(store);
  const status = await api.status();
  store.setState({
    status,
    ...(status.state === 'idle' ? {} : { lastTarget: status.target }),
    ...(status.state === 'closed' && status.reason ? { connectError: status.reason } : {}),
  });
  await readFrames(store);
  if (status.state === 'idle') return;
  const [kept, lint, tasks, requests, answered, calls, changes] = await Promise.all([
    api.keptLists(),
    api.lint().catch(() => null),
    api.listTasks().catch(() => []),
    api.pendingServerRequests().catch(() => []),
    api.answeredServerRequests().catch(() => []),
    api.keptCalls().catch(() => []),
    api.keptListChanges().catch(() => []),
  ]);
  for (const result of kept) applyListResult(result, null, store);
  takeUpCalls(store, calls);
  // Only a history this page has not heard yet: after the carrier came back the entries are already here.
  if (store.getState().listHistory.length === 0) {
    for (const change of changes)
      recordListChange(change.diff, change.result, store, { before: change.before, at: change.at });
  }
  markUnsupported(store);
  void refreshPortabilityCosts(store);
  // The security lens (findings, the pin banner) reads the lists as last walked: with every offered kind kept it
  // sends nothing. A reload showed "not scanned yet" and no pin banner until Scan again was pressed.
  const keptKinds = new Set(kept.map((result) => result.kind));
  if (status.state === 'connected' && kindsOffered(store).every((kind) => keptKinds.has(kind)))
    void refreshSecurity(store);
  store.setState((state) => ({
    lint,
    tasks: tasks.reduce(withTask, state.tasks),
    serverRequests: [
      ...state.serverRequests,
      ...requests.filter(
        (request) => !state.serverRequests.some((held) => held.requestId === request.requestId),
      ),
    ],
    // Answered here already (the carrier came back) stays as this page said it; the rest is the backend's.
    answeredRequests: [
      ...state.answeredRequests,
      ...answered.filter(
        (entry) => !state.answeredRequests.some((held) => held.request.requestId === entry.request.requestId),
      ),
    ]
      .sort((a, b) => b.answeredAt - a.answeredAt)
      .slice(0, answeredLimit),
  }));
  await refreshStats(store);
}
