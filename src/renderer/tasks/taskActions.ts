/** The store's task actions: the server's tasks/list, and the extensions Loupe declares (a saved setting). */
import { toErrorData } from '../../shared/errors';
import { allExtensions, type ExtensionChoice } from '../../shared/tasks';
import { getApi } from '../bridge';
import { apiOf, shownStore } from '../sessions/sessionStore';
import { useLoupeStore } from '../store/store';

const { getState, setState } = useLoupeStore;

export async function loadServerTasks(): Promise<void> {
  const store = shownStore();
  store.setState({ serverTasksLoading: true, serverTasksError: null });
  try {
    store.setState({ serverTasks: await apiOf(store).listServerTasks(), serverTasksLoading: false });
  } catch (error) {
    store.setState({ serverTasksError: toErrorData(error), serverTasksLoading: false });
  }
}

export function extensionChoice(): ExtensionChoice {
  return getState().settings?.extensions ?? allExtensions;
}

/** Saves which extensions Loupe declares; they apply from the next connection. */
export async function setExtension(name: keyof ExtensionChoice, on: boolean): Promise<void> {
  const settings = getState().settings;
  if (!settings) return;
  try {
    const saved = await getApi().saveSettings({
      ...settings,
      extensions: { ...extensionChoice(), [name]: on },
    });
    setState({ settings: saved, settingsError: null });
  } catch (error) {
    setState({ settingsError: toErrorData(error).message });
  }
}
