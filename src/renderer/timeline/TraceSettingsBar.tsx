/**
 * Trace context out, OpenTelemetry out and in: the saved settings, said where the timeline is (from the next
 * connection), and a button that exports this session's spans now.
 */
import './timeline.css';
import { useState } from 'react';
import { defaultTraceSettings } from '../../shared/trace/traceSettings';
import { useLoupeStore } from '../store/store';
import { exportSessionSpans, setTraceSetting } from './traceSettingsActions';

export function TraceSettingsBar() {
  const traces = useLoupeStore((state) => state.settings?.traces ?? defaultTraceSettings);
  const known = useLoupeStore((state) => state.settings !== null);
  const [exported, setExported] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
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
      <label className="small">
        <input
          type="checkbox"
          checked={traces.receive}
          onChange={(event) => void setTraceSetting('receive', event.target.checked)}
        />{' '}
        Receive the server’s own spans (OTLP on loopback; a stdio server is told where)
      </label>
      <label className="small">
        OTLP endpoint{' '}
        <input
          type="url"
          className="mono"
          placeholder="else OTEL_EXPORTER_OTLP_ENDPOINT"
          defaultValue={traces.endpoint ?? ''}
          onBlur={(event) => {
            const value = event.target.value.trim();
            void setTraceSetting('endpoint', value === '' ? undefined : value);
          }}
        />
      </label>
      <label className="small">
        as{' '}
        <select
          value={traces.protocol ?? 'http/protobuf'}
          onChange={(event) =>
            void setTraceSetting(
              'protocol',
              event.target.value === 'http/json' ? 'http/json' : 'http/protobuf',
            )
          }
        >
          <option value="http/protobuf">protobuf</option>
          <option value="http/json">JSON</option>
        </select>
      </label>
      <button
        type="button"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void exportSessionSpans().then((message) => {
            setExported(message);
            setBusy(false);
          });
        }}
      >
        Export spans
      </button>
      {exported !== null && (
        <span className="small" role="status">
          {exported}
        </span>
      )}
    </fieldset>
  );
}
