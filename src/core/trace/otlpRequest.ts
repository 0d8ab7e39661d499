/**
 * Spans as an OTLP ExportTraceServiceRequest (opentelemetry/proto/collector/trace/v1/trace_service.proto and
 * trace/v1/trace.proto, common/v1/common.proto, resource/v1/resource.proto), in its two HTTP encodings: protobuf
 * (application/x-protobuf) and JSON (application/json: ids as hex, enums as numbers, 64-bit integers as decimal
 * strings, per the OTLP/JSON rules). Loupe's spans are one resource (service.name "loupe"); the server's keep the
 * resource and scope they came with. A tapped host's spans are not exported: the host reports its own.
 * A span still open (a request never answered) ends at `openEnd` with status ERROR and loupe.unanswered.
 */
import type { AttributeValue, SpanAttributes, SpanKind, TraceSpan } from '../../shared/trace/spans.js';
import { hexBytes, ProtoMessage } from './protobufWriter.js';

export interface ScopeGroup {
  scope: { name: string; version?: string };
  spans: TraceSpan[];
}

export interface ResourceGroup {
  resource: SpanAttributes;
  scopes: ScopeGroup[];
}

const kindNumber: Record<SpanKind, number> = { internal: 1, server: 2, client: 3, producer: 4, consumer: 5 };
const statusNumber = { ok: 1, error: 2 } as const;

/** The spans to export, grouped by resource and scope; open spans closed at `openEnd` (Unix ns). */
export function exportGroups(
  spans: readonly TraceSpan[],
  loupeVersion: string,
  openEnd: string,
): ResourceGroup[] {
  const loupe: ScopeGroup = { scope: { name: 'loupe', version: loupeVersion }, spans: [] };
  const groups: ResourceGroup[] = [
    { resource: { 'service.name': 'loupe', 'service.version': loupeVersion }, scopes: [loupe] },
  ];
  const byResource = new Map<string, ResourceGroup>();
  for (const span of spans) {
    if (span.source === 'host') continue;
    const closed = span.endTimeUnixNano !== undefined ? span : closeOpen(span, openEnd);
    if (span.source === 'loupe') {
      loupe.spans.push(closed);
      continue;
    }
    const resourceKey = JSON.stringify(span.resource ?? {});
    let group = byResource.get(resourceKey);
    if (!group) {
      group = { resource: span.resource ?? {}, scopes: [] };
      byResource.set(resourceKey, group);
      groups.push(group);
    }
    const scope = span.scope ?? { name: '' };
    let scopeGroup = group.scopes.find(
      (candidate) => candidate.scope.name === scope.name && candidate.scope.version === scope.version,
    );
    if (!scopeGroup) {
      scopeGroup = { scope, spans: [] };
      group.scopes.push(scopeGroup);
    }
    scopeGroup.spans.push(closed);
  }
  return groups.filter((group) => group.scopes.some((scope) => scope.spans.length > 0));
}

function closeOpen(span: TraceSpan, openEnd: string): TraceSpan {
  const end = BigInt(openEnd) > BigInt(span.startTimeUnixNano) ? openEnd : span.startTimeUnixNano;
  return {
    ...span,
    endTimeUnixNano: end,
    attributes: { ...span.attributes, 'loupe.unanswered': true },
    status: { code: 'error', message: 'No answer was recorded.' },
  };
}

// ---- JSON ----

type JsonAnyValue =
  | { stringValue: string }
  | { boolValue: boolean }
  | { intValue: string }
  | { doubleValue: number }
  | { arrayValue: { values: JsonAnyValue[] } }
  | { kvlistValue: { values: { key: string; value: JsonAnyValue }[] } };

function jsonValue(value: AttributeValue): JsonAnyValue {
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { boolValue: value };
  if (typeof value === 'number')
    return Number.isSafeInteger(value) ? { intValue: String(value) } : { doubleValue: value };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(jsonValue) } };
  return { kvlistValue: { values: jsonAttributes(value) } };
}

function jsonAttributes(attributes: SpanAttributes | undefined): { key: string; value: JsonAnyValue }[] {
  return Object.entries(attributes ?? {}).map(([key, value]) => ({ key, value: jsonValue(value) }));
}

