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
  'rpc-error', // any other JSON-RPC error response
  'http-error', // an HTTP status the transport could not use
  'transport-error', // any other transport failure
  'invalid-response', // the server answered with something that is not the expected shape
  'invalid-target', // the target itself is unusable (bad URL, empty command)
  'not-connected', // a method that needs a session was called without one
  'snapshot-invalid', // a snapshot file that is corrupt, foreign or of an unknown version
  'io-error', // reading or writing a file failed
  'usage', // a caller (CLI user) asked for something malformed
  'auth-failed', // signing in to a protected server failed; the message names the step and the cause
  'internal', // a bug in Loupe
] as const;

export type ErrorKind = (typeof errorKinds)[number];

export interface LoupeErrorData {
  kind: ErrorKind;
  /** JSON-RPC error code, HTTP status or process exit code, when there is one. */
  code?: number;
  message: string;
  data?: unknown;
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
    isErrorKind((error).kind) &&
    'message' in error &&
    typeof (error as { message: unknown }).message === 'string'
  ) {
    return error as LoupeErrorData;
  }
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'internal', message };
}
