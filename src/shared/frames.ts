/** The frame recorder's records: every JSON-RPC message both ways with its exact raw text. */
export type Direction = 'out' | 'in';

/**
 * request / response / error / notification: a valid JSON-RPC envelope.
 * invalid: a line or body that is not JSON or not a JSON-RPC envelope (parseError says why).
 * stderr: a line the stdio child wrote to stderr.
 * http: an HTTP exchange fact with no JSON-RPC body (e.g. 202 Accepted, 405 on GET, a 404 page).
 */
export type FrameKind = 'request' | 'response' | 'error' | 'notification' | 'invalid' | 'stderr' | 'http';

export interface HttpInfo {
  method?: string;
  status?: number;
  contentType?: string;
  url?: string;
  /** On an outbound POST: the Mcp-* request headers sent, names lower-cased (mcp-protocol-version, mcp-method, mcp-name, mcp-param-*…); other headers (they may hold secrets) are not recorded. */
  requestHeaders?: Record<string, string>;
  /** A sign-in exchange (an AuthStep, masked, as the frame's raw JSON): the step's name. */
  auth?: string;
}

export interface Frame {
  /** 1, 2, 3… in order of recording, per session. */
  seq: number;
  /** Milliseconds since the session started, monotonic (performance.now based). */
  t: number;
  /** Wall-clock time, epoch ms. */
  wall: number;
  direction: Direction;
  kind: FrameKind;
  /** Exactly the text sent or received (one line for stdio, one message or body for HTTP). */
  raw: string;
  /** UTF-8 byte length of raw. */
  bytes: number;
  /**
   * The exact bytes received, base64, only when raw is not byte-exact (invalid UTF-8 was replaced with U+FFFD,
   * or a BOM was dropped). For a batch, on the first element's frame and holding the whole line or body.
   */
  rawBase64?: string;
  method?: string;
  id?: string | number;
  /** For kind 'invalid': why it did not parse. */
  parseError?: string;
  /** On a response/error: the seq of the request it answers. */
  pairSeq?: number;
  /** On a response/error: milliseconds from its request to it. */
  rttMs?: number;
  http?: HttpInfo;
  /** MCP Apps: the ui:// resource of the app that made this request (its frames and their answer) or sent this ui/* message. */
  app?: string;
  /**
   * MCP Apps: 'app' when the frame went between Loupe and the app (postMessage), not over the server connection:
   * direction 'in' is from the app, 'out' is Loupe's answer to it. Paired with each other, apart from the server's.
   */
  channel?: 'app';
  /**
   * A tapped session (`loupe tap`): the fault the tap injected here, in words (e.g. "delay 500 ms (rule 1)",
   * "dropped: not delivered (rule 2)"), so a recording never passes an injected fault off as the peer's own.
   */
  fault?: string;
}

/**
 * A frame as onFrames pushes it to a UI: whole, or, for an inbound list page (the answer to a tools/list, resources/list, … request), without
 * its raw text. The page's items already cross as the list's rows (onListProgress); the text stays with the backend
 * and is read by seq when someone opens, searches or copies the frame (`frames(seq - 1, 1)`, which answers with
 * another seq once the recorder has dropped that frame from memory).
 */
export type PushedFrame = Frame | FrameWithoutRaw;

export interface FrameWithoutRaw extends Omit<Frame, 'raw' | 'rawBase64'> {
  /** The raw text stayed with the backend; `bytes` is still its UTF-8 length. */
  rawLeft: true;
  raw?: never;
  rawBase64?: never;
}

export interface RecorderStats {
  /** Frames recorded in this session, including those dropped from memory. */
  total: number;
  /** Frames held in memory now. */
  held: number;
  /** Frames dropped from memory because the store was full (the journal, if any, still has them). */
  overflow: number;
  /** The store's capacity. */
  limit: number;
  journalPath?: string;
}
