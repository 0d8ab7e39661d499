/**
 * A Wire carries JSON-RPC messages to and from one server and records every frame both ways,
 * raw, in the FrameRecorder. It knows nothing about requests and responses: that is the rpc layer.
 */
import type { LoupeErrorData } from '../../shared/errors.js';
import type { Frame } from '../../shared/frames.js';
import type { JsonObject } from '../../shared/json.js';
import type { TransportName } from '../../shared/target.js';

/** What the wire knows of an inbound message beside its frame. */
export interface MessageContext {
  /**
   * For a message on a POST's response stream: the ids of the requests that POST carried and that were not answered
   * yet (a server request there was caused by them). Absent where the wire cannot tell (stdio, a GET stream).
   */
  carriedBy?: (string | number)[];
}

export interface WireEvents {
  /** A valid JSON-RPC message parsed from the raw text of an inbound frame (after it was recorded). */
  onMessage(message: JsonObject, frame: Frame, context?: MessageContext): void;
  /**
   * The wire knows a request it carried will get no answer (its response stream closed, its response was
   * too large): fail it now with this error instead of waiting for the timeout. Unknown ids are ignored.
   */
  onRequestFailed?(id: string | number, error: LoupeErrorData): void;
  /** The wire has ended: undefined when we closed it, else why (server-exited, disconnected…). Called once. */
  onClose(reason: LoupeErrorData | undefined): void;
}

export interface Wire {
  readonly transport: TransportName;
  /** The HTTP session id (Mcp-Session-Id or the SSE endpoint's sessionId), once known. */
  readonly sessionId: string | undefined;
  readonly isOpen: boolean;
  /** Opens the connection (spawns the child, opens the SSE stream…). Rejects with a LoupeError. */
  start(events: WireEvents): Promise<void>;
  /** Sends one message; its exact text is recorded. Rejects with a LoupeError. */
  send(message: JsonObject): Promise<void>;
  /**
   * Sends one message as send() does, without a promise to wait for its write: throws what send() would reject
   * with. Only a wire whose send() can fail at the start alone has it (stdio: a broken pipe ends the wire).
   */
  post?(message: JsonObject): void;
  /** After initialize: the negotiated version (sent as MCP-Protocol-Version over HTTP). */
  setProtocolVersion(version: string): void;
  /** HTTP only: extra headers for each outgoing message (the 2026-07-28 Mcp-Method / Mcp-Name / Mcp-Param-*). */
  setMessageHeaders?(source: (message: JsonObject) => Record<string, string>): void;
  /** Ends the connection; never hangs. Resolves once it is down. */
  close(): Promise<void>;
}
