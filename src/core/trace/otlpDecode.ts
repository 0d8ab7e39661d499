/**
 * The server's spans as it sent them over OTLP/HTTP (protobuf or JSON), read as hostile input into Loupe's
 * TraceSpan (source 'server'): ids checked (a span with a malformed one is dropped and counted), strings cut at
 * 4 KiB, at most 128 attributes a span and 128 events, nested values at most 4 deep, at most `maxSpans` spans.
 * Field numbers: opentelemetry/proto trace/v1/trace.proto, common/v1/common.proto, resource/v1/resource.proto.
 */
import { isJsonObject, type JsonObject, type JsonValue } from '../../shared/json.js';
import type { AttributeValue, SpanAttributes, SpanKind, TraceSpan } from '../../shared/trace/spans.js';
import { isSpanId, isTraceId } from '../../shared/trace/traceContext.js';
import { fixed64, float64, hexOf, protoFields, protoString } from './protobufReader.js';

export interface DecodedSpans {
  spans: TraceSpan[];
  /** Spans left out: malformed ids, or past the limit. */
  dropped: number;
}

const maxText = 4096;
const maxAttributes = 128;
const maxEvents = 128;
const maxDepth = 4;
const kinds: readonly SpanKind[] = ['internal', 'internal', 'server', 'client', 'producer', 'consumer'];

function cut(text: string): string {
  return text.length > maxText ? text.slice(0, maxText) : text;
}

function kindOf(value: number): SpanKind {
  return kinds[value] ?? 'internal';
}

function statusOf(code: number, message: string): TraceSpan['status'] {
  if (code === 1) return { code: 'ok' };
  if (code === 2) return { code: 'error', ...(message ? { message: cut(message) } : {}) };
  return undefined;
}

// ---- protobuf ----

function* fieldsOf(bytes: Uint8Array, number: number): Generator<Uint8Array> {
  for (const field of protoFields(bytes)) if (field.field === number && field.wire === 2) yield field.bytes;
}

function protoValue(bytes: Uint8Array, depth: number): AttributeValue | undefined {
  for (const field of protoFields(bytes)) {
    if (field.wire === 2 && field.field === 1) return cut(protoString(field.bytes));
    if (field.wire === 0 && field.field === 2) return field.value !== 0n;
    if (field.wire === 0 && field.field === 3) return Number(BigInt.asIntN(64, field.value));
    if (field.wire === 1 && field.field === 4) return float64(field.bytes);
    if (field.wire === 2 && field.field === 7) return hexOf(field.bytes.subarray(0, maxText / 2));
    if (depth >= maxDepth) return undefined;
    if (field.wire === 2 && field.field === 5)
      return [...fieldsOf(field.bytes, 1)]
        .slice(0, maxAttributes)
        .map((item) => protoValue(item, depth + 1))
        .filter((item): item is AttributeValue => item !== undefined);
    if (field.wire === 2 && field.field === 6) return protoAttributes(fieldsOf(field.bytes, 1), depth + 1);
  }
  return undefined;
}

function protoAttributes(pairs: Iterable<Uint8Array>, depth = 0): SpanAttributes {
  const attributes: SpanAttributes = {};
  let count = 0;
  for (const pair of pairs) {
    if (++count > maxAttributes) break;
    let key: string | undefined;
    let value: AttributeValue | undefined;
    for (const field of protoFields(pair)) {
      if (field.wire !== 2) continue;
      if (field.field === 1) key = cut(protoString(field.bytes));
      else if (field.field === 2) value = protoValue(field.bytes, depth);
    }
    if (key !== undefined && value !== undefined) attributes[key] = value;
  }
  return attributes;
}

