/**
 * Connecting, disconnecting and walking the lists: the store's actions that talk to the backend. Each one
 * captures the session shown when it starts (or is handed one) and writes through that session's store, so
 * a result that lands after the user switched away goes to its own session.
 */
import { toErrorData } from '../../shared/errors';
import { isJsonObject } from '../../shared/json';
import { itemKey, listKinds, listMethods, type ListKind, type ListResult } from '../../shared/lists';
import type { ServerAuth } from '../../shared/auth';
import type { SavedServer } from '../../shared/contract';
import type { ProtocolChoice } from '../../shared/session';
import type { Target } from '../../shared/target';
import { FrameLog } from '../lib/frameLog';
import { apiOf, shownStore, type ScopedStore } from '../sessions/sessionStore';
import { refreshSecurity } from '../security/securityActions';
import { emptyLists, type ListState } from './listsSlice';
import { walkStreamed } from './streamedLists';
import { emptySkills } from '../skills/skillsSlice';
import { refreshPortabilityCosts } from '../portability/portabilityActions';
import type { Selection } from './uiSlice';

function patchList(store: ScopedStore, kind: ListKind, patch: Partial<ListState>): void {
  store.setState((state) => ({ lists: { ...state.lists, [kind]: { ...state.lists[kind], ...patch } } }));
}

/** Bumped per session for every fresh connection, so a walk of the previous one that answers late is not shown. */
const generations = new Map<string, number>();
function generationOf(store: ScopedStore): number {
  return generations.get(store.session ?? '') ?? 0;
}

/** The store's connection count: an answer begun under an older one is dropped (a reconnect happened meanwhile). */
export const connectionGeneration = generationOf;

