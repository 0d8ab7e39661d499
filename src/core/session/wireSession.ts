/** McpSession over a Wire and an RpcPeer: what connect() hands back once the handshake is done. */
import { LoupeError, type LoupeErrorData } from '../../shared/errors.js';
import type { JsonObject } from '../../shared/json.js';
import type { Handshake } from '../../shared/session.js';
import type { FrameRecorder } from '../recorder/frameRecorder.js';
import { abortReason } from '../rpc/abortReason.js';
import type { Attention } from '../rpc/attention.js';
import type { RpcPeer } from '../rpc/rpcPeer.js';
import type {
  DialTarget,
  McpSession,
  RawResponse,
  RequestOptions,
  ServerRequestHandler,
  Unsubscribe,
} from '../types.js';
import { ToolHeaderMap } from '../wire/modernHeaders.js';
import type { Wire } from '../wire/wire.js';
import { withRpcErrorOfBody } from './httpRpcError.js';
import { requestWithRounds } from './inputRounds.js';
import { withEnvelope, type Envelope } from './modernEnvelope.js';
import { declaresTasksExtension } from '../tasks/negotiation.js';
import { currentAction, resumeAction } from '../trace/traceAction.js';

export interface SessionParts {
  target: DialTarget;
  handshake: Handshake;
  recorder: FrameRecorder;
  wire: Wire;
  peer: RpcPeer;
  closed: Promise<LoupeErrorData | undefined>;
  /** Runs once after the wire is closed (unsubscribe listeners, close a recorder we own). */
  cleanup: () => Promise<void>;
  /** Modern era: the per-request envelope, and the tool header map the wire's header source reads. */
  envelope?: Envelope;
  toolHeaders?: ToolHeaderMap;
}

export class WireSession implements McpSession {
  readonly target: DialTarget;
  readonly handshake: Handshake;
  readonly recorder: FrameRecorder;
  readonly closed: Promise<LoupeErrorData | undefined>;
  private readonly wire: Wire;
  private readonly peer: RpcPeer;
  private readonly cleanup: () => Promise<void>;
  private closing: Promise<void> | undefined;
  private readonly envelope: Envelope | undefined;
  readonly toolHeaders: ToolHeaderMap | undefined;

  constructor(parts: SessionParts) {
    this.target = parts.target;
    this.handshake = parts.handshake;
    this.recorder = parts.recorder;
    this.wire = parts.wire;
    this.peer = parts.peer;
    this.closed = parts.closed;
    this.cleanup = parts.cleanup;
    this.envelope = parts.envelope;
    this.toolHeaders = parts.envelope ? (parts.toolHeaders ?? new ToolHeaderMap()) : undefined;
  }

  get isOpen(): boolean {
    return this.wire.isOpen;
  }

  now(): number {
    return this.recorder.now();
  }

  request(method: string, params?: JsonObject, options?: RequestOptions): Promise<RawResponse> {
    const envelope = this.envelope;
    if (!envelope) return this.peer.request(method, params, options);
    const refusal = this.headerRefusal(method, params);
    if (refusal) return Promise.reject(refusal);
    // The rounds after the first go out after an await: in the action the first one went out in (a call's).
    const action = currentAction();
    return requestWithRounds(method, params, {
      send: (roundParams) =>
        resumeAction(action, () =>
          this.peer.request(method, withEnvelope(roundParams, envelope), options),
        ).catch((error: unknown) => {
          throw withRpcErrorOfBody(method, error);
        }),
      answer: (inputMethod, inputParams, key) =>
        this.peer
          .handleLocally(inputMethod, inputParams, key, options?.signal, method)
          .catch((error: unknown) => {
            // The call was cancelled while its input was asked for: that is the call's end, said as such.
            if (options?.signal?.aborted) throw cancelledWhileAsking(method, options.signal, error);
            throw error;
          }),
      acceptsTasks: declaresTasksExtension(envelope.clientCapabilities),
    });
  }

  /** Answers an input request embedded in a result (a task's inputRequests) with the session's handler. */
  answerInput(
    method: string,
    params: JsonObject,
    key: string,
    signal?: AbortSignal,
    cause?: string,
  ): Promise<JsonObject> {
    return this.peer.handleLocally(method, params, key, signal, cause);
  }

  /** The session's wait on the person: request timers stand still while it waits. */
  get attention(): Attention {
    return this.peer.attention;
  }

  /** Over HTTP a tool with invalid x-mcp-header declarations is not called (the spec excludes such tools). */
  private headerRefusal(method: string, params: JsonObject | undefined): LoupeError | undefined {
    if (method !== 'tools/call' || this.wire.transport === 'stdio' || typeof params?.name !== 'string')
      return undefined;
    const problem = this.toolHeaders?.problem(params.name);
    if (!problem) return undefined;
    return new LoupeError({
      kind: 'invalid-tool-header',
      message: `Loupe does not call ${params.name} over HTTP: its x-mcp-header declaration is invalid (${problem})`,
      data: { tool: params.name, problem },
    });
  }

  notify(method: string, params?: JsonObject): Promise<void> {
    return this.peer.notify(method, params);
  }

  onNotification(listener: (method: string, params: JsonObject | undefined) => void): Unsubscribe {
    return this.peer.onNotification(listener);
  }

  setRequestHandler(method: string, handler: ServerRequestHandler): void {
    this.peer.setRequestHandler(method, handler);
  }

  close(): Promise<void> {
    this.closing ??= this.wire.close().then(() => this.cleanup());
    return this.closing;
  }
}

function cancelledWhileAsking(method: string, signal: AbortSignal, cause: unknown): LoupeError {
  return new LoupeError(
    {
      kind: 'cancelled',
      message: `${method} was cancelled: ${abortReason(signal.reason)}`,
      data: { method },
    },
    { cause },
  );
}