function protoSpan(
  bytes: Uint8Array,
  resource: SpanAttributes,
  scope: TraceSpan['scope'],
): TraceSpan | undefined {
  const span: Partial<TraceSpan> & { attributes: SpanAttributes } = {
    attributes: {},
    source: 'server',
    resource,
  };
  if (scope) span.scope = scope;
  const attributes: Uint8Array[] = [];
  let statusCode = 0;
  let statusMessage = '';
  for (const field of protoFields(bytes)) {
    if (field.wire === 2) {
      if (field.field === 1) span.traceId = hexOf(field.bytes);
      else if (field.field === 2) span.spanId = hexOf(field.bytes);
      else if (field.field === 3 && field.bytes.length > 0) span.traceState = cut(protoString(field.bytes));
      else if (field.field === 4 && field.bytes.length > 0) span.parentSpanId = hexOf(field.bytes);
      else if (field.field === 5) span.name = cut(protoString(field.bytes));
      else if (field.field === 9) attributes.push(field.bytes);
      else if (field.field === 11 && (span.events?.length ?? 0) < maxEvents) {
        let time = 0n;
        let name = '';
        const eventAttributes: Uint8Array[] = [];
        for (const part of protoFields(field.bytes)) {
          if (part.wire === 1 && part.field === 1) time = fixed64(part.bytes);
          else if (part.wire === 2 && part.field === 2) name = cut(protoString(part.bytes));
          else if (part.wire === 2 && part.field === 3) eventAttributes.push(part.bytes);
        }
        (span.events ??= []).push({
          name,
          timeUnixNano: time.toString(),
          attributes: protoAttributes(eventAttributes),
        });
      } else if (field.field === 15) {
        for (const part of protoFields(field.bytes)) {
          if (part.wire === 2 && part.field === 2) statusMessage = protoString(part.bytes);
          else if (part.wire === 0 && part.field === 3) statusCode = Number(part.value);
        }
      }
    } else if (field.wire === 0 && field.field === 6) span.kind = kindOf(Number(field.value));
    else if (field.wire === 1 && field.field === 7) span.startTimeUnixNano = fixed64(field.bytes).toString();
    else if (field.wire === 1 && field.field === 8) span.endTimeUnixNano = fixed64(field.bytes).toString();
  }
  span.attributes = protoAttributes(attributes);
  const status = statusOf(statusCode, statusMessage);
  if (status) span.status = status;
  return finished(span);
}

function finished(span: Partial<TraceSpan> & { attributes: SpanAttributes }): TraceSpan | undefined {
  if (!isTraceId(span.traceId) || !isSpanId(span.spanId)) return undefined;
  if (span.parentSpanId !== undefined && !isSpanId(span.parentSpanId)) delete span.parentSpanId;
  if (!/^\d{1,20}$/.test(span.startTimeUnixNano ?? '')) return undefined;
  if (span.endTimeUnixNano !== undefined && !/^\d{1,20}$/.test(span.endTimeUnixNano))
    delete span.endTimeUnixNano;
  return {
    ...span,
    traceId: span.traceId,
    spanId: span.spanId,
    name: span.name ?? '',
    kind: span.kind ?? 'internal',
    startTimeUnixNano: span.startTimeUnixNano ?? '0',
    attributes: span.attributes,
    source: 'server',
  };
}

export function decodeOtlpProtobuf(body: Uint8Array, maxSpans: number): DecodedSpans {
  const decoded: DecodedSpans = { spans: [], dropped: 0 };
  for (const resourceSpans of fieldsOf(body, 1)) {
    let resource: SpanAttributes = {};
    for (const part of fieldsOf(resourceSpans, 1)) resource = protoAttributes(fieldsOf(part, 1));
    for (const scopeSpans of fieldsOf(resourceSpans, 2)) {
      let scope: TraceSpan['scope'];
      for (const field of protoFields(scopeSpans)) {
        if (field.wire !== 2) continue;
        if (field.field === 1) {
          let name = '';
          let version: string | undefined;
          for (const part of protoFields(field.bytes)) {
            if (part.wire === 2 && part.field === 1) name = cut(protoString(part.bytes));
            else if (part.wire === 2 && part.field === 2) version = cut(protoString(part.bytes));
          }
          scope = version !== undefined ? { name, version } : { name };
        } else if (field.field === 2) {
          const span = decoded.spans.length < maxSpans ? protoSpan(field.bytes, resource, scope) : undefined;
          if (span) decoded.spans.push(span);
          else decoded.dropped++;
        }
      }
    }
  }
  return decoded;
}

// ---- JSON ----

