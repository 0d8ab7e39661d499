/**
 * Spans as Loupe holds them: its own, read from the recorded frames (framesToSpans.ts), and the server's, received
 * over OTLP (core/trace/otlpReceiver.ts). The shape follows OTLP's Span closely enough to export as it is: hex ids,
 * times as decimal strings of Unix nanoseconds, attributes as plain JSON values.
 */

export type SpanKind = 'internal' | 'server' | 'client' | 'producer' | 'consumer';

/** An attribute value: OTLP's AnyValue as JSON (an int is a whole number, a double any other). */
export type AttributeValue = string | number | boolean | AttributeValue[] | { [key: string]: AttributeValue };
export type SpanAttributes = Record<string, AttributeValue>;

export interface SpanEvent {
  name: string;
  timeUnixNano: string;
  attributes?: SpanAttributes;
}

export interface SpanLink {
  traceId: string;
  spanId: string;
  attributes?: SpanAttributes;
}

/**
 * Who reported the span: Loupe (made from its frames), a tapped host (its own traceparent on a request Loupe only
 * watched: shown, not exported, the host reports it), or the server (received over OTLP).
 */
export type SpanSource = 'loupe' | 'host' | 'server';

export interface TraceSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  traceState?: string;
  name: string;
  kind: SpanKind;
  startTimeUnixNano: string;
  /** Absent while the span is open: a request still waiting for its answer. */
  endTimeUnixNano?: string;
  attributes: SpanAttributes;
  events?: SpanEvent[];
  links?: SpanLink[];
  /** Unset when absent. */
  status?: { code: 'ok' | 'error'; message?: string };
  source: SpanSource;
  /** Loupe's: what the span is in Loupe's terms (the timeline draws each its own way). */
  role?: SpanRole;
  /** Loupe's: the frames it was read from (the request, and its answer once there is one). */
  requestSeq?: number;
  responseSeq?: number;
  /**
   * Loupe's server→client request whose parent is the server's span (it sent a traceparent): the request of Loupe's
   * that caused it, so the timeline nests it in the call even before (or without) the server's spans.
   */
  causeSpanId?: string;
  /** The server's: its resource's attributes (service.name…) and its instrumentation scope. */
  resource?: SpanAttributes;
  scope?: { name: string; version?: string };
}

/**
 * action: the person's action (a walk, a call with its polls), the root of a trace of Loupe's. request: a request
 * Loupe sent (CLIENT). serverRequest: a server→client request Loupe answered (SERVER). task: a task a call became,
 * from its creation to its end, parent of its polls.
 */
export type SpanRole = 'action' | 'request' | 'serverRequest' | 'task';

/** Where the server under inspection may send its spans, while Loupe listens (backend traceReceiver()). */
export interface TraceReceiverInfo {
  /** The OTLP/HTTP traces URL with its per-run credential; absent when receiving is off. */
  tracesUrl?: string;
  listening: boolean;
  stats?: { exports: number; spans: number; dropped: number; refused: number };
}

/** What an export sent (backend exportTraces(), `loupe trace`): where, how, how many spans in how many traces. */
export interface TraceExportReport {
  url: string;
  protocol: 'http/protobuf' | 'http/json';
  spans: number;
  traces: number;
  /** The endpoint's HTTP status. */
  status: number;
  /** OTLP partial success: spans the receiver said it rejected, with its message. */
  rejected?: number;
  message?: string;
}
