/**
 * The JSON-RPC peer over a Wire: allocates ids, keeps the pending map, settles requests from the
 * responses the wire parsed out of the raw frames (results exactly as sent, no schema stripping),
 * dispatches notifications and answers server→client requests.
 *
 * Request timers (idle and total) stand still while the session's Attention waits on the person: a sign-in holds
 * them all, answering a server→client request holds those of the requests that caused it. A server request is closed (its handler's signal aborts, no answer goes
 * out after that) when the server cancels it, when the connection ends, or when the requests that caused it
 * (those its response stream carried over HTTP, else those pending when it came) all ended without a result.
 */
import { LoupeError, toErrorData, type LoupeErrorData } from '../../shared/errors.js';
import type { Frame } from '../../shared/frames.js';
import { isJsonObject, type JsonObject, type JsonValue } from '../../shared/json.js';
import type { RawResponse, RequestOptions, ServerRequestHandler, Unsubscribe } from '../types.js';
import type { RequestTracer } from '../trace/requestTracer.js';
import type { MessageContext, Wire, WireEvents } from '../wire/wire.js';
import { abortReason } from './abortReason.js';
import { Attention } from './attention.js';
import { RequestDeadlines, type DeadlineKind } from './requestDeadlines.js';
import { rpcFailure } from './rpcFailure.js';
import { ServerRequestCauses } from './serverRequestCauses.js';

export const defaultTimeoutMs = 10_000;
export const defaultMaxTotalMs = 60_000;

type RequestId = string | number;
type NotificationListener = (method: string, params: JsonObject | undefined) => void;

/** A request waiting for its answer: settled by answered() or failed(), once. */
interface Pending {
  id: RequestId;
  method: string;
  startedAt: number;
  timeoutMs: number;
  onProgress: RequestOptions['onProgress'];
  maxTotalMs: number;
  resolve(response: RawResponse): void;
  reject(error: LoupeError): void;
  /** The caller's signal and this request's listener on it, when it gave one. */
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
}

export interface PeerDefaults {
  timeoutMs?: number;
  maxTotalMs?: number;
  /** The session's wait on the person (connect() shares one across attempts); the peer makes its own without. */
  attention?: Attention;
  /** Puts trace context (SEP-414) into each request's `_meta` (connect() shares one across attempts). */
  tracer?: RequestTracer;
}

export class RpcPeer {
  private nextId = 1;
  private readonly pending = new Map<RequestId, Pending>();
  private readonly handlers = new Map<string, ServerRequestHandler>();
  private readonly listeners = new Set<NotificationListener>();
  private ended = false;
  /**
   * Whether a timed-out or aborted request is followed by notifications/cancelled. Off for modern Streamable
   * HTTP, which has no client notifications (closing the response stream is the signal there).
   */
  sendsCancellations = true;
  private endReason: LoupeErrorData | undefined;
  private readonly timeoutMs: number;
  private readonly maxTotalMs: number;
  readonly attention: Attention;
  /** Server→client requests being answered, and what closes them. */
  private readonly causes = new ServerRequestCauses();
  /** Every pending request's idle and total limits, on one timeout. */
  private readonly deadlines: RequestDeadlines;
  private readonly tracer: RequestTracer | undefined;

  constructor(
    private readonly wire: Wire,
    defaults: PeerDefaults = {},
  ) {
    this.timeoutMs = defaults.timeoutMs ?? defaultTimeoutMs;
    this.maxTotalMs = defaults.maxTotalMs ?? defaultMaxTotalMs;
    this.attention = defaults.attention ?? new Attention();
    this.tracer = defaults.tracer;
    this.deadlines = new RequestDeadlines(this.attention, (id, kind) => this.expired(id, kind));
  }

  /** The events to give the wire's start(). */
  readonly events: WireEvents = {
    onMessage: (message, frame, context) => this.receive(message, frame, context),
    onRequestFailed: (id, error) => {
      const entry = this.pending.get(id);
      if (entry) this.failed(entry, error);
    },
    onClose: (reason) => this.end(reason),
  };