/** A fresh connection: the traffic, lists and selections of the previous one are dropped from the view. */
function resetSessionView(store: ScopedStore): void {
  generations.set(store.session ?? '', generationOf(store) + 1);
  store.setState((state) => ({
    lists: emptyLists(),
    lint: null,
    security: null,
    securityError: null,
    portability: null,
    portabilityCosts: null,
    skills: emptySkills(),
    capabilityProbe: null,
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

/** How to connect, beside the target: the era, the sign-in settings and the per-request timeout (ms). */
export interface ConnectChoice {
  protocol?: ProtocolChoice;
  auth?: ServerAuth;
  /** Absent: the settings' timeout. */
  timeoutMs?: number;
}

/** The choice a saved server was saved with. */
export function savedChoice(server: SavedServer): ConnectChoice {
  return {
    ...(server.protocol ? { protocol: server.protocol } : {}),
    ...(server.auth ? { auth: server.auth } : {}),
    ...(server.timeoutMs !== undefined ? { timeoutMs: server.timeoutMs } : {}),
  };
}

export async function connect(
  target: Target,
  choice: ConnectChoice = {},
  store: ScopedStore = shownStore(),
): Promise<void> {
  const shown = store.getState().status;
  if (shown.state !== 'idle' && shown.tapped) {
    // A tapped session is the host's connection, kept as it is: a connection of Loupe's own opens in a new session
    // beside it (connecting here started a second server and dropped the host's session from view). Imported when
    // needed: the sessions' actions import these.
    const { openNewSession } = await import('../sessions/sessionsActions');
    if ((await openNewSession()) === undefined) return;
    await connect(target, choice, shownStore());
    return;
  }
  const { protocol = 'auto', auth, timeoutMs } = choice;
  resetSessionView(store);
  store.setState({
    authLast: auth ?? null,
    connectError: null,
    lastTarget: target,
    lastProtocol: protocol,
    lastTimeoutMs: timeoutMs ?? null,
    status: { state: 'connecting', target },
  });
  try {
    const status = await apiOf(store).connect(target, {
      protocol,
      ...(auth ? { auth } : {}),
      ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    });
    store.setState({ status });
  } catch (error) {
    const reason = toErrorData(error);
    store.setState({
      connectError: reason,
      connectErrorPhase: 'connect',
      status: { state: 'closed', target, reason },
    });
    return;
  }
  await refreshAll(store);
}

export async function reconnect(): Promise<void> {
  const store = shownStore();
  const { lastTarget, lastProtocol, authLast, lastTimeoutMs, status } = store.getState();
  // A tapped session is the host's connection, not Loupe's: there is nothing of Loupe's to connect again.
  if (!lastTarget || (status.state !== 'idle' && status.tapped)) return;
  const choice: ConnectChoice = {
    protocol: lastProtocol,
    ...(authLast ? { auth: authLast } : {}),
    ...(lastTimeoutMs !== null ? { timeoutMs: lastTimeoutMs } : {}),
  };
  await connect(lastTarget, choice, store);
}

export async function disconnect(store: ScopedStore = shownStore()): Promise<void> {
  try {
    await apiOf(store).disconnect();
    const target = store.getState().lastTarget;
    store.setState({ status: target ? { state: 'closed', target } : { state: 'idle' } });
  } catch (error) {
    store.setState({ connectError: toErrorData(error) });
  }
}

/**
 * Whether the server declared the capability the list needs (no handshake: ask anyway). A tapped session's lists are
 * the host's to walk: Loupe asks nothing and shows what passes, whatever the handshake it saw declared.
 */
function offers(store: ScopedStore, kind: ListKind): boolean {
  const status = store.getState().status;
  if (status.state !== 'connected' || status.tapped) return true;
  return isJsonObject(status.handshake.capabilities[listMethods[kind].capability]);
}

/**
 * Every list, the tools first. Lint and the token costs follow the tools at once; the security lens reads every
 * kind, so it waits for their walks: run between the tools and the others (as it was), it walked resources,
 * templates and prompts itself, and the app's own walks then listed each a second time.
 */
export async function refreshAll(store: ScopedStore = shownStore()): Promise<void> {
  const generation = generationOf(store);
  const current = (): boolean => generation === generationOf(store);
  await refreshList('tools', store, { lenses: false });
  const toolLenses = current() && offers(store, 'tools');
  await Promise.all([
    ...(['resources', 'templates', 'prompts'] as const).map((kind) => refreshList(kind, store)),
    toolLenses ? refreshLint(store, { security: false }) : undefined,
  ]);
  if (toolLenses && current()) await refreshSecurity(store);
  await refreshStats(store);
}

/** Walks a list again; after the tools, the lenses that follow them (lint, security, costs) unless `lenses` is false. */
export async function refreshList(
  kind: ListKind,
  store: ScopedStore = shownStore(),
  { lenses = true }: { lenses?: boolean } = {},
): Promise<void> {
  if (!offers(store, kind)) {
    patchList(store, kind, { unsupported: true, loading: false, result: null, error: null });
    return;
  }
  await showWalk(
    store,
    kind,
    { unsupported: false },
    (api) => walkStreamed(store, kind, api, (streaming) => streaming.listOutline(kind)),
    lenses,
  );
}

/** Runs one walk of a list and shows its result or error, unless the session started over meanwhile; then lint for tools. */
async function showWalk(
  store: ScopedStore,
  kind: ListKind,
  patch: Partial<ListState>,
  walk: (api: ReturnType<typeof apiOf>) => Promise<ListResult>,
  lenses = true,
): Promise<void> {
  const generation = generationOf(store);
  patchList(store, kind, { loading: true, progress: null, error: null, ...patch });
  try {
    const result = await walk(apiOf(store));
    if (generation !== generationOf(store)) return;
    applyListResult(result, null, store);
  } catch (error) {
    if (generation !== generationOf(store)) return;
    patchList(store, kind, { loading: false, error: toErrorData(error) });
  }
  if (kind === 'tools' && lenses) await refreshLint(store);
}

/** Goes on with a listing stopped at the page limit, from its last cursor: `pages` more pages, or all. */
export async function fetchMorePages(kind: ListKind, pages: number | 'all'): Promise<void> {
  const store = shownStore();
  await showWalk(store, kind, {}, (api) =>
    walkStreamed(store, kind, api, (streaming) => streaming.listMoreOutline(kind, pages)),
  );
}

/** A new full result for a list: selections follow their item by key when it moved. */
export function applyListResult(
  result: ListResult,
  diff: ListState['diff'] = null,
  store: ScopedStore = shownStore(),
): void {
  const kind = result.kind;
  patchList(store, kind, { result, loading: false, progress: null, diff });
  const selection = store.getState().selected[kind];
  if (!selection) return;
  const keys = result.items.map((item) => itemKey(kind, item));
  let next: Selection | null = null;
  if (keys[selection.index] === selection.key) next = selection;
  else {
    const index = keys.indexOf(selection.key);
    if (index >= 0) next = { index, key: selection.key };
  }
  store.setState((state) => ({ selected: { ...state.selected, [kind]: next } }));
}

export async function refreshLint(
  store: ScopedStore = shownStore(),
  { security = true }: { security?: boolean } = {},
): Promise<void> {
  try {
    store.setState({ lint: await apiOf(store).lint() });
  } catch {
    store.setState({ lint: null });
  }
  // The security lens (and the pin banner) as soon as the tools are known, before anything is called.
  if (security) await refreshSecurity(store);
  // The token costs follow the same tool list; the host verdicts (a large report) when a view that shows them asks.
  await refreshPortabilityCosts(store);
}

export async function refreshStats(store: ScopedStore = shownStore()): Promise<void> {
  try {
    store.setState({ recorderStats: await apiOf(store).recorderStats() });
  } catch {
    // Stats are a nicety: without a session there are none.
  }
}

/** Which lists a session can have (those whose capability the server declared); the shown one by default. */
export function kindsOffered(store: ScopedStore = shownStore()): ListKind[] {
  return listKinds.filter((kind) => offers(store, kind));
}

/** Marks the lists a connected server does not offer (a re-attach asks nothing: see sessions/attach.ts). */
export function markUnsupported(store: ScopedStore): void {
  for (const kind of listKinds) {
    if (!offers(store, kind))
      patchList(store, kind, { unsupported: true, loading: false, result: null, error: null });
  }
}
