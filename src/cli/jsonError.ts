/**
 * `--json` failures: every command that takes --json prints JSON on stdout when it fails too, so a script reads
 * `.error.kind` instead of parsing stderr. The human line still goes to stderr. The message is the error's own,
 * bounded (a server can send a 100 MB error message); the doctor's diagnosis is there, or null.
 */
import type { Diagnosis } from '../shared/doctor.js';
import { toErrorData, type LoupeErrorData } from '../shared/errors.js';
import { diagnosisOf, maximumErrorLength } from './errorReport.js';
import { prefix, truncate } from './terminal.js';

export interface ErrorJson {
  kind: LoupeErrorData['kind'];
  code?: number;
  message: string;
  doctor: Diagnosis | null;
}

export function errorJson(error: LoupeErrorData): ErrorJson {
  return {
    kind: error.kind,
    ...(error.code !== undefined ? { code: error.code } : {}),
    message: truncate(prefix(error.message, maximumErrorLength), maximumErrorLength),
    doctor: diagnosisOf(error) ?? null,
  };
}

/** `{"error": {kind, code?, message, doctor}}` of anything thrown. */
export function errorDocument(error: unknown): { error: ErrorJson } {
  return { error: errorJson(toErrorData(error)) };
}

/**
 * Whether the command line asked for --json: the parsed option when parsing got that far, else `--json` among the
 * arguments before a stdio server's `--` (after it they belong to the server).
 */
export function asksForJson(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).includes('--json');
}