function jsonValue(value: JsonValue | undefined, depth: number): AttributeValue | undefined {
  if (!isJsonObject(value)) return undefined;
  if (typeof value.stringValue === 'string') return cut(value.stringValue);
  if (typeof value.boolValue === 'boolean') return value.boolValue;
  if (typeof value.intValue === 'string' || typeof value.intValue === 'number') {
    const number = Number(value.intValue);
    return Number.isFinite(number) ? number : undefined;
  }
  if (typeof value.doubleValue === 'number') return value.doubleValue;
  if (typeof value.bytesValue === 'string') return cut(value.bytesValue);
  if (depth >= maxDepth) return undefined;
  if (isJsonObject(value.arrayValue) && Array.isArray(value.arrayValue.values))
    return value.arrayValue.values
      .slice(0, maxAttributes)
      .map((item) => jsonValue(item, depth + 1))
      .filter((item): item is AttributeValue => item !== undefined);
  if (isJsonObject(value.kvlistValue)) return jsonAttributes(value.kvlistValue.values, depth + 1);
  return undefined;
}

function jsonAttributes(list: JsonValue | undefined, depth = 0): SpanAttributes {
  const attributes: SpanAttributes = {};
  if (!Array.isArray(list)) return attributes;
  for (const pair of list.slice(0, maxAttributes)) {
    if (!isJsonObject(pair) || typeof pair.key !== 'string') continue;
    const value = jsonValue(pair.value, depth);
    if (value !== undefined) attributes[cut(pair.key)] = value;
  }
  return attributes;
}

function jsonTime(value: JsonValue | undefined): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  return undefined;
}

function jsonSpan(
  value: JsonObject,
  resource: SpanAttributes,
  scope: TraceSpan['scope'],
): TraceSpan | undefined {
  const span: Partial<TraceSpan> & { attributes: SpanAttributes } = {
    attributes: jsonAttributes(value.attributes),
    source: 'server',
    resource,
  };
  if (scope) span.scope = scope;
  if (typeof value.traceId === 'string') span.traceId = value.traceId.toLowerCase();
  if (typeof value.spanId === 'string') span.spanId = value.spanId.toLowerCase();
  if (typeof value.parentSpanId === 'string' && value.parentSpanId !== '')
    span.parentSpanId = value.parentSpanId.toLowerCase();
  if (typeof value.traceState === 'string' && value.traceState !== '')
    span.traceState = cut(value.traceState);
  if (typeof value.name === 'string') span.name = cut(value.name);
  if (typeof value.kind === 'number') span.kind = kindOf(value.kind);
  const start = jsonTime(value.startTimeUnixNano);
  const end = jsonTime(value.endTimeUnixNano);
  if (start !== undefined) span.startTimeUnixNano = start;
  if (end !== undefined) span.endTimeUnixNano = end;
  if (Array.isArray(value.events))
    span.events = value.events.slice(0, maxEvents).flatMap((event) =>
      isJsonObject(event)
        ? [
            {
              name: typeof event.name === 'string' ? cut(event.name) : '',
              timeUnixNano: jsonTime(event.timeUnixNano) ?? '0',
              attributes: jsonAttributes(event.attributes),
            },
          ]
        : [],
    );
  if (isJsonObject(value.status)) {
    const status = statusOf(
      typeof value.status.code === 'number' ? value.status.code : 0,
      typeof value.status.message === 'string' ? value.status.message : '',
    );
    if (status) span.status = status;
  }
  return finished(span);
}

export function decodeOtlpJson(body: unknown, maxSpans: number): DecodedSpans {
  const decoded: DecodedSpans = { spans: [], dropped: 0 };
  if (!isJsonObject(body) || !Array.isArray(body.resourceSpans)) return decoded;
  for (const resourceSpans of body.resourceSpans) {
    if (!isJsonObject(resourceSpans)) continue;
    const resource = isJsonObject(resourceSpans.resource)
      ? jsonAttributes(resourceSpans.resource.attributes)
      : {};
    if (!Array.isArray(resourceSpans.scopeSpans)) continue;
    for (const scopeSpans of resourceSpans.scopeSpans) {
      if (!isJsonObject(scopeSpans) || !Array.isArray(scopeSpans.spans)) continue;
      const scopeValue = isJsonObject(scopeSpans.scope) ? scopeSpans.scope : undefined;
      const scope =
        scopeValue && typeof scopeValue.name === 'string'
          ? {
              name: cut(scopeValue.name),
              ...(typeof scopeValue.version === 'string' ? { version: cut(scopeValue.version) } : {}),
            }
          : undefined;
      for (const spanValue of scopeSpans.spans) {
        const span =
          decoded.spans.length < maxSpans && isJsonObject(spanValue)
            ? jsonSpan(spanValue, resource, scope)
            : undefined;
        if (span) decoded.spans.push(span);
        else decoded.dropped++;
      }
    }
  }
  return decoded;
}