function jsonSpan(span: TraceSpan): Record<string, unknown> {
  return {
    traceId: span.traceId,
    spanId: span.spanId,
    ...(span.traceState !== undefined ? { traceState: span.traceState } : {}),
    ...(span.parentSpanId !== undefined ? { parentSpanId: span.parentSpanId } : {}),
    name: span.name,
    kind: kindNumber[span.kind],
    startTimeUnixNano: span.startTimeUnixNano,
    endTimeUnixNano: span.endTimeUnixNano ?? span.startTimeUnixNano,
    attributes: jsonAttributes(span.attributes),
    events: (span.events ?? []).map((event) => ({
      timeUnixNano: event.timeUnixNano,
      name: event.name,
      attributes: jsonAttributes(event.attributes),
    })),
    links: (span.links ?? []).map((link) => ({
      traceId: link.traceId,
      spanId: link.spanId,
      attributes: jsonAttributes(link.attributes),
    })),
    status: span.status
      ? {
          code: statusNumber[span.status.code],
          ...(span.status.message ? { message: span.status.message } : {}),
        }
      : {},
  };
}

/** The request as OTLP/JSON text. */
export function otlpJson(groups: readonly ResourceGroup[]): string {
  return JSON.stringify({
    resourceSpans: groups.map((group) => ({
      resource: { attributes: jsonAttributes(group.resource) },
      scopeSpans: group.scopes.map((scope) => ({
        scope: { name: scope.scope.name, ...(scope.scope.version ? { version: scope.scope.version } : {}) },
        spans: scope.spans.map(jsonSpan),
      })),
    })),
  });
}

// ---- protobuf ----

function protoValue(value: AttributeValue): ProtoMessage {
  const any = new ProtoMessage();
  if (typeof value === 'string') return any.string(1, value);
  if (typeof value === 'boolean') return any.uint(2, value ? 1 : 0);
  if (typeof value === 'number')
    return Number.isSafeInteger(value) ? any.uint(3, BigInt(value)) : any.double(4, value);
  if (Array.isArray(value)) {
    const array = new ProtoMessage();
    for (const item of value) array.message(1, protoValue(item));
    return any.message(5, array);
  }
  const list = new ProtoMessage();
  for (const pair of protoAttributes(value)) list.message(1, pair);
  return any.message(6, list);
}

function protoAttributes(attributes: SpanAttributes | undefined): ProtoMessage[] {
  return Object.entries(attributes ?? {}).map(([key, value]) =>
    new ProtoMessage().string(1, key).message(2, protoValue(value)),
  );
}

function protoSpan(span: TraceSpan): ProtoMessage {
  const message = new ProtoMessage().bytes(1, hexBytes(span.traceId)).bytes(2, hexBytes(span.spanId));
  if (span.traceState !== undefined) message.string(3, span.traceState);
  if (span.parentSpanId !== undefined) message.bytes(4, hexBytes(span.parentSpanId));
  message
    .string(5, span.name)
    .uint(6, kindNumber[span.kind])
    .fixed64(7, BigInt(span.startTimeUnixNano))
    .fixed64(8, BigInt(span.endTimeUnixNano ?? span.startTimeUnixNano));
  for (const attribute of protoAttributes(span.attributes)) message.message(9, attribute);
  for (const event of span.events ?? []) {
    const encoded = new ProtoMessage().fixed64(1, BigInt(event.timeUnixNano)).string(2, event.name);
    for (const attribute of protoAttributes(event.attributes)) encoded.message(3, attribute);
    message.message(11, encoded);
  }
  for (const link of span.links ?? []) {
    const encoded = new ProtoMessage().bytes(1, hexBytes(link.traceId)).bytes(2, hexBytes(link.spanId));
    for (const attribute of protoAttributes(link.attributes)) encoded.message(4, attribute);
    message.message(13, encoded);
  }
  if (span.status) {
    const status = new ProtoMessage();
    if (span.status.message) status.string(2, span.status.message);
    status.uint(3, statusNumber[span.status.code]);
    message.message(15, status);
  }
  return message;
}

/** The request as OTLP protobuf bytes. */
export function otlpProtobuf(groups: readonly ResourceGroup[]): Uint8Array {
  const request = new ProtoMessage();
  for (const group of groups) {
    const resourceSpans = new ProtoMessage();
    const resource = new ProtoMessage();
    for (const attribute of protoAttributes(group.resource)) resource.message(1, attribute);
    resourceSpans.message(1, resource);
    for (const scope of group.scopes) {
      const scopeSpans = new ProtoMessage();
      const instrumentation = new ProtoMessage().string(1, scope.scope.name);
      if (scope.scope.version) instrumentation.string(2, scope.scope.version);
      scopeSpans.message(1, instrumentation);
      for (const span of scope.spans) scopeSpans.message(2, protoSpan(span));
      resourceSpans.message(2, scopeSpans);
    }
    request.message(1, resourceSpans);
  }
  return request.finish();
}
