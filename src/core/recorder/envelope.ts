/**
 * Classifies one JSON-RPC 2.0 message given as raw text: what kind of envelope it is, or why it is not one.
 * Batches (a JSON array) are split into their elements, each keeping its exact source text.
 */
import type { FrameKind } from '../../shared/frames.js';
import type { JsonObject } from '../../shared/json.js';
import { isJsonObject } from '../../shared/json.js';

export type EnvelopeKind = Exclude<FrameKind, 'stderr' | 'http'>;

export interface Envelope {
  /** The exact text of this message (an element's own text when it came in a batch). */
  raw: string;
  kind: EnvelopeKind;
  method?: string;
  id?: string | number;
  parseError?: string;
  /** The parsed message, for valid envelopes only. */
  message?: JsonObject;
}

/** Splits raw text into envelopes: one for an object (or anything invalid), one per element for a batch. */
export function parseEnvelopes(raw: string): Envelope[] {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return [{ raw, kind: 'invalid', parseError: raw.trim() === '' ? 'empty line' : `not JSON: ${reason}` }];
  }
  if (!Array.isArray(value)) return [classify(raw, value)];
  if (value.length === 0) return [{ raw, kind: 'invalid', parseError: 'empty JSON-RPC batch' }];
  const pieces = splitTopLevelArray(raw);
  return value.map((element: unknown, index) => classify(pieces[index] ?? JSON.stringify(element), element));
}

/** Whether a value is a valid JSON-RPC 2.0 envelope, and of which kind. */
export function classify(raw: string, value: unknown): Envelope {
  const invalid = (parseError: string): Envelope => ({
    raw,
    kind: 'invalid',
    parseError,
    ...identity(value),
  });
  if (!isJsonObject(value))
    return invalid(`not a JSON-RPC message: a JSON ${describe(value)}, expected an object`);
  if (value.jsonrpc !== '2.0') return invalid('"jsonrpc" must be "2.0"');
  const hasId = 'id' in value;
  const id = value.id;
  if (hasId && !isIdValue(id) && id !== null) return invalid('"id" must be a string, a number or null');
  if ('method' in value) {
    if (typeof value.method !== 'string') return invalid('"method" must be a string');
    if ('params' in value && typeof value.params !== 'object')
      return invalid('"params" must be an object or an array');
    if ('params' in value && value.params === null) return invalid('"params" must be an object or an array');
    if (!hasId) return { raw, kind: 'notification', method: value.method, message: value };
    if (!isIdValue(id)) return invalid('a request "id" must be a string or a number');
    return { raw, kind: 'request', method: value.method, id, message: value };
  }
  if (!hasId) return invalid('neither "method" nor "id": not a request, notification or response');
  const hasResult = 'result' in value;
  const hasError = 'error' in value;
  if (hasResult && hasError) return invalid('a response has both "result" and "error"');
  if (hasResult) {
    if (!isIdValue(id)) return invalid('a result response "id" must be a string or a number');
    return { raw, kind: 'response', id, message: value };
  }
  if (hasError) {
    const error = value.error;
    if (!isJsonObject(error) || typeof error.code !== 'number' || !Number.isInteger(error.code)) {
      return invalid('"error" must be an object with an integer "code"');
    }
    if (typeof error.message !== 'string') return invalid('"error.message" must be a string');
    return isIdValue(id)
      ? { raw, kind: 'error', id, message: value }
      : { raw, kind: 'error', message: value };
  }
  return invalid('a response needs "result" or "error"');
}

function isIdValue(value: unknown): value is string | number {
  return typeof value === 'string' || typeof value === 'number';
}

function identity(value: unknown): { method?: string; id?: string | number } {
  if (!isJsonObject(value)) return {};
  const out: { method?: string; id?: string | number } = {};
  if (typeof value.method === 'string') out.method = value.method;
  if (isIdValue(value.id)) out.id = value.id;
  return out;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/**
 * The exact source text of each top-level element of a JSON array (the text is known to parse).
 * Tracks strings and nesting depth only; whitespace around elements is trimmed.
 */
export function splitTopLevelArray(text: string): string[] {
  const pieces: string[] = [];
  let depth = 0;
  let inString = false;
  let start = -1;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index++;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === '[' || char === '{') {
      depth++;
      if (depth === 1) {
        start = index + 1;
        continue;
      }
    } else if (char === ']' || char === '}') {
      depth--;
      if (depth === 0) {
        pushPiece(pieces, text.slice(start, index));
        continue;
      }
    } else if (char === ',' && depth === 1) {
      pushPiece(pieces, text.slice(start, index));
      start = index + 1;
    }
  }
  return pieces;
}

function pushPiece(pieces: string[], piece: string): void {
  const trimmed = piece.trim();
  if (trimmed !== '') pieces.push(trimmed);
}
