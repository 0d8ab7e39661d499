/**
 * The trace flags on every command that talks to a server: trace context out (SEP-414), OpenTelemetry out (OTLP
 * export) and in (the stdio server's own spans). Each sets one field; malformed values are usage errors.
 */
import { LoupeError } from '../shared/errors.js';
import type { TraceContextOption } from '../shared/session.js';
import { isBaggage, isTracestate } from '../shared/trace/traceContext.js';
import type { OtlpProtocol } from '../shared/trace/traceSettings.js';

export interface CliTraceOptions {
  /** --trace-context on|off (default on). */
  context?: boolean;
  tracestate?: string;
  baggage?: string;
  /** --otlp: export the spans (OTEL_EXPORTER_OTLP_* say where; OTEL_TRACES_EXPORTER=otlp turns it on too). */
  export?: boolean;
  /** --otlp-endpoint <url>: the traces endpoint, as OTEL_EXPORTER_OTLP_TRACES_ENDPOINT. */
  endpoint?: string;
  /** --otlp-protocol http/protobuf|http/json. */
  protocol?: OtlpProtocol;
  /** --otlp-receive on|off: the stdio server's own spans on a loopback endpoint (default on). */
  receive?: boolean;
}

export const traceFlagNames = [
  '--trace-context',
  '--tracestate',
  '--baggage',
  '--otlp',
  '--otlp-endpoint',
  '--otlp-protocol',
  '--otlp-receive',
] as const;

export function isTraceFlag(flag: string): boolean {
  return (traceFlagNames as readonly string[]).includes(flag);
}

function usage(message: string): LoupeError {
  return new LoupeError({ kind: 'usage', message });
}

function onOff(flag: string, text: string): boolean {
  if (text === 'on') return true;
  if (text === 'off') return false;
  throw usage(`${flag} is on or off; got "${text}".`);
}

export function traceFlag(options: CliTraceOptions, flag: string, value: () => string): void {
  switch (flag) {
    case '--trace-context':
      options.context = onOff(flag, value());
      return;
    case '--tracestate': {
      const text = value();
      const valid: boolean = isTracestate(text);
      if (!valid)
        throw usage(
          `--tracestate is a W3C tracestate (key=value,key2=value2, lower-case keys); got "${text}".`,
        );
      options.tracestate = text;
      return;
    }
    case '--baggage': {
      const text = value();
      const valid: boolean = isBaggage(text);
      if (!valid) throw usage(`--baggage is a W3C baggage value (key=value,key2=value2); got "${text}".`);
      options.baggage = text;
      return;
    }
    case '--otlp':
      options.export = true;
      return;
    case '--otlp-endpoint': {
      const text = value();
      if (!/^https?:\/\//i.test(text) || !URL.canParse(text))
        throw usage(
          `--otlp-endpoint is an http(s) URL (e.g. http://127.0.0.1:4318/v1/traces); got "${text}".`,
        );
      options.endpoint = text;
      options.export = true;
      return;
    }
    case '--otlp-protocol': {
      const text = value();
      if (text !== 'http/protobuf' && text !== 'http/json')
        throw usage(`--otlp-protocol is http/protobuf or http/json; got "${text}".`);
      options.protocol = text;
      return;
    }
    case '--otlp-receive':
      options.receive = onOff(flag, value());
      return;
    default:
      throw usage(`Unknown option ${flag}.`);
  }
}

/** The trace context a session sends: on unless --trace-context off. */
export function traceContextOf(options: CliTraceOptions): TraceContextOption {
  return {
    send: options.context ?? true,
    ...(options.tracestate !== undefined ? { tracestate: options.tracestate } : {}),
    ...(options.baggage !== undefined ? { baggage: options.baggage } : {}),
  };
}