  request(method: string, given?: JsonObject, options: RequestOptions = {}): Promise<RawResponse> {
    // Trace context goes in before anything else reads _meta: the frame shows exactly what was sent.
    const params = this.tracer ? this.tracer.stamp(given) : given;
    if (this.ended) return Promise.reject(new LoupeError(this.closedError(method)));
    const signal = options.signal;
    if (signal?.aborted) {
      return Promise.reject(
        new LoupeError({ kind: 'cancelled', message: `${method} was cancelled before it was sent` }),
      );
    }
    const id = this.nextId++;
    const message: JsonObject = { jsonrpc: '2.0', id, method };
    if (options.onProgress) {
      const meta = params && isJsonObject(params._meta) ? params._meta : {};
      message.params = { ...(params ?? {}), _meta: { ...meta, progressToken: id } };
    } else if (params !== undefined) {
      message.params = params;
    }
    options.onSent?.(id);
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    const maxTotalMs = options.maxTotalMs ?? this.maxTotalMs;
    return new Promise<RawResponse>((resolve, reject) => {
      // A plain object and the peer's own methods: no closures made per request but the abort listener.
      const entry: Pending = {
        id,
        method,
        startedAt: performance.now(),
        timeoutMs,
        maxTotalMs,
        onProgress: options.onProgress,
        resolve,
        reject,
        signal,
        onAbort: undefined,
      };
      this.pending.set(id, entry);
      this.deadlines.add(id, timeoutMs, maxTotalMs);
      if (signal) {
        entry.onAbort = (): void => {
          const reason = abortReason(signal.reason);
          this.cancel(id, method, reason);
          this.failed(entry, {
            kind: 'cancelled',
            message: `${method} was cancelled: ${reason}`,
            data: { method, requestId: id },
          });
        };
        signal.addEventListener('abort', entry.onAbort, { once: true });
      }
      const wire = this.wire;
      if (wire.post) {
        try {
          wire.post(message);
        } catch (error) {
          this.failed(entry, toErrorData(error));
        }
      } else wire.send(message).catch((error: unknown) => this.failed(entry, toErrorData(error)));
    });
  }

  /** A pending request got its answer. */
  private answered(entry: Pending, response: RawResponse): void {
    if (!this.release(entry, undefined)) return;
    entry.resolve(response);
  }

  /** A pending request ended without one. */
  private failed(entry: Pending, error: LoupeErrorData): void {
    if (!this.release(entry, error.message)) return;
    entry.reject(new LoupeError(error));
  }

  /** Forgets a pending request (false when it was settled already): its clocks, abort listener and causes. */
  private release(entry: Pending, failure: string | undefined): boolean {
    if (this.pending.get(entry.id) !== entry) return false;
    this.pending.delete(entry.id);
    this.deadlines.remove(entry.id);
    if (entry.onAbort) entry.signal?.removeEventListener('abort', entry.onAbort);
    this.causes.ended(entry.id, failure);
    return true;
  }

  async notify(method: string, params?: JsonObject): Promise<void> {
    if (this.ended) throw new LoupeError(this.closedError(method));
    const message: JsonObject = { jsonrpc: '2.0', method };
    if (params !== undefined) message.params = params;
    await this.wire.send(message);
  }

  onNotification(listener: NotificationListener): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  setRequestHandler(method: string, handler: ServerRequestHandler): void {
    this.handlers.set(method, handler);
  }

  /**
   * Runs the handler registered for a server→client request method without a JSON-RPC exchange: the modern
   * era's input requests (embedded in an input_required result, or a task's) reach the same handlers as 2025
   * requests. Aborting `signal` (the call was cancelled) or the connection ending closes the handler's form and
   * rejects with kind 'cancelled'; whatever the handler answers after that is dropped.
   */
  async handleLocally(
    method: string,
    params: JsonObject,
    requestId: RequestId,
    signal?: AbortSignal,
    /** What the input is for, in words ("tools/call", "task 7"): named when a cancel closes it. */
    cause = 'the request',
  ): Promise<JsonObject> {
    const handler = this.handlers.get(method);
    if (!handler) {
      throw new LoupeError({
        kind: 'method-not-found',
        code: -32601,
        message: `The server asked for ${method}, which Loupe was not set up to answer`,
        data: { method },
      });
    }
    if (this.ended) throw new LoupeError(this.closedError(method));
    const closing = this.causes.local(signal, cause);
    try {
      // No request is pending while a modern round or a task waits for its input: the wait holds no timer.
      return await this.attention.during(
        `answering ${method}`,
        () => closedOr(method, closing.signal, handler(params, requestId, { signal: closing.signal })),
        [],
      );
    } finally {
      closing.done();
    }
  }

  /** How many requests are waiting for an answer. */
  get waiting(): number {
    return this.pending.size;
  }

  /** A request's idle or total limit ran out (the clock forgot it already). */
  private expired(id: RequestId, kind: DeadlineKind): void {
    const entry = this.pending.get(id);
    if (!entry) return;
    if (kind === 'idle')
      this.expire(id, entry, `${entry.method} got no answer within ${entry.timeoutMs} ms`, entry.timeoutMs);
    else
      this.expire(
        id,
        entry,
        `${entry.method} took longer than the maximum of ${entry.maxTotalMs} ms`,
        entry.maxTotalMs,
      );
  }

  private expire(id: RequestId, entry: Pending, message: string, timeoutMs: number): void {
    this.cancel(id, entry.method, message);
    this.failed(entry, {
      kind: 'timeout',
      message,
      data: { method: entry.method, requestId: id, timeoutMs },
    });
  }

  /**
   * Tells the server to stop working on a request (best effort: the wire may already be gone).
   * The spec forbids cancelling initialize, so a stuck handshake is only abandoned; so is an unanswered
   * server/discover probe (a legacy server that ignored it is not sent a notification before initialize).
   */
  private cancel(id: RequestId, method: string, reason: string): void {
    if (this.ended || !this.sendsCancellations || method === 'initialize' || method === 'server/discover')
      return;
    this.notify('notifications/cancelled', { requestId: id, reason }).catch(() => undefined);
  }

