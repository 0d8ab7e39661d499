/**
 * What the two HTTP wires share: an SDK client transport driven through the recording fetch.
 * The SDK moves the bytes (headers, Mcp-Session-Id, SSE resumption); Loupe records and parses them.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { LoupeError, type LoupeErrorData } from '../../shared/errors.js';
import type { HttpInfo } from '../../shared/frames.js';
import type { JsonObject } from '../../shared/json.js';
import type { UrlTarget } from '../../shared/target.js';
import type { FrameRecorder } from '../recorder/frameRecorder.js';
import { RequestTimer, type Attention } from '../rpc/attention.js';
import { headerRecord, targetUrl } from './headers.js';
import type { WireLimits } from './limits.js';
import { wireFetch } from './nodeHttpFetch.js';
import { recordingFetch, type FetchLike } from './recordingFetch.js';
import type { SseEvent } from './sseParser.js';
import type { Wire, WireEvents } from './wire.js';

export interface SdkWireOptions {
  /** How long start() may take (the SSE endpoint event), ms. */
  startTimeoutMs?: number;
  /** Size limits on bodies and stream events (defaults of limits.ts when absent). */
  limits?: WireLimits;
  /**
   * Authorization (src/core/auth): wraps the fetch beneath the recorder, so frames show each MCP request once with
   * its final answer; a refused answer (401/403) the auth layer handled is recorded through `recordRefusal` as an
   * 'http' frame. The sign-in exchanges themselves are the auth layer's AuthSteps, not frames.
   */
  authFetch?: (
    inner: FetchLike,
    recordRefusal: (http: HttpInfo, body: string) => void,
    attention?: Attention,
  ) => FetchLike;
  /** The session's wait on the person: the start timeout stands still during a sign-in. */
  attention?: Attention;
}

export abstract class SdkWire implements Wire {
  abstract readonly transport: 'http' | 'sse';
  protected sdk: Transport | undefined;
  protected events: WireEvents | undefined;
  protected closing = false;
  protected lastFailure: LoupeError | undefined;
  private open = false;
  private finished = false;
  private messageHeaders: ((message: JsonObject) => Record<string, string>) | undefined;

  constructor(
    protected readonly target: UrlTarget,
    protected readonly recorder: FrameRecorder,
    protected readonly options: SdkWireOptions = {},
  ) {}

  abstract get sessionId(): string | undefined;

  /**
   * Builds the SDK transport for this URL with the recording fetch and the user's headers. The SDK's transport
   * modules load here, on first use: a stdio session (`loupe list` of a local server) never pays for them.
   */
  protected abstract create(url: URL, fetch: FetchLike, headers: Record<string, string>): Promise<Transport>;

  /** Turns what the SDK threw into a LoupeError. */
  protected abstract failure(error: unknown): LoupeError;

  /** A non-message event arrived on a stream (legacy SSE: 'endpoint'). */
  protected onStreamEvent(_event: SseEvent): void {}

  /** A stream we were reading ended while the wire was open. */
  protected onStreamEnd(_http: HttpInfo, _error: unknown): void {}

  /** Whether a failed send means the connection is over, and how to say so. */
  protected endedBy(failure: LoupeError): LoupeErrorData | undefined {
    if (failure.kind !== 'connection-refused') return undefined;
    return { kind: 'disconnected', message: `The server stopped answering: ${failure.message}` };
  }

  /** Work before the transport closes (Streamable HTTP: DELETE the session). */
  protected async beforeClose(): Promise<void> {}

  get isOpen(): boolean {
    return this.open;
  }

