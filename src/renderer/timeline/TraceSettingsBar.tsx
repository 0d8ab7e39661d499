/** Trace context out, OpenTelemetry out and in: the saved settings, said where the timeline is (from the next connection). */
import './timeline.css';
import { defaultTraceSettings } from '../../shared/trace/traceSettings';
import { useLoupeStore } from '../store/store';
import { setTraceSetting } from './traceSettingsActions';

export function TraceSettingsBar() {
  const traces = useLoupeStore((state) => state.settings?.traces ?? defaultTraceSettings);
  const known = useLoupeStore((state) => state.settings !== null);
  if (!known) return null;
  return (
    <fieldset className="trace-settings" aria-label="Trace settings">
      <legend>Traces (from the next connection)</legend>
      <label className="small">
        <input
          type="checkbox"
          checked={traces.context}
          onChange={(event) => void setTraceSetting('context', event.target.checked)}
        />{' '}
        Send trace context: a W3C <span className="mono">traceparent</span> in each request’s{' '}
        <span className="mono">_meta</span> (SEP-414), one trace per action
      </label>
    </fieldset>
  );
}
