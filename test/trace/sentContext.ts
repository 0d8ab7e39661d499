/** What the recorded frames say was sent: each outbound request with the trace context in its params._meta. */
import type { Frame } from '../../src/shared/frames.js';
import { isJsonObject } from '../../src/shared/json.js';

export interface SentRequest {
  seq: number;
  method: string;
  id: string | number;
  traceparent?: unknown;
  tracestate?: unknown;
  baggage?: unknown;
  /** Every _meta key, in order. */
  metaKeys: string[];
}

const traceparentShape = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;

export function sentRequests(frames: readonly Frame[]): SentRequest[] {
  return frames
    .filter((frame) => frame.direction === 'out' && frame.kind === 'request' && frame.channel !== 'app')
    .map((frame) => {
      const message: unknown = JSON.parse(frame.raw);
      const params = isJsonObject(message) && isJsonObject(message.params) ? message.params : {};
      const meta = isJsonObject(params._meta) ? params._meta : {};
      return {
        seq: frame.seq,
        method: frame.method ?? '',
        id: frame.id ?? '',
        traceparent: meta.traceparent,
        tracestate: meta.tracestate,
        baggage: meta.baggage,
        metaKeys: Object.keys(meta),
      };
    });
}

/** The trace id and span id of a traceparent Loupe sent (version 00, sampled), or a thrown error naming it. */
export function idsOf(request: SentRequest): { traceId: string; spanId: string } {
  const match = typeof request.traceparent === 'string' ? traceparentShape.exec(request.traceparent) : null;
  if (!match)
    throw new Error(
      `${request.method} (seq ${request.seq}) carried no traceparent Loupe makes: ${String(request.traceparent)}`,
    );
  return { traceId: match[1] ?? '', spanId: match[2] ?? '' };
}

/** The action span of Loupe's tracestate entry (loupe=<16 hex>), or a thrown error. */
export function actionOf(request: SentRequest): string {
  const match =
    typeof request.tracestate === 'string' ? /^loupe=([0-9a-f]{16})(?:,|$|:)/.exec(request.tracestate) : null;
  if (!match)
    throw new Error(
      `${request.method} (seq ${request.seq}) carried no loupe tracestate entry: ${String(request.tracestate)}`,
    );
  return match[1] ?? '';
}
