/** Settings, snapshots, resource reads, prompt gets and view state: actions outside components. */
import type { Settings } from '../../shared/contract';
import { toErrorData } from '../../shared/errors';
import type { ListKind } from '../../shared/lists';
import type { Target } from '../../shared/target';
import { getApi } from '../bridge';
import { toSnapshotView } from '../lib/snapshotView';
import { apiOf, shownStore } from '../sessions/sessionStore';
import type { ConnectChoice } from './sessionActions';
import { useLoupeStore } from './store';
import type { TrafficFilter } from './trafficSlice';
import type { Tab } from './uiSlice';

const { getState, setState } = useLoupeStore;

export function setTab(tab: Tab): void {
  setState({ tab });
}

export function selectItem(kind: ListKind, index: number, key: string): void {
  setState((state) => ({ selected: { ...state.selected, [kind]: { index, key } } }));
}

export function setListFilter(kind: ListKind, text: string): void {
  setState((state) => ({ filters: { ...state.filters, [kind]: text } }));
}

export async function loadSettings(): Promise<void> {
  try {
    setState({ settings: await getApi().getSettings(), settingsError: null });
  } catch (error) {
    setState({ settingsError: toErrorData(error).message });
  }
}

async function storeSettings(next: Settings): Promise<void> {
  try {
    setState({ settings: await getApi().saveSettings(next), settingsError: null });
  } catch (error) {
    setState({ settingsError: toErrorData(error).message });
  }
}

/** Saves (or replaces, by name) a server in the persisted settings, with how to connect to it. */
export async function saveServer(name: string, target: Target, choice: ConnectChoice = {}): Promise<void> {
  const settings = getState().settings;
  if (!settings) return;
  const { protocol = 'auto', auth, timeoutMs } = choice;
  const others = settings.savedServers.filter((server) => server.name !== name);
  const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  await storeSettings({
    ...settings,
    savedServers: [
      ...others,
      {
        id,
        name,
        target,
        ...(protocol === 'auto' ? {} : { protocol }),
        ...(auth ? { auth } : {}),
        ...(timeoutMs !== undefined ? { timeoutMs } : {}),
      },
    ],
  });
  const failed = getState().settingsError;
  setState({
    notice: failed
      ? { tone: 'error', text: `Could not save the server "${name}": ${failed}` }
      : {
          tone: 'ok',
          text: `Server saved as "${name}"${others.length < settings.savedServers.length ? ' (replacing the one of that name)' : ''}.`,
        },
  });
}

export function dismissNotice(): void {
  setState({ notice: null });
}

export async function removeServer(id: string): Promise<void> {
  const settings = getState().settings;
  if (!settings) return;
  await storeSettings({
    ...settings,
    savedServers: settings.savedServers.filter((server) => server.id !== id),
  });
}

/** Browser: a download. (Electron's main process may answer createSnapshot with a native dialog later.) */
export async function saveSnapshot(): Promise<void> {
  const api = getApi();
  setState({ snapshotBusy: true, snapshotError: null });
  try {
    const { fileName, text } = await api.createSnapshot();
    const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = fileName;
    anchor.rel = 'noopener';
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    setState({
      notice: { tone: 'ok', text: `Snapshot saved as ${fileName} (to your browser's downloads).` },
    });
  } catch (error) {
    const message = `Could not save the snapshot: ${toErrorData(error).message}`;
    setState({ notice: { tone: 'error', text: message } });
  } finally {
    setState({ snapshotBusy: false });
  }
}

/** Counts the snapshots opened, so each one is shown afresh (see SnapshotView.opened). */
let snapshotsOpened = 0;

export async function openSnapshotText(text: string, fileName: string): Promise<void> {
  const store = shownStore();
  setState({ snapshotBusy: true, snapshotError: null });
  try {
    const snapshot = await apiOf(store).loadSnapshot(text);
    store.setState({
      snapshotView: toSnapshotView(snapshot, ++snapshotsOpened),
      selected: { tools: null, resources: null, templates: null, prompts: null },
      selectedFrameSeq: null,
    });
  } catch (error) {
    const detail = toErrorData(error);
    setState({
      snapshotError: `${fileName} is not a Loupe snapshot Loupe can open (${detail.kind}): ${detail.message}`,
    });
  } finally {
    setState({ snapshotBusy: false });
  }
}

export async function openSnapshotFile(file: File): Promise<void> {
  await openSnapshotText(await file.text(), file.name);
}

export function closeSnapshot(): void {
  setState({
    snapshotView: null,
    selectedFrameSeq: null,
    selected: { tools: null, resources: null, templates: null, prompts: null },
  });
}

export function dismissSnapshotError(): void {
  setState({ snapshotError: null });
}

export function fetchKey(kind: 'resources' | 'prompts', key: string): string {
  return `${kind}:${key}`;
}

export async function readResource(uri: string): Promise<void> {
  const key = fetchKey('resources', uri);
  const store = shownStore();
  store.setState((state) => ({ fetches: { ...state.fetches, [key]: { loading: true } } }));
  try {
    const value = await apiOf(store).readResource(uri);
    store.setState((state) => ({ fetches: { ...state.fetches, [key]: { loading: false, value } } }));
  } catch (error) {
    store.setState((state) => ({
      fetches: { ...state.fetches, [key]: { loading: false, error: toErrorData(error) } },
    }));
  }
}

export async function getPrompt(name: string, args: Record<string, string>): Promise<void> {
  const key = fetchKey('prompts', name);
  const store = shownStore();
  store.setState((state) => ({ fetches: { ...state.fetches, [key]: { loading: true } } }));
  try {
    const value = await apiOf(store).getPrompt(name, args);
    store.setState((state) => ({ fetches: { ...state.fetches, [key]: { loading: false, value } } }));
  } catch (error) {
    store.setState((state) => ({
      fetches: { ...state.fetches, [key]: { loading: false, error: toErrorData(error) } },
    }));
  }
}

export function setTrafficFilter(patch: Partial<TrafficFilter>): void {
  setState((state) => ({ trafficFilter: { ...state.trafficFilter, ...patch } }));
}

export function togglePause(): void {
  setState((state) => ({ pausedAt: state.pausedAt === null ? state.frameLog.length : null }));
}

/** Clears the view only: the frames stay in the log and in the backend. */
export function clearTraffic(): void {
  setState((state) => ({ clearedThroughSeq: state.frameLog.lastSeq, selectedFrameSeq: null }));
}

export function selectFrame(seq: number | null): void {
  setState({ selectedFrameSeq: seq });
}
