/** McpSession over a Wire and an RpcPeer: what connect() hands back once the handshake is done. */
import type { LoupeErrorData } from '../../shared/errors.js';
import type { JsonObject } from '../../shared/json.js';
import type { Handshake } from '../../shared/session.js';
import type { FrameRecorder } from '../recorder/frameRecorder.js';
import type { RpcPeer } from '../rpc/rpcPeer.js';
import type {
  DialTarget,
  McpSession,
  RawResponse,
  RequestOptions,
  ServerRequestHandler,
  Unsubscribe,
} from '../types.js';
import type { Wire } from '../wire/wire.js';

export interface SessionParts {
  target: DialTarget;
  handshake: Handshake;
  recorder: FrameRecorder;
  wire: Wire;
  peer: RpcPeer;
  closed: Promise<LoupeErrorData | undefined>;
  /** Runs once after the wire is closed (unsubscribe listeners, close a recorder we own). */
  cleanup: () => Promise<void>;
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

  constructor(parts: SessionParts) {
    this.target = parts.target;
    this.handshake = parts.handshake;
    this.recorder = parts.recorder;
    this.wire = parts.wire;
    this.peer = parts.peer;
    this.closed = parts.closed;
    this.cleanup = parts.cleanup;
  }

  get isOpen(): boolean {
    return this.wire.isOpen;
  }

  now(): number {
    return this.recorder.now();
  }

  request(method: string, params?: JsonObject, options?: RequestOptions): Promise<RawResponse> {
    return this.peer.request(method, params, options);
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
