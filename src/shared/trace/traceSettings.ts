/** What the settings keep about traces (Settings.traces): trace context out, OpenTelemetry out and in. */
import { isJsonObject } from '../json.js';
import { isBaggage, isTracestate } from './traceContext.js';

export type OtlpProtocol = 'http/protobuf' | 'http/json';

export interface TraceSettings {
  /** Trace context (SEP-414) in each request's `_meta`. Default on. */
  context: boolean;
  /** A W3C tracestate sent after Loupe's own entry. */
  tracestate?: string;
  /** A W3C baggage value sent with each request. */
  baggage?: string;
  /** Export the spans over OTLP/HTTP (where and how: OTEL_EXPORTER_OTLP_* or the fields below). Default off. */
  export: boolean;
  /** The traces endpoint (a full URL, e.g. http://127.0.0.1:4318/v1/traces); else from the environment. */
  endpoint?: string;
  /** Else OTEL_EXPORTER_OTLP_(TRACES_)PROTOCOL, else http/protobuf. */
  protocol?: OtlpProtocol;
  /** Receive a stdio server's own spans on a loopback OTLP endpoint given to it in its environment. Default on. */
  receive: boolean;
}

export const defaultTraceSettings: Readonly<TraceSettings> = Object.freeze({
  context: true,
  export: false,
  receive: true,
});

/** Any value to valid trace settings: malformed fields dropped or defaulted. */
export function normalizeTraceSettings(value: unknown): TraceSettings {
  const source = isJsonObject(value) ? value : {};
  const settings: TraceSettings = {
    context: typeof source.context === 'boolean' ? source.context : defaultTraceSettings.context,
    export: typeof source.export === 'boolean' ? source.export : defaultTraceSettings.export,
    receive: typeof source.receive === 'boolean' ? source.receive : defaultTraceSettings.receive,
  };
  if (isTracestate(source.tracestate) && source.tracestate.trim() !== '')
    settings.tracestate = source.tracestate.trim();
  if (isBaggage(source.baggage)) settings.baggage = source.baggage.trim();
  if (typeof source.endpoint === 'string' && isHttpUrl(source.endpoint)) settings.endpoint = source.endpoint;
  if (source.protocol === 'http/protobuf' || source.protocol === 'http/json')
    settings.protocol = source.protocol;
  return settings;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
