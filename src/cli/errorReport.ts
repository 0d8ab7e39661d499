/** One line on stderr naming why the CLI failed, with the likely causes where the reference lists them. */
import { LoupeError, toErrorData, type LoupeErrorData } from '../shared/errors.js';
import { isJsonObject } from '../shared/json.js';
import { prefix, printable, printableCell } from './terminal.js';

/** From the common-errors table of reference/how-to-list-tools.txt. */
export const methodNotFoundCauses =
  'likely causes: the request was sent before initialization, to the wrong endpoint, or to a server without that capability ' +
  '(check the transport, the protocol version and the capabilities the server declared)';

function dataField(error: LoupeErrorData, key: string): unknown {
  return isJsonObject(error.data) ? error.data[key] : undefined;
}

/** "label: message", without saying the label twice when the message already opens with it. */
function labelled(label: string, message: string): string {
  return message.toLowerCase().startsWith(label) ? `${label}${message.slice(label.length)}` : `${label}: ${message}`;
}

/** Longest error line, in characters: a server can send a 100 MB error message. */
export const maximumErrorLength = 4000;

/**
 * The single line for an error, without the "loupe:" prefix. Its message, stderr line and data come from the
 * server: the line is made inert (printable) and bounded, whatever the caller does with it.
 */
export function describeError(error: LoupeErrorData): string {
  return printableCell(describeRaw(error), maximumErrorLength);
}

function describeRaw(error: LoupeErrorData): string {
  const message = prefix(error.message, maximumErrorLength).replace(/\s*\n\s*/g, ' ').trim().replace(/\.$/, '');
  switch (error.kind) {
    case 'method-not-found':
      return `method not found: ${message}; ${methodNotFoundCauses}`;
    case 'server-exited': {
      const code = dataField(error, 'exitCode');
      const lastLine = dataField(error, 'lastStderrLine');
      const stderrLine = typeof lastLine === 'string' ? prefix(lastLine, maximumErrorLength) : undefined;
      const codeText = typeof code === 'number' && !message.includes(`code ${code}`) ? ` (exit code ${code})` : '';
      const tail = typeof stderrLine === 'string' && !message.includes(stderrLine) ? `; last stderr line: ${stderrLine}` : '';
      return `${labelled('server exited', message)}${codeText}${tail}`;
    }
    case 'page-limit':
      return labelled('page limit', message);
    case 'cursor-loop':
      return labelled('cursor loop', message);
    case 'timeout':
      return labelled('timeout', message);
    case 'connection-refused':
      return labelled('connection refused', message);
    case 'command-not-found':
      return labelled('command not found', message);
    default:
      return `${String(error.kind)}: ${message}`;
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
    // A stack repeats the message, which may be the server's text.
    return `${error.stack}${cause}`.split('\n').map((line) => printable(line)).join('\n');
  }
  return undefined;
}
