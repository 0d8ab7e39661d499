/**
 * Where and how Loupe exports spans over OTLP/HTTP, read as the OpenTelemetry SDKs read it (the OTLP exporter
 * configuration of the OpenTelemetry specification): OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as it is, else
 * OTEL_EXPORTER_OTLP_ENDPOINT with /v1/traces appended; OTEL_EXPORTER_OTLP_(TRACES_)HEADERS as key=value pairs,
 * comma-separated, values percent-decoded; OTEL_EXPORTER_OTLP_(TRACES_)PROTOCOL http/protobuf (default) or
 * http/json (grpc is not spoken: a usage error); OTEL_EXPORTER_OTLP_(TRACES_)TIMEOUT in ms (default 10000). A flag
 * or setting wins over the environment. Without an endpoint nothing is exported: nothing leaves the machine unasked.
 */
import { LoupeError } from '../../shared/errors.js';
import type { OtlpProtocol } from '../../shared/trace/traceSettings.js';

export interface OtlpTarget {
  /** The full traces URL. */
  url: string;
  protocol: OtlpProtocol;
  /** Sent with the export (e.g. an API key); never printed nor recorded. */
  headers: Record<string, string>;
  timeoutMs: number;
}

export interface OtlpGiven {
  endpoint?: string;
  protocol?: OtlpProtocol;
}

type Environment = Readonly<Record<string, string | undefined>>;

function usage(message: string): LoupeError {
  return new LoupeError({ kind: 'usage', message });
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}

function httpUrl(text: string, from: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw usage(`${from} is not a URL: "${text}".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw usage(`${from} is an http(s) URL; got "${text}".`);
  return url.toString();
}

/** The traces URL, or undefined when none is configured. */
export function otlpTracesUrl(given: OtlpGiven, env: Environment): string | undefined {
  if (given.endpoint !== undefined) return httpUrl(given.endpoint, 'The OTLP endpoint');
  const traces = nonEmpty(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
  if (traces !== undefined) return httpUrl(traces, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT');
  const base = nonEmpty(env.OTEL_EXPORTER_OTLP_ENDPOINT);
  if (base === undefined) return undefined;
  const url = new URL(httpUrl(base, 'OTEL_EXPORTER_OTLP_ENDPOINT'));
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/v1/traces`;
  return url.toString();
}

/** key=value,key2=value2 (W3C baggage-like), values percent-decoded; a malformed pair is a usage error. */
export function parseOtlpHeaders(text: string | undefined, from: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const pair of (text ?? '').split(',')) {
    if (pair.trim() === '') continue;
    const equals = pair.indexOf('=');
    const key = equals > 0 ? pair.slice(0, equals).trim() : '';
    if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(key))
      throw usage(`${from} holds a pair that is not key=value (the value is not shown).`);
    let value: string;
    try {
      value = decodeURIComponent(pair.slice(equals + 1).trim());
    } catch {
      throw usage(`${from}: the value of ${key} is not percent-encoded text.`);
    }
    if (/[\r\n\0]/.test(value)) throw usage(`${from}: the value of ${key} holds a line break.`);
    headers[key.toLowerCase()] = value;
  }
  return headers;
}

function protocolOf(given: OtlpGiven, env: Environment): OtlpProtocol {
  if (given.protocol !== undefined) return given.protocol;
  const named = nonEmpty(env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL) ?? nonEmpty(env.OTEL_EXPORTER_OTLP_PROTOCOL);
  if (named === undefined || named === 'http/protobuf') return 'http/protobuf';
  if (named === 'http/json') return 'http/json';
  throw usage(
    `Loupe exports OTLP over HTTP: the protocol is http/protobuf or http/json; got "${named}" (grpc is not spoken).`,
  );
}

function timeoutOf(env: Environment): number {
  const text = nonEmpty(env.OTEL_EXPORTER_OTLP_TRACES_TIMEOUT) ?? nonEmpty(env.OTEL_EXPORTER_OTLP_TIMEOUT);
  const value = text === undefined ? Number.NaN : Number(text);
  return Number.isInteger(value) && value > 0 && value <= 600_000 ? value : 10_000;
}

/** The export target the flags or settings and the environment name, or undefined when none names an endpoint. */
export function otlpTarget(given: OtlpGiven, env: Environment = process.env): OtlpTarget | undefined {
  const url = otlpTracesUrl(given, env);
  if (url === undefined) return undefined;
  const traceHeaders = env.OTEL_EXPORTER_OTLP_TRACES_HEADERS;
  return {
    url,
    protocol: protocolOf(given, env),
    headers: {
      ...parseOtlpHeaders(env.OTEL_EXPORTER_OTLP_HEADERS, 'OTEL_EXPORTER_OTLP_HEADERS'),
      ...parseOtlpHeaders(traceHeaders, 'OTEL_EXPORTER_OTLP_TRACES_HEADERS'),
    },
    timeoutMs: timeoutOf(env),
  };
}
