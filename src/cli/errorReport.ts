/**
 * What stderr says when the CLI fails: one line naming the failure, then the connection doctor's likely cause and
 * next step (src/core/doctor); --debug adds the evidence they rest on (and the stack of an internal error).
 */
import { diagnose } from '../core/doctor/diagnose.js';
import type { Diagnosis } from '../shared/doctor.js';
import { LoupeError, toErrorData, type LoupeErrorData } from '../shared/errors.js';
import { isJsonObject } from '../shared/json.js';
import { prefix, printable, printableCell } from './terminal.js';

function dataField(error: LoupeErrorData, key: string): unknown {
  return isJsonObject(error.data) ? error.data[key] : undefined;
}

/** "label: message", without saying the label twice when the message already opens with it. */
function labelled(label: string, message: string): string {
  return message.toLowerCase().startsWith(label)
    ? `${label}${message.slice(label.length)}`
    : `${label}: ${message}`;
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
  const message = prefix(error.message, maximumErrorLength)
    .replace(/\s*\n\s*/g, ' ')
    .trim()
    .replace(/\.$/, '');
  switch (error.kind) {
    case 'method-not-found':
      return labelled('method not found', message);
    case 'server-exited': {
      const code = dataField(error, 'exitCode');
      const lastLine = dataField(error, 'lastStderrLine');
      const stderrLine = typeof lastLine === 'string' ? prefix(lastLine, maximumErrorLength) : undefined;
      const codeText =
        typeof code === 'number' && !message.includes(`code ${code}`) ? ` (exit code ${code})` : '';
      // A message headed by the stderr line that says why needs no banner after it (Node's closing `Node.js v20…`).
      const named = typeof dataField(error, 'stderrCause') === 'string';
      const tail =
        !named && typeof stderrLine === 'string' && !message.includes(stderrLine)
          ? `; last stderr line: ${stderrLine}`
          : '';
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

/** The connection doctor's diagnosis: the one the error carries (with the session's evidence), else one from the error alone. */
export function diagnosisOf(error: LoupeErrorData): Diagnosis | undefined {
  return error.doctor ?? diagnose(error);
}

/** "  likely cause: …" and "  next step: …" under the error line (empty when the doctor has nothing to add). */
export function adviceLines(error: LoupeErrorData): string[] {
  const doctor = diagnosisOf(error);
  return doctor ? diagnosisLines(doctor, false) : [];
}

/** A diagnosis as indented lines: likely cause, next step, and with --debug its evidence. */
export function diagnosisLines(doctor: Diagnosis, debug: boolean): string[] {
  return [
    `  likely cause: ${printableCell(doctor.likelyCause, maximumErrorLength)}`,
    `  next step: ${printableCell(doctor.nextStep, maximumErrorLength)}`,
    ...(debug ? doctor.evidence.map((line) => `  evidence: ${printableCell(line, maximumErrorLength)}`) : []),
  ];
}

/** The error line, then the doctor's likely cause and next step, one per line. */
export function errorLine(error: unknown): string {
  const detail = toErrorData(error);
  return [`loupe: ${describeError(detail)}`, ...adviceLines(detail)].join('\n');
}

/** The evidence the diagnosis rests on (HTTP answers, exit code, stderr, stdout lines), for --debug. */
export function evidenceLines(error: LoupeErrorData): string[] {
  return (diagnosisOf(error)?.evidence ?? []).map(
    (line) => `  evidence: ${printableCell(line, maximumErrorLength)}`,
  );
}

/**
 * Exit code of a failure: 2 for usage errors, 3 when a task could not be cancelled (tasks/cancel refused or failed:
 * it may still run on the server, which a script must not take for a clean cancel), 1 for everything else.
 */
export function exitCodeOf(error: unknown): number {
  if (!(error instanceof LoupeError)) return 1;
  if (error.kind === 'usage') return 2;
  return error.kind === 'cancel-failed' ? 3 : 1;
}

/**
 * What --debug adds: the doctor's evidence (the HTTP answers, exit code, stderr and stdout lines it rests on), and a
 * stack trace only for an internal error, a bug in Loupe; a server's failure is explained by its evidence, and a
 * stack of Loupe's own frames would only hide it.
 */
export function debugDetail(error: unknown): string | undefined {
  const detail = toErrorData(error);
  const evidence = evidenceLines(detail);
  if (detail.kind === 'internal' && error instanceof Error && error.stack) {
    const cause =
      error.cause instanceof Error && error.cause.stack ? `\ncaused by: ${error.cause.stack}` : '';
    // A stack repeats the message, which may be the server's text.
    const stack = `${error.stack}${cause}`.split('\n').map((line) => printable(line));
    return [...evidence, ...stack].join('\n');
  }
  return evidence.length > 0 ? evidence.join('\n') : undefined;
}
