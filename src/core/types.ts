/**
 * The engine's internal seams. The wire/session layer implements McpSession; lists, lint, calls,
 * snapshots and the backend are written against it.
 */
import type { LoupeErrorData } from '../shared/errors.js';
import type { Frame, RecorderStats } from '../shared/frames.js';
import type { JsonObject } from '../shared/json.js';
import type { Handshake, InputRound, SessionOptions } from '../shared/session.js';
import type { ToolHeaderMap } from './wire/modernHeaders.js';
import type { StdioTarget, UrlTarget } from '../shared/target.js';

export type Unsubscribe = () => void;

/** A target the engine can dial: the demo target is resolved by the caller to a stdio target first. */
export type DialTarget = StdioTarget | UrlTarget;

export interface FrameSource {
  /** Called for every frame as it is recorded, in order. */
  subscribe(listener: (frame: Frame) => void): Unsubscribe;
  /** Frames held in memory with seq > after, at most limit of them. */
  frames(after?: number, limit?: number): Frame[];
  stats(): RecorderStats;
}

export interface RequestOptions {
  /** Idle timeout, ms: reset whenever the server sends progress for this request. */
  timeoutMs?: number;
  /** Hard ceiling, ms. */
  maxTotalMs?: number;
  /** Ask for progress (sends _meta.progressToken) and receive it. */
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
  /** Aborting sends notifications/cancelled and rejects with kind 'cancelled'. */
  signal?: AbortSignal;
  /** Told the JSON-RPC id as the request goes out (a subscriptions/listen caller matches its acknowledgement by it). */
  onSent?: (id: string | number) => void;
}

export interface RawResponse {
  /** The `result` member, parsed from the raw frame: every field exactly as sent. */
  result: JsonObject;
  rttMs: number;
  /** JSON-RPC id of the request that got this final answer. */
  requestId?: string | number;
  requestSeq?: number;
  responseSeq?: number;
  /** Modern era: the input-required rounds answered before this final result (see InputRound). */
  rounds?: InputRound[];
}

/** What a handler of a server request is told beside the request. */
export interface ServerRequestContext {
  /**
   * Aborts, with the reason in words as its `reason`, when the request is closed unanswered: the server cancelled
   * it, the call that caused it was cancelled or timed out, or the connection ended. Close the form or prompt and
   * say why; an answer given after this is not sent.
   */
  signal: AbortSignal;
}

export type ServerRequestHandler = (
  params: JsonObject,
  requestId: string | number,
  context: ServerRequestContext,
) => Promise<JsonObject>;

export interface McpSession {
  readonly target: DialTarget;
  readonly handshake: Handshake;
  readonly recorder: FrameSource;
  /** Monotonic ms since the session started (same clock as Frame.t). */
  now(): number;
  /**
   * Send a request and wait for its response. Rejects with a LoupeError: method-not-found (-32601),
   * rpc-error (other codes, code set), timeout, cancelled, disconnected, server-exited, invalid-response.
   */
  request(method: string, params?: JsonObject, options?: RequestOptions): Promise<RawResponse>;
  notify(method: string, params?: JsonObject): Promise<void>;
  /** Every notification the server sends (after it is recorded). */
  onNotification(listener: (method: string, params: JsonObject | undefined) => void): Unsubscribe;
  /** Answer server→client requests of this method; unhandled ones get -32601. `ping` is answered built in. */
  setRequestHandler(method: string, handler: ServerRequestHandler): void;
  /**
   * Answers an input request a result embedded (a modern task's inputRequests) with the handler for its method;
   * aborting `signal` closes its form and rejects with kind 'cancelled'. `cause` names what asked, in words.
   */
  answerInput?(
    method: string,
    params: JsonObject,
    key: string,
    signal?: AbortSignal,
    cause?: string,
  ): Promise<JsonObject>;
  /**
   * Modern era: the x-mcp-header declarations of the latest tools/list (the lists layer calls learn() after each
   * walk). Absent on legacy sessions.
   */
  readonly toolHeaders?: ToolHeaderMap;
  /** Resolves once the connection has ended: undefined for a clean close, else why it ended. */
  readonly closed: Promise<LoupeErrorData | undefined>;
  readonly isOpen: boolean;
  close(): Promise<void>;
}

export interface ConnectOptions extends SessionOptions {
  /** Called for each frame as it is recorded, from the first outbound byte on (before connect resolves). */
  onFrame?: (frame: Frame) => void;
}
