/** The Import dialog's actions: read client configs through the bridge, connect to a server, save one. */
import type { ConfigFile, ConfigServer } from '../../shared/config';
import { toErrorData } from '../../shared/errors';
import { getApi } from '../bridge';
import { connect } from '../store/sessionActions';
import { useLoupeStore } from '../store/store';

const { getState, setState } = useLoupeStore;

/** Opens the dialog and reads every known location (files that are not there are left out of view). */
export async function openConfigImport(): Promise<void> {
  setState({ configImportOpen: true, configLoading: true });
  try {
    const known = await getApi().knownConfigs();
    setState((state) => ({
      configFiles: mergeFiles(
        state.configFiles,
        known.filter((file) => file.exists),
      ),
    }));
  } catch (error) {
    const detail = toErrorData(error);
    setState((state) => ({
      configFiles: mergeFiles(state.configFiles, [
        { path: 'known locations', client: 'generic', exists: false, servers: [], error: detail },
      ]),
    }));
  } finally {
    setState({ configLoading: false });
  }
}

export function closeConfigImport(): void {
  setState({ configImportOpen: false });
}

/** A file read again replaces its earlier entry; the newest first. */
function mergeFiles(current: readonly ConfigFile[], added: readonly ConfigFile[]): ConfigFile[] {
  const paths = new Set(added.map((file) => file.path));
  return [...added, ...current.filter((file) => !paths.has(file.path))];
}

async function addSource(source: { path: string; text?: string }): Promise<void> {
  try {
    const file = await getApi().readConfig(source);
    setState((state) => ({ configFiles: mergeFiles(state.configFiles, [file]) }));
  } catch (error) {
    const file: ConfigFile = {
      path: source.path,
      client: 'generic',
      exists: false,
      servers: [],
      error: toErrorData(error),
    };
    setState((state) => ({ configFiles: mergeFiles(state.configFiles, [file]) }));
  }
}

/** A file the user picked: its text goes to the backend (a browser page has no path for it). */
export async function importConfigFile(file: File): Promise<void> {
  await addSource({ path: file.name, text: await file.text() });
}

/** A path typed in: the backend reads it (Electron, or a host on this machine). */
export async function importConfigPath(path: string): Promise<void> {
  if (path.trim() !== '') await addSource({ path: path.trim() });
}

export async function connectConfigServer(server: ConfigServer): Promise<void> {
  if (!server.target) return;
  closeConfigImport();
  await connect(server.target);
}

/** Saves (or replaces, by name) the server; its env and header values are then kept sealed by the backend. */
export async function saveConfigServer(file: ConfigFile, server: ConfigServer): Promise<void> {
  const settings = getState().settings;
  if (!settings || !server.target) return;
  const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const others = settings.savedServers.filter((saved) => saved.name !== server.name);
  try {
    const next = await getApi().saveSettings({
      ...settings,
      savedServers: [
        ...others,
        { id, name: server.name, target: server.target, source: { path: file.path, server: server.name } },
      ],
    });
    setState((state) => ({
      settings: next,
      settingsError: null,
      configSaved: [...state.configSaved, `${file.path}\n${server.name}`],
    }));
  } catch (error) {
    setState({ settingsError: toErrorData(error).message });
  }
}
