/** One line on stderr naming why the CLI failed, with the likely causes where the reference lists them. */
import { LoupeError, toErrorData, type LoupeErrorData } from '../shared/errors.js';
import { isJsonObject } from '../shared/json.js';

/** From the common-errors table of reference/how-to-list-tools.txt. */
export const methodNotFoundCauses =
  'likely causes: the request was sent before initialization, to the wrong endpoint, or to a server without that capability ' +
  '(check the transport, the protocol version and the capabilities the server declared)';

function dataField(error: LoupeErrorData, key: string): unknown {
  return isJsonObject(error.data) ? error.data[key] : undefined;
}

/** The single line for an error, without the "loupe:" prefix. */
export function describeError(error: LoupeErrorData): string {
  const message = error.message.replace(/\s*\n\s*/g, ' ').trim().replace(/\.$/, '');
  switch (error.kind) {
    case 'method-not-found':
      return `method not found: ${message}; ${methodNotFoundCauses}`;
    case 'server-exited': {
      const code = dataField(error, 'exitCode');
      const stderrLine = dataField(error, 'lastStderrLine');
      const codeText = typeof code === 'number' && !message.includes(`code ${code}`) ? ` (exit code ${code})` : '';
      const tail = typeof stderrLine === 'string' && !message.includes(stderrLine) ? `; last stderr line: ${stderrLine}` : '';
      return `server exited: ${message}${codeText}${tail}`;
    }
    case 'page-limit':
      return `page limit: ${message}`;
    case 'cursor-loop':
      return `cursor loop: ${message}`;
    case 'timeout':
      return `timeout: ${message}`;
    case 'connection-refused':
      return `connection refused: ${message}`;
    case 'command-not-found':
      return `command not found: ${message}`;
    default:
      return `${error.kind}: ${message}`;
  }
}

export function errorLine(error: unknown): string {
  return `loupe: ${describeError(toErrorData(error))}`;
}

/** Exit code of a failure: 2 for usage errors, 1 for everything else. */
export function exitCodeOf(error: unknown): number {
  return error instanceof LoupeError && error.kind === 'usage' ? 2 : 1;
}

/** The stack, for --debug. */
export function debugDetail(error: unknown): string | undefined {
  if (error instanceof Error && error.stack) {
    const cause = error.cause instanceof Error && error.cause.stack ? `\ncaused by: ${error.cause.stack}` : '';
    return `${error.stack}${cause}`;
  }
  return undefined;
}
