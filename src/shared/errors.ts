import type { Diagnosis } from './doctor.js';

/**
 * Error kinds every layer names. They cross process boundaries as data ({ kind, code?, message, data? }),
 * never as thrown strings.
 */
export const errorKinds = [
  'page-limit', // a list walk fetched the configured number of pages and the server still sent nextCursor
  'cursor-loop', // the server sent a cursor it had sent before
  'timeout', // a request got no answer in time
  'cancelled', // the caller cancelled a request
  'connection-refused', // nothing listens at the URL
  'command-not-found', // the stdio command does not exist / is not executable
  'server-exited', // the stdio child exited (exit code and last stderr line in data)
  'disconnected', // the transport closed while a request was waiting
  'method-not-found', // JSON-RPC -32601
  'unknown-method', // a contract call named a method the contract does not have, or was malformed
  'rpc-error', // any other JSON-RPC error response
  'header-mismatch', // MCP -32020: the server says the HTTP headers do not match the body
  'missing-client-capability', // MCP -32021: the request needs a client capability Loupe did not declare
  'unsupported-protocol-version', // MCP -32022: the server does not speak the requested revision (data.supported)
  'legacy-server', // --protocol modern, but the server answered server/discover like a 2025-era server
  'input-rounds-exceeded', // a modern request was still input_required after the round limit
  'task-not-supported', // the server answered with resultType "task" although Loupe did not declare the tasks extension
  'invalid-tool-header', // a tool's x-mcp-header declaration is invalid: Loupe refuses to call it over HTTP
  'http-error', // an HTTP status the transport could not use
  'transport-error', // any other transport failure
  'frame-too-large', // one message (a stdio line, an SSE event, a JSON body) passed maxFrameBytes (limit and bytes seen in data)
  'response-too-large', // one HTTP response body passed maxResponseBytes, counted after decompression (limit and bytes seen in data)
  'invalid-response', // the server answered with something that is not the expected shape
  'invalid-target', // the target itself is unusable (bad URL, empty command)
  'not-connected', // a method that needs a session was called without one
  'snapshot-invalid', // a snapshot file that is corrupt, foreign or of an unknown version
  'snapshot-digest-mismatch', // a snapshot's frames are not those its digest was made over (data.frame, data.seq when one frame differs)
  'pins-invalid', // a pin file (--pin, the app's pins.json) that is not JSON, not loupe-pins version 1, or holds a malformed pin (data.path, data.cause)
  'io-error', // reading or writing a file failed
  'usage', // a caller (CLI user) asked for something malformed
  'auth-failed', // signing in to a protected server failed; the message names the step and the cause
  'internal', // a bug in Loupe
  'task-failed', // a task ended failed or cancelled by the server, or the server lost it (the message names which)
  'task-expired', // a task outlived its TTL before it finished (the server forgot it, or it was still running)
  'cancel-failed', // tasks/cancel was refused, failed or went unanswered: the task was not confirmed cancelled and may still run
  'collection-invalid', // a collection file (loupe.collection/1) that is not JSON, not of this format, or breaks its schema or references
  // client configs
  'config-invalid', // a client config file (claude_desktop_config.json, .mcp.json, mcp.json) is malformed or of an unknown shape
  // MCP Apps
  'app-invalid', // a ui:// resource Loupe cannot render (wrong MIME type, no HTML), or an app request Loupe refuses
  'app-tool-refused', // an app's tools/call for a tool not listed, or whose _meta.ui.visibility lacks "app"
  'app-rate-limited', // an app's request past its rate limit, or past the calls that may wait for the person
  'app-call-declined', // the person said no to an app's call (destructive or not read-only)
  // Skills (SEP-2640)
  'skills-not-offered', // the server did not declare the io.modelcontextprotocol/skills extension
  'skill-not-found', // no listed skill has that name (or skills/get refused the URI)
  'skill-digest-mismatch', // a skill file's SHA-256 is not the digest its entry lists: refused, never used
  'skill-size-mismatch', // a skill file's byte length is not the size its entry lists: refused, never used
  'skill-frontmatter-mismatch', // SKILL.md's YAML frontmatter differs from (or is missing against) the entry's frontmatter
  // sessions
  'no-session', // a call named a session the backend does not hold (closed, or from before the backend restarted)
  'tapped-session', // a tapped session (loupe tap): Loupe watches a host's connection it does not own, so it connects, lists and calls nothing on it
] as const;

export type ErrorKind = (typeof errorKinds)[number];

/** JSON-RPC error codes with a name: the MCP-reserved ones (2026-07-28) and the standard ones. */
export const rpcErrorNames: Readonly<Record<number, string>> = {
  [-32700]: 'ParseError',
  [-32600]: 'InvalidRequest',
  [-32601]: 'MethodNotFound',
  [-32602]: 'InvalidParams',
  [-32603]: 'InternalError',
  [-32020]: 'HeaderMismatch',
  [-32021]: 'MissingRequiredClientCapability',
  [-32022]: 'UnsupportedProtocolVersion',
};

/** The name of a JSON-RPC error code, when it has one. */
export function rpcErrorName(code: number | undefined): string | undefined {
  return code === undefined ? undefined : rpcErrorNames[code];
}

export interface LoupeErrorData {
  kind: ErrorKind;
  /** JSON-RPC error code, HTTP status or process exit code, when there is one. */
  code?: number;
  message: string;
  data?: unknown;
  /** The connection doctor's likely cause and next step (src/core/doctor), when it has one. */
  doctor?: Diagnosis;
}

/** The one error class Loupe throws. `detail` is what crosses a boundary. */
export class LoupeError extends Error {
  readonly detail: LoupeErrorData;
  constructor(detail: LoupeErrorData, options?: { cause?: unknown }) {
    super(detail.message, options);
    this.name = 'LoupeError';
    this.detail = detail;
  }
  get kind(): ErrorKind {
    return this.detail.kind;
  }
}

export function isErrorKind(value: unknown): value is ErrorKind {
  return typeof value === 'string' && (errorKinds as readonly string[]).includes(value);
}

/** Turns anything thrown into error data; unknown errors become `internal`. */
export function toErrorData(error: unknown): LoupeErrorData {
  if (error instanceof LoupeError) return error.detail;
  if (
    typeof error === 'object' &&
    error !== null &&
    'kind' in error &&
    isErrorKind(error.kind) &&
    'message' in error &&
    typeof (error as { message: unknown }).message === 'string'
  ) {
    return error as LoupeErrorData;
  }
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'internal', message };
}