  async start(events: WireEvents): Promise<void> {
    this.events = events;
    const url = targetUrl(this.target.url);
    const recording = recordingFetch(
      {
        recorder: this.recorder,
        onMessage: (message, frame, context) => this.events?.onMessage(message, frame, context),
        onEvent: (event) => this.onStreamEvent(event),
        onStreamEnd: (http, error) => {
          // A GET stream stopped at a size limit ends the session with that error rather than reconnecting.
          if (error instanceof LoupeError && http.method === 'GET' && this.open) void this.end(error.detail);
          else this.onStreamEnd(http, error);
        },
        onRequestFailed: (id, error) => this.events?.onRequestFailed?.(id, error),
        isClosing: () => this.closing || this.finished,
        limits: this.options.limits,
      },
      this.options.authFetch?.(
        (input, init) => wireFetch(input, init),
        (http, body) => void this.recorder.record('in', body, { kind: 'http', http }),
        this.options.attention,
      ),
    );
    const fetch: FetchLike = async (input, init) => {
      try {
        return await recording(input, withMessageHeaders(init, this.messageHeaders));
      } catch (error) {
        if (error instanceof LoupeError) {
          this.lastFailure = error;
          // Also for the SDK's own requests (the GET stream reconnecting): a server gone is a session over.
          const ended = this.open ? this.endedBy(error) : undefined;
          if (ended) this.endSoon(ended);
        }
        throw error;
      }
    };
    const sdk = await this.create(url, fetch, headerRecord(this.target.headers));
    this.sdk = sdk;
    // Messages reach Loupe from its own parse of the raw frames; the SDK's parsed copy is not used.
    sdk.onmessage = () => undefined;
    sdk.onerror = () => undefined;
    try {
      await withTimeout(
        sdk.start(),
        this.options.startTimeoutMs ?? 10_000,
        `${this.target.url} did not open the connection`,
        this.options.attention,
      );
    } catch (error) {
      this.closing = true;
      await sdk.close().catch(() => undefined);
      this.finished = true;
      throw this.failure(error);
    }
    this.open = true;
  }

  async send(message: JsonObject): Promise<void> {
    const sdk = this.sdk;
    if (!this.open || !sdk)
      throw new LoupeError({ kind: 'disconnected', message: 'The connection is closed' });
    this.lastFailure = undefined;
    try {
      // The message was built by Loupe's rpc layer as a JSON-RPC envelope.
      await sdk.send(message as unknown as JSONRPCMessage);
    } catch (error) {
      const failure = this.failure(error);
      const ended = this.endedBy(failure);
      if (ended) this.endSoon(ended);
      throw failure;
    }
  }

  setMessageHeaders(source: (message: JsonObject) => Record<string, string>): void {
    this.messageHeaders = source;
  }

  setProtocolVersion(version: string): void {
    this.sdk?.setProtocolVersion?.(version);
  }

  async close(): Promise<void> {
    if (this.finished) return;
    this.closing = true;
    await withTimeout(this.beforeClose(), 1_500, 'close').catch(() => undefined);
    await this.end(undefined);
  }

  /**
   * Ends the wire after the current turn: the request whose failure ended it is rejected first with the
   * real cause (connection-refused, HTTP 404), the others with the end reason.
   */
  private endSoon(reason: LoupeErrorData): void {
    setImmediate(() => void this.end(reason));
  }

  /** Ends the wire once: closes the SDK transport and tells the listener why. */
  protected async end(reason: LoupeErrorData | undefined): Promise<void> {
    if (this.finished) return;
    this.finished = true;
    this.open = false;
    this.closing = true;
    await this.sdk?.close().catch(() => undefined);
    this.events?.onClose(reason);
  }

  /** The common part of failure(): Loupe's own errors pass; the last fetch failure explains SDK wrappers. */
  protected knownFailure(error: unknown): LoupeError | undefined {
    if (error instanceof LoupeError) return error;
    if (error instanceof Error && error.message.includes('did not open the connection')) {
      return new LoupeError({ kind: 'timeout', message: error.message });
    }
    return this.lastFailure;
  }
}

export function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'number' && error.code >= 100 ? error.code : undefined;
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The request with the headers the source derives from its JSON body (the SDK passes a Headers instance). */
function withMessageHeaders(
  init: RequestInit | undefined,
  source: ((message: JsonObject) => Record<string, string>) | undefined,
): RequestInit | undefined {
  if (!source || !init || typeof init.body !== 'string') return init;
  let message: unknown;
  try {
    message = JSON.parse(init.body);
  } catch {
    return init;
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return init;
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(source(message as JsonObject))) headers.set(name, value);
  return { ...init, headers };
}

/** The promise, or a rejection once ms have passed (not counting time the person took, given `attention`). */
function withTimeout<T>(promise: Promise<T>, ms: number, message: string, attention?: Attention): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = new RequestTimer(ms, () => reject(new Error(`${message} within ${ms} ms`)), attention);
    promise.then(
      (value) => {
        timer.stop();
        resolve(value);
      },
      (error: unknown) => {
        timer.stop();
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
