/**
 * The Import dialog's actions: read client configs through the bridge, connect to a server, save one. A server
 * that uses VS Code inputs is read again with the values typed in the dialog (the backend resolves them); those
 * values are secrets: kept in no store, sent only to resolve, and saved only where the backend seals them (env
 * and header values of an imported server).
 */
import type { ConfigFile, ConfigServer, ConfigSource } from '../../shared/config';
import { toErrorData } from '../../shared/errors';
import { getApi } from '../bridge';
import { connect } from '../store/sessionActions';
import { useLoupeStore } from '../store/store';

const { getState, setState } = useLoupeStore;

/** How each file shown was read (a picked file's text is needed again to resolve inputs), by path. */
const sources = new Map<string, ConfigSource>();

/** Opens the dialog and reads every known location (files that are not there are left out of view). */
export async function openConfigImport(): Promise<void> {
  setState({ configImportOpen: true, configLoading: true });
  try {
    const known = await getApi().knownConfigs();
    for (const file of known) sources.set(file.path, { path: file.path, client: file.client });
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
    sources.set(file.path, { ...source, client: file.client });
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

/** Values typed in the dialog, by input id; an empty one is left out (the input's default applies). */
export type InputValues = Readonly<Record<string, string>>;

/** The server resolved with the values typed; a problem is a sentence for the dialog. */
async function resolved(
  file: ConfigFile,
  server: ConfigServer,
  values: InputValues,
): Promise<{ server: ConfigServer } | { problem: string }> {
  if (!server.inputs) return { server };
  const source = sources.get(file.path) ?? { path: file.path, client: file.client };
  try {
    const again = await getApi().readConfig({ ...source, inputs: values });
    const found = again.servers.find((item) => item.name === server.name);
    if (again.error || !found)
      return { problem: again.error?.message ?? `${server.name} is no longer in the file` };
    const missing = (found.inputs ?? []).filter((input) => input.filled === 'empty');
    if (missing.length > 0)
      return { problem: `Give a value for ${missing.map((input) => input.id).join(', ')}.` };
    return { server: found };
  } catch (error) {
    return { problem: toErrorData(error).message };
  }
}

/** Connects to the server (its inputs resolved first); resolves with a problem to show, or undefined. */
export async function connectConfigServer(
  file: ConfigFile,
  server: ConfigServer,
  values: InputValues = {},
): Promise<string | undefined> {
  // Without inputs nothing is awaited before the dialog closes: one click, closed at once.
  const result = server.inputs ? await resolved(file, server, values) : { server };
  if ('problem' in result) return result.problem;
  if (!result.server.target) return result.server.error ?? 'the entry cannot be used';
  closeConfigImport();
  await connect(result.server.target);
  return undefined;
}

/** A typed value that would land where the settings file keeps text in clear (args, url, command, cwd). */
function unsealedPlace(server: ConfigServer, values: InputValues): string | undefined {
  for (const input of server.inputs ?? []) {
    if (!values[input.id]) continue;
    const place = input.places.find((where) => !where.startsWith('env.') && !where.startsWith('headers.'));
    if (place !== undefined) return `input "${input.id}" is used in ${place}`;
  }
  return undefined;
}

/**
 * Saves (or replaces, by name) the server; its env and header values are then kept sealed by the backend. A value
 * typed for an input used elsewhere (an argument, the URL) would be written in clear: that save is refused.
 */
export async function saveConfigServer(
  file: ConfigFile,
  server: ConfigServer,
  values: InputValues = {},
): Promise<string | undefined> {
  const settings = getState().settings;
  if (!settings) return 'the settings are not loaded yet';
  const clear = unsealedPlace(server, values);
  if (clear !== undefined) {
    return `Not saved: ${clear}, which Loupe's settings would keep in clear (only env and header values are sealed). Connect works.`;
  }
  const result = await resolved(file, server, values);
  if ('problem' in result) return result.problem;
  const target = result.server.target;
  if (!target) return result.server.error ?? 'the entry cannot be used';
  const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const others = settings.savedServers.filter((saved) => saved.name !== server.name);
  try {
    const next = await getApi().saveSettings({
      ...settings,
      savedServers: [
        ...others,
        { id, name: server.name, target, source: { path: file.path, server: server.name } },
      ],
    });
    setState((state) => ({
      settings: next,
      settingsError: null,
      configSaved: [...state.configSaved, `${file.path}\n${server.name}`],
    }));
    return undefined;
  } catch (error) {
    const message = toErrorData(error).message;
    setState({ settingsError: message });
    return message;
  }
}
