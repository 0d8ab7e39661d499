/** Connecting, disconnecting and walking the lists: the store's actions that talk to the backend. */
import { toErrorData } from '../../shared/errors';
import { isJsonObject } from '../../shared/json';
import { itemKey, listKinds, listMethods, type ListKind, type ListResult } from '../../shared/lists';
import type { ServerAuth } from '../../shared/auth';
import type { ProtocolChoice } from '../../shared/session';
import type { Target } from '../../shared/target';
import { getApi } from '../bridge';
import { FrameLog } from '../lib/frameLog';
import { emptyLists, type ListState } from './listsSlice';
import { useLoupeStore } from './store';
import type { Selection } from './uiSlice';

const { getState, setState } = useLoupeStore;

function patchList(kind: ListKind, patch: Partial<ListState>): void {
  setState((state) => ({ lists: { ...state.lists, [kind]: { ...state.lists[kind], ...patch } } }));
}

/** Bumped for every fresh session, so a walk of the previous one that answers late is not shown. */
let sessionGeneration = 0;

/** A fresh session: the traffic, lists and selections of the previous one are dropped from the view. */
function resetSessionView(): void {
  sessionGeneration += 1;
  setState((state) => ({
    lists: emptyLists(),
    lint: null,
    frameLog: new FrameLog(),
    frameVersion: state.frameVersion + 1,
    recorderStats: null,
    clearedThroughSeq: 0,
    pausedAt: null,
    selectedFrameSeq: null,
    logs: [],
    selected: { tools: null, resources: null, templates: null, prompts: null },
    fetches: {},
    snapshotView: null,
    listHistory: [],
  }));
}

export async function connect(
  target: Target,
  protocol: ProtocolChoice = 'auto',
  auth?: ServerAuth,
): Promise<void> {
  resetSessionView();
  setState({
    authLast: auth ?? null,
    connectError: null,
    lastTarget: target,
    lastProtocol: protocol,
    status: { state: 'connecting', target },
  });
  try {
    const status = await getApi().connect(target, { protocol, ...(auth ? { auth } : {}) });
    setState({ status });
  } catch (error) {
    const reason = toErrorData(error);
    setState({
      connectError: reason,
      connectErrorPhase: 'connect',
      status: { state: 'closed', target, reason },
    });
    return;
  }
  await refreshAll();
}

export async function reconnect(): Promise<void> {
  const { lastTarget, lastProtocol, authLast } = getState();
  if (lastTarget) await connect(lastTarget, lastProtocol, authLast ?? undefined);
}

export async function disconnect(): Promise<void> {
  try {
    await getApi().disconnect();
    const target = getState().lastTarget;
    setState({ status: target ? { state: 'closed', target } : { state: 'idle' } });
  } catch (error) {
    setState({ connectError: toErrorData(error) });
  }
}

/** Whether the server declared the capability the list needs (no handshake: ask anyway). */
function offers(kind: ListKind): boolean {
  const status = getState().status;
  if (status.state !== 'connected') return true;
  return isJsonObject(status.handshake.capabilities[listMethods[kind].capability]);
}

export async function refreshAll(): Promise<void> {
  await refreshList('tools');
  await Promise.all((['resources', 'templates', 'prompts'] as const).map((kind) => refreshList(kind)));
  await refreshStats();
}

export async function refreshList(kind: ListKind): Promise<void> {
  if (!offers(kind)) {
    patchList(kind, { unsupported: true, loading: false, result: null, error: null });
    return;
  }
  const generation = sessionGeneration;
  patchList(kind, { loading: true, progress: null, error: null, unsupported: false });
  try {
    const result = await getApi().list(kind);
    if (generation !== sessionGeneration) return;
    applyListResult(result);
  } catch (error) {
    if (generation !== sessionGeneration) return;
    patchList(kind, { loading: false, error: toErrorData(error) });
  }
  if (kind === 'tools') await refreshLint();
}

/** Goes on with a listing stopped at the page limit, from its last cursor: `pages` more pages, or all. */
export async function fetchMorePages(kind: ListKind, pages: number | 'all'): Promise<void> {
  const generation = sessionGeneration;
  patchList(kind, { loading: true, progress: null, error: null });
  try {
    const result = await getApi().listMore(kind, pages);
    if (generation !== sessionGeneration) return;
    applyListResult(result);
  } catch (error) {
    if (generation !== sessionGeneration) return;
    patchList(kind, { loading: false, error: toErrorData(error) });
  }
  if (kind === 'tools') await refreshLint();
}

/** A new full result for a list: selections follow their item by key when it moved. */
export function applyListResult(result: ListResult, diff: ListState['diff'] = null): void {
  const kind = result.kind;
  patchList(kind, { result, loading: false, progress: null, diff });
  const selection = getState().selected[kind];
  if (!selection) return;
  const keys = result.items.map((item) => itemKey(kind, item));
  let next: Selection | null = null;
  if (keys[selection.index] === selection.key) next = selection;
  else {
    const index = keys.indexOf(selection.key);
    if (index >= 0) next = { index, key: selection.key };
  }
  setState((state) => ({ selected: { ...state.selected, [kind]: next } }));
}

export async function refreshLint(): Promise<void> {
  try {
    setState({ lint: await getApi().lint() });
  } catch {
    setState({ lint: null });
  }
}

export async function refreshStats(): Promise<void> {
  try {
    setState({ recorderStats: await getApi().recorderStats() });
  } catch {
    // Stats are a nicety: without a session there are none.
  }
}

/** Frames the backend held before this window subscribed (or while the carrier was down). */
export async function syncFrames(): Promise<void> {
  const api = getApi();
  for (;;) {
    const log = getState().frameLog;
    const batch = await api.frames(log.lastSeq, 5000);
    if (batch.length === 0) return;
    const added = log.append(batch);
    setState((state) => ({ frameVersion: state.frameVersion + 1 }));
    if (added === 0 || batch.length < 5000) return;
  }
}

/** At start and after the carrier came back: take up whatever session the backend has. */
export async function resync(): Promise<void> {
  const api = getApi();
  const status = await api.status();
  setState({ status });
  if (status.state === 'idle') return;
  setState({ lastTarget: status.target });
  await syncFrames();
  if (status.state === 'connected') await refreshAll();
}

export function kindsOffered(): ListKind[] {
  return listKinds.filter((kind) => offers(kind));
}
