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

/** Exports the session's spans now (the settings' endpoint, else the backend's OTEL_EXPORTER_OTLP_*): what happened, in words. */
export async function exportSessionSpans(): Promise<string> {
  try {
    const report = await getApi().exportTraces();
    const rejected = report.rejected !== undefined ? `; the endpoint rejected ${report.rejected}` : '';
    return `Exported ${report.spans} spans in ${report.traces} traces to ${report.url} (${report.protocol})${rejected}.`;
  } catch (error) {
    return `Not exported: ${toErrorData(error).message}`;
  }
}
