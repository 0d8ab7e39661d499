import type { JsonObject, JsonValue } from './json.js';
import type { ServerAuth } from './auth.js';
import type { Target, TransportName } from './target.js';
import type { ExtensionChoice, TaskSummary } from './tasks.js';
import type { Diagnosis } from './doctor.js';

/** Which protocol era to speak: auto probes with server/discover and falls back to initialize. */
export type ProtocolChoice = 'auto' | 'modern' | 'legacy';
/** modern: 2026-07-28 and later (per-request _meta, no initialize); legacy: the initialize handshake (2025-11-25 and earlier). */
export type ProtocolEra = 'modern' | 'legacy';

export interface Handshake {
  transport: TransportName;
  /** The era spoken on this session: always set by connect(); absent only in handshakes rebuilt from older snapshots (legacy). */
  era?: ProtocolEra;
  /** How the era was decided (auto's probe outcome, or the caller's --protocol). */
  eraReason?: string;
  /** The server/discover result exactly as sent (modern era; absent when the server was spoken to in the legacy era). */
  discover?: JsonObject;
  /** When `auto` fell back from Streamable HTTP to SSE: why. */
  fallbackReason?: string;
  requestedProtocolVersion: string;
  protocolVersion: string;
  serverInfo: JsonObject | null;
  capabilities: JsonObject;
  /** The capabilities Loupe declared (initialize, or the modern envelope), extensions included. */
  clientCapabilities?: JsonObject;
  instructions?: string;
  sessionId?: string;
  /** initialize (legacy) or server/discover (modern) round trip, ms. */
  roundTripMs: number;
}

/** The settings' per-request timeout until the user sets another, ms. */
export const defaultRequestTimeoutMs = 10_000;

/** The longest per-request timeout a connection (or the settings) may ask for: an hour, in ms. */
export const maxRequestTimeoutMs = 3_600_000;

/** Whether a value is a usable per-request timeout: a whole number of ms from 1 to maxRequestTimeoutMs. */
export function isRequestTimeout(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= maxRequestTimeoutMs;
}

export interface SessionOptions {
  /** Per-request timeout, ms; reset by progress notifications. Default 10000 (the settings' timeoutMs). */
  timeoutMs?: number;
  /** Maximum total time of one request, ms, progress or not. Default 60000. */
  maxTotalMs?: number;
  /** Page limit of list walks. Default 64. */
  pageLimit?: number;
  /** Frames kept in memory. Default 200000. */
  frameLimit?: number;
  /**
   * Largest single message accepted (a stdio line, an SSE event's data, a JSON body), bytes after
   * decompression. Past it the message is recorded truncated and its request fails with 'frame-too-large'.
   * Default 64 MiB.
   */
  maxFrameBytes?: number;
  /** Largest HTTP response body (a JSON body or a POST's whole event stream), bytes after decompression. Default 256 MiB. */
  maxResponseBytes?: number;
  /** Append every frame to this JSON Lines file as it arrives. */
  journalPath?: string;
  /** Roots answered to roots/list. */
  roots?: { uri: string; name?: string }[];
  /** Protocol era to speak. Default auto. */
  protocol?: ProtocolChoice;
  /** Modern era: the log level sent in every request's _meta (io.modelcontextprotocol/logLevel); none by default. */
  logLevel?: string;
  /** Client capabilities to offer beyond the defaults (sampling, elicitation, roots). */
  offer?: { sampling?: boolean; elicitation?: boolean; roots?: boolean };
  /** Extensions Loupe declares (tasks, MCP Apps UI); each on unless set to false. */
  extensions?: Partial<ExtensionChoice>;
  /** HTTP and SSE targets: pre-registered client and extra scopes for the sign-in. */
  auth?: ServerAuth;
  /** Trace context (SEP-414) in each request's `_meta`: on unless `send` is false. */
  traceContext?: TraceContextOption;
}

/**
 * Trace context (SEP-414) in each request Loupe sends: a W3C `traceparent` (the request's span in its action's
 * trace), a `tracestate` starting with Loupe's own entry, and the `baggage` given. On by default.
 */