  private receive(message: JsonObject, frame: Frame, context?: MessageContext): void {
    const method = message.method;
    if (typeof method === 'string') {
      const params = isJsonObject(message.params) ? message.params : undefined;
      if (frame.kind === 'request' && frame.id !== undefined) {
        // Over HTTP the stream it came on names its cause; elsewhere every request still waiting may be one.
        const causes = (context?.carriedBy ?? [...this.pending.keys()]).filter((id) => this.pending.has(id));
        void this.answer(frame.id, method, params, causes);
      } else this.dispatch(method, params);
      return;
    }
    if (frame.id === undefined) return;
    const entry = this.pending.get(frame.id);
    if (!entry) return;
    const rttMs = frame.rttMs ?? Math.round((performance.now() - entry.startedAt) * 1000) / 1000;
    if (frame.kind === 'error') {
      this.failed(entry, rpcFailure(entry.method, message.error));
      return;
    }
    const result = message.result;
    if (!isJsonObject(result)) {
      this.failed(entry, {
        kind: 'invalid-response',
        message: `${entry.method}: the result is not an object`,
        data: { result },
      });
      return;
    }
    const response: RawResponse = { result, rttMs, requestId: frame.id, responseSeq: frame.seq };
    if (frame.pairSeq !== undefined) response.requestSeq = frame.pairSeq;
    this.answered(entry, response);
  }

  private dispatch(method: string, params: JsonObject | undefined): void {
    if (method === 'notifications/progress' && params) this.progress(params);
    if (method === 'notifications/cancelled' && params) this.causes.cancelledByServer(params);
    for (const listener of this.listeners) {
      try {
        listener(method, params);
      } catch {
        // One listener's fault does not stop the others.
      }
    }
  }

  private progress(params: JsonObject): void {
    const token = params.progressToken;
    if (typeof token !== 'string' && typeof token !== 'number') return;
    const entry = this.pending.get(token);
    if (!entry || typeof params.progress !== 'number') return;
    this.deadlines.restartIdle(token);
    const update: { progress: number; total?: number; message?: string } = { progress: params.progress };
    if (typeof params.total === 'number') update.total = params.total;
    if (typeof params.message === 'string') update.message = params.message;
    try {
      entry.onProgress?.(update);
    } catch {
      // The caller's progress display must not break the request.
    }
  }

  private async answer(
    id: RequestId,
    method: string,
    params: JsonObject | undefined,
    causes: RequestId[],
  ): Promise<void> {
    const reply: JsonObject = { jsonrpc: '2.0', id };
    const handler = this.handlers.get(method);
    if (!handler && method === 'ping') {
      reply.result = {};
    } else if (!handler) {
      reply.error = { code: -32601, message: `Method not found: ${method}` };
    } else {
      const answering = this.causes.open(id, causes);
      try {
        // The requests that caused it wait with the person; unrelated ones keep their timers running.
        reply.result = await this.attention.during(
          `answering ${method}`,
          () => closedOr(method, answering.signal, handler(params ?? {}, id, { signal: answering.signal })),
          causes,
        );
      } catch (error) {
        reply.error = errorReply(error);
      } finally {
        answering.done();
      }
      // The server cancelled it: the spec has the receiver send no response.
      if (answering.cancelledByServer) return;
    }
    if (this.ended) return;
    await this.wire.send(reply).catch(() => undefined);
  }

  private end(reason: LoupeErrorData | undefined): void {
    if (this.ended) return;
    this.ended = true;
    this.endReason = reason;
    for (const entry of [...this.pending.values()]) this.failed(entry, this.closedError(entry.method));
    this.deadlines.close();
    this.causes.closeAll(reason?.message ?? 'the connection was closed');
  }

  private closedError(method: string): LoupeErrorData {
    if (this.endReason) return { ...this.endReason, data: { ...asRecord(this.endReason.data), method } };
    return {
      kind: 'disconnected',
      message: `The connection closed before ${method} was answered`,
      data: { method },
    };
  }
}

/**
 * The handler's answer, or a 'cancelled' rejection as soon as the request is closed: an answer given after that
 * (a form answered late, a handler that ignored the signal) never goes out.
 */
function closedOr(method: string, signal: AbortSignal, answer: Promise<JsonObject>): Promise<JsonObject> {
  const closed = new Promise<never>((_resolve, reject) => {
    const fail = (): void =>
      reject(
        new LoupeError({
          kind: 'cancelled',
          message: `${method} was closed unanswered: ${typeof signal.reason === 'string' ? signal.reason : 'cancelled'}`,
          data: { method },
        }),
      );
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });
  answer.catch(() => undefined);
  return Promise.race([closed, answer]);
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function errorReply(error: unknown): { code: number; message: string; data?: JsonValue } {
  if (error instanceof LoupeError && typeof error.detail.code === 'number')
    return { code: error.detail.code, message: error.message };
  if (isJsonObject(error) && typeof error.code === 'number' && typeof error.message === 'string') {
    return { code: error.code, message: error.message };
  }
  return { code: -32603, message: error instanceof Error ? error.message : String(error) };
}
