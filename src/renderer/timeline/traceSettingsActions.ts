/** The trace settings (Settings.traces): saved through the bridge, applied from the next connection. */
import type { TraceSettings } from '../../shared/trace/traceSettings';
import { defaultTraceSettings } from '../../shared/trace/traceSettings';
import { toErrorData } from '../../shared/errors';
import { getApi } from '../bridge';
import { useLoupeStore } from '../store/store';

const { getState, setState } = useLoupeStore;

export function traceSettings(): TraceSettings {
  return getState().settings?.traces ?? { ...defaultTraceSettings };
}

export async function setTraceSetting<K extends keyof TraceSettings>(
  key: K,
  value: TraceSettings[K],
): Promise<void> {
  const settings = getState().settings;
  if (!settings) return;
  try {
    const saved = await getApi().saveSettings({ ...settings, traces: { ...traceSettings(), [key]: value } });
    setState({ settings: saved, settingsError: null });
  } catch (error) {
    setState({ settingsError: toErrorData(error).message });
  }
}