export interface TraceContextOption {
  send: boolean;
  /** A W3C tracestate sent after Loupe's own entry. */
  tracestate?: string;
  /** A W3C baggage header value sent as it is. */
  baggage?: string;
}

/** A tapped session (`loupe tap` between a host and its server): Loupe watches the connection, it does not own it. */
export interface TapInfo {
  /** "tapped: <client name> <version> → <server name>" */
  label: string;
  /** The host's clientInfo name and version, once its initialize was seen. */
  client?: string;
  /** The tap's process id. */
  pid: number;
  journalPath?: string;
  /** Why Loupe sends nothing on this session (shown where calls would be). */
  readOnly: string;
  /** The fault rules Loupe set on the tap (setTapFaults), as written; the tap's own --fault rules are not listed. */
  faults?: string[];
}

export type SessionStatus =
  | { state: 'idle' }
  | { state: 'connecting'; target: Target; tapped?: TapInfo }
  | {
      state: 'connected';
      target: Target;
      handshake: Handshake;
      /** The per-request timeout this connection uses, ms (its connect option, else the settings' default). */
      requestTimeoutMs?: number;
      tapped?: TapInfo;
    }
  | {
      state: 'closed';
      target: Target;
      reason?: import('./errors.js').LoupeErrorData;
      tapped?: TapInfo;
      /** A tapped connection's handshake as the host made it, kept when it closed (a probe may close at once). */
      handshake?: Handshake;
    };

export interface LogEntry {
  t: number;
  level: string;
  logger?: string;
  data: JsonValue;
}

export interface ProgressEvent {
  callId: string;
  progress: number;
  total?: number;
  message?: string;
}

export interface CallOutcome {
  callId: string;
  tool: string;
  arguments: JsonObject;
  /** The result exactly as sent. */
  result: JsonObject;
  isError: boolean;
  /** structuredContent checked against the tool's outputSchema. */
  structuredValidation?:
    { valid: true } | { valid: false; errors: string[] } | { valid: false; missing: true };
  rttMs: number;
  requestSeq?: number;
  responseSeq?: number;
  /** Input-required rounds before the final answer (modern era), in order. */
  rounds?: InputRound[];
  /** When the call ran as a task: its id, last status and every status seen. */
  task?: TaskSummary;
  /** The connection doctor on a tool error that says the tool is unknown (a stale list). */
  doctor?: Diagnosis;
}

/**
 * One input-required round of a modern request: the request that got `resultType: "input_required"`, the
 * server's inputRequests and what Loupe answered. The retry of round n is the request of round n+1 (or the
 * final request/response pair of the RawResponse / CallOutcome). Seqs are recorder seqs: a UI groups the
 * frames requestSeq…responseSeq of every round with the final pair as one chain.
 */
export interface InputRound {
  /** 1-based. */
  round: number;
  /** JSON-RPC id of this round's request. */
  requestId: string | number;
  requestSeq?: number;
  responseSeq?: number;
  inputRequests: JsonObject;
  inputResponses: JsonObject;
  /** requestState as sent by the server (echoed untouched in the retry). */
  requestState?: string;
}

/** A request the server sent to us (roots/list, sampling/createMessage, elicitation/create). */
export interface ServerRequest {
  requestId: string;
  method: string;
  params: JsonObject;
  receivedAt: number;
}

/** A server request the user answered, with what was chosen in words (kept so a page that re-attaches shows it). */
export interface AnsweredServerRequest {
  request: ServerRequest;
  /** What the user chose, in words (accepted, declined, answered with 2 roots…). */
  outcome: string;
  /** Wall-clock time of the answer, ms since the epoch. */
  answeredAt: number;
}

/**
 * A server request closed before the user answered it (the server cancelled it, the call that caused it was
 * cancelled or timed out, the connection ended): its form closes and says why; no answer can be sent any more.
 */
export interface ClosedServerRequest {
  requestId: string;
  /** Why, in words ("tools/call was cancelled: cancelled by the user"). */
  reason: string;
  /** Wall-clock time, ms since the epoch. */
  closedAt: number;
}

/** What the client answers: a result, or a JSON-RPC error. */
export type ServerRequestAnswer = { result: JsonObject } | { error: { code: number; message: string } };
