/**
 * A loopback OTLP/HTTP receiver for tests: records every request (path, headers, body bytes) and answers 200 (or
 * the status given). Decoding is the tests' business: protobuf with the decoder generated from the official OTLP
 * .proto files (otlp-transformer-generated's root.js, code no one here wrote), JSON with JSON.parse.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

export interface ReceivedExport {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface OtlpSink {
  url: string;
  received: ReceivedExport[];
  /** The status the next answers carry. */
  answerWith(status: number): void;
  close(): Promise<void>;
}

export async function startOtlpSink(): Promise<OtlpSink> {
  const received: ReceivedExport[] = [];
  let status = 200;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      response
        .writeHead(status, { 'content-type': 'application/json' })
        .end(status === 200 ? '{}' : '{"error":"no"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answerWith: (next) => {
      status = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A span as the tests compare it: ids as hex, times as decimal strings, attributes as a flat record. */
export interface DecodedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: Record<string, unknown>;
  events: { name: string; attributes: Record<string, unknown> }[];
  status: { code: number; message: string };
}

export interface DecodedExport {
  resources: { attributes: Record<string, unknown>; spans: DecodedSpan[] }[];
}

interface AnyValueObject {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: string | number;
  doubleValue?: number;
  arrayValue?: { values?: AnyValueObject[] };
  kvlistValue?: { values?: KeyValueObject[] };
}
interface KeyValueObject {
  key: string;
  value?: AnyValueObject;
}

function plainValue(value: AnyValueObject | undefined): unknown {
  if (!value) return undefined;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(plainValue);
  if (value.kvlistValue) return plainAttributes(value.kvlistValue.values);
  return undefined;
}

function plainAttributes(list: KeyValueObject[] | undefined): Record<string, unknown> {
  return Object.fromEntries((list ?? []).map((pair) => [pair.key, plainValue(pair.value)]));
}

interface ExportObject {
  resourceSpans?: {
    resource?: { attributes?: KeyValueObject[] };
    scopeSpans?: {
      spans?: {
        traceId?: string;
        spanId?: string;
        parentSpanId?: string;
        name?: string;
        kind?: number;
        startTimeUnixNano?: string | number;
        endTimeUnixNano?: string | number;
        attributes?: KeyValueObject[];
        events?: { name?: string; attributes?: KeyValueObject[] }[];
        status?: { code?: number; message?: string };
      }[];
    }[];
  }[];
}

function plainExport(object: ExportObject): DecodedExport {
  return {
    resources: (object.resourceSpans ?? []).map((resourceSpans) => ({
      attributes: plainAttributes(resourceSpans.resource?.attributes),
      spans: (resourceSpans.scopeSpans ?? []).flatMap((scope) =>
        (scope.spans ?? []).map((span) => ({
          traceId: span.traceId ?? '',
          spanId: span.spanId ?? '',
          parentSpanId: span.parentSpanId ?? '',
          name: span.name ?? '',
          kind: span.kind ?? 0,
          startTimeUnixNano: String(span.startTimeUnixNano ?? ''),
          endTimeUnixNano: String(span.endTimeUnixNano ?? ''),
          attributes: plainAttributes(span.attributes),
          events: (span.events ?? []).map((event) => ({
            name: event.name ?? '',
            attributes: plainAttributes(event.attributes),
          })),
          status: { code: span.status?.code ?? 0, message: span.status?.message ?? '' },
        })),
      ),
    })),
  };
}

interface GeneratedType {
  decode(bytes: Uint8Array): unknown;
  toObject(message: unknown, options: Record<string, unknown>): unknown;
}
interface GeneratedRoot {
  opentelemetry: { proto: { collector: { trace: { v1: { ExportTraceServiceRequest: GeneratedType } } } } };
}

const generated = createRequire(import.meta.url)(
  'otlp-transformer-generated/build/src/generated/root.js',
) as GeneratedRoot;

/** Decodes an OTLP protobuf body with the generated decoder; ids become hex. */
export function decodeProtobuf(body: Uint8Array): DecodedExport {
  const type = generated.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
  const object = type.toObject(type.decode(body), {
    longs: String,
    enums: Number,
    bytes: Array,
    defaults: false,
  }) as {
    resourceSpans?: { scopeSpans?: { spans?: Record<string, unknown>[] }[] }[];
  };
  const hex = (value: unknown): string | undefined =>
    Array.isArray(value) ? Buffer.from(value as number[]).toString('hex') : undefined;
  for (const resourceSpans of object.resourceSpans ?? [])
    for (const scope of resourceSpans.scopeSpans ?? [])
      for (const span of scope.spans ?? []) {
        span.traceId = hex(span.traceId);
        span.spanId = hex(span.spanId);
        span.parentSpanId = hex(span.parentSpanId) || undefined;
      }
  return plainExport(object);
}

export function decodeJson(body: Buffer): DecodedExport {
  return plainExport(JSON.parse(body.toString('utf8')) as ExportObject);
}
