/**
 * Reads the text of a snapshot file and checks it thoroughly before anything trusts it: JSON, the
 * format and its version, every required field and its type, every page, finding and frame. Anything
 * wrong becomes a LoupeError of kind 'snapshot-invalid' whose message names the first problem and where. The
 * frames are then checked against the snapshot's digest (frameDigest.ts): frames changed after saving are a
 * 'snapshot-digest-mismatch' naming the frame. This is the one reader: the CLI, the app and replay all read here.
 */
import { LoupeError, errorKinds } from '../../shared/errors.js';
import { findingCodes, namingConventions, summaryFields } from '../../shared/lint.js';
import type { Snapshot } from '../../shared/snapshot.js';
import { snapshotFormat } from '../../shared/snapshot.js';
import {
  type Check,
  arrayOf,
  boolean,
  integer,
  nullable,
  number,
  object,
  oneOf,
  optional,
  record,
  string,
  anyObject,
  timestamp,
} from './shapeCheck.js';
import { overflowLiteral } from './overflowLiteral.js';
import { verifyFrames } from './frameDigest.js';

const errorData: Check = object({ kind: oneOf(errorKinds), code: optional(number), message: string });

const page: Check = object({
  index: integer,
  cursor: optional(string),
  nextCursor: optional(string),
  itemCount: integer,
  ttlMs: optional(number),
  cacheScope: optional(string),
  requestSeq: optional(integer),
  responseSeq: optional(integer),
  rttMs: number,
});

const frame: Check = object({
  seq: integer,
  t: number,
  wall: number,
  direction: oneOf(['in', 'out']),
  kind: oneOf(['request', 'response', 'error', 'notification', 'invalid', 'stderr', 'http']),
  raw: string,
  bytes: integer,
  rawBase64: optional(string),
  method: optional(string),
  id: optional((value, path) => (typeof value === 'string' ? undefined : integer(value, path))),
  parseError: optional(string),
  pairSeq: optional(integer),
  rttMs: optional(number),
  http: optional(
    object({
      method: optional(string),
      status: optional(integer),
      contentType: optional(string),
      url: optional(string),
      auth: optional(string),
    }),
  ),
});

const target: Check = (value, path) => {
  const transport = oneOf(['stdio', 'http', 'sse', 'auto', 'demo']);
  const base = object({ transport });
  const problem = base(value, path);
  if (problem) return problem;
  const kind = (value as { transport: string }).transport;
  if (kind === 'demo') return undefined;
  if (kind === 'stdio') {
    return object({
      transport,
      command: string,
      args: arrayOf(string),
      cwd: optional(string),
      env: optional(record(string)),
    })(value, path);
  }
  return object({
    transport,
    url: string,
    headers: optional(arrayOf(object({ name: string, value: string }))),
  })(value, path);
};

const otherList: Check = object({
  items: arrayOf(anyObject),
  pages: arrayOf(page),
  complete: boolean,
  error: optional(errorData),
});

/** A conformance run as `loupe conform --json` and the Conformance tab write it. */
const conformCheck: Check = object({
  id: string,
  name: string,
  description: string,
  status: oneOf(['SUCCESS', 'FAILURE', 'WARNING', 'SKIPPED', 'INFO']),
  errorMessage: optional(string),
  frames: arrayOf(integer),
});
const conformReport: Check = object({
  format: oneOf(['loupe.conform/1']),
  target: string,
  revision: string,
  revisionReason: string,
  startedAt: timestamp,
  ms: number,
  passed: boolean,
  counts: object({ passed: integer, failed: integer, warnings: integer, requiredFailed: integer }),
  scenarios: arrayOf(
    object({
      name: string,
      scored: boolean,
      checks: arrayOf(conformCheck),
      frames: arrayOf(integer),
      ms: number,
    }),
  ),
});

const snapshot: Check = object({
  format: string,
  testedAt: timestamp,
  loupeVersion: string,
  target,
  transport: optional(string),
  connected: boolean,
  error: optional(errorData),
  requestedProtocolVersion: optional(string),
  protocolVersion: optional(string),
  serverInfo: optional(nullable(anyObject)),
  capabilities: optional(anyObject),
  instructions: optional(string),
  sessionId: optional(string),
  initializeRoundTripMs: optional(number),
  era: optional(oneOf(['modern', 'legacy'])),
  eraReason: optional(string),
  discover: optional(anyObject),
  toolCount: integer,
  toolNames: arrayOf(string),
  anyToolDescribed: boolean,
  roundTripMs: nullable(number),
  toolsComplete: boolean,
  toolsError: optional(errorData),
  pages: arrayOf(page),
  tools: arrayOf(anyObject),
  lists: optional(
    object({ resources: optional(otherList), templates: optional(otherList), prompts: optional(otherList) }),
  ),
  skills: optional(otherList),
  findings: arrayOf(
    object({
      code: oneOf(findingCodes),
      severity: oneOf(['error', 'warning', 'info']),
      tool: optional(string),
      index: optional(integer),
      message: string,
    }),
  ),
  summary: object({
    toolCount: integer,
    fields: object(Object.fromEntries(summaryFields.map((field) => [field, integer]))),
    naming: object(Object.fromEntries(namingConventions.map((convention) => [convention, integer]))),
    nameLength: nullable(object({ min: number, median: number, max: number })),
  }),
  frames: arrayOf(frame),
  framesDropped: integer,
  conformance: optional(arrayOf(conformReport)),
  integrity: optional(object({ method: string, digest: string, frames: arrayOf(string) })),
});

function invalid(message: string, path?: string): LoupeError {
  return new LoupeError({
    kind: 'snapshot-invalid',
    message,
    ...(path === undefined ? {} : { data: { path } }),
  });
}

/** The format check first: a foreign or newer file gets a message about that, not about its fields. */
function checkFormat(value: unknown): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid(
      `Not a Loupe snapshot: the file holds ${Array.isArray(value) ? 'a JSON array' : `JSON ${value === null ? 'null' : typeof value}`}, not an object.`,
    );
  }
  const format = (value as { format?: unknown }).format;
  if (format === undefined) throw invalid('Not a Loupe snapshot: the file has no "format" field.', 'format');
  if (format === snapshotFormat) return;
  const version = typeof format === 'string' ? /^loupe\.snapshot\/(\d+)$/.exec(format)?.[1] : undefined;
  if (version !== undefined && Number(version) > 1) {
    throw invalid(
      `This snapshot is format version ${version} (${JSON.stringify(format)}); this Loupe reads version 1. Update Loupe to open it.`,
      'format',
    );
  }
  throw invalid(
    `Not a Loupe snapshot: its format is ${JSON.stringify(format)}, expected "${snapshotFormat}".`,
    'format',
  );
}

export function parseSnapshot(text: string): Snapshot {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw invalid(
      text.trim() === ''
        ? 'Not a Loupe snapshot: the file is empty.'
        : `Not a Loupe snapshot: the file is not JSON (${reason}).`,
    );
  }
  checkFormat(value);
  const problem = snapshot(value, '');
  if (problem?.overflow) {
    const literal = overflowLiteral(text, problem.path);
    const why =
      literal === undefined
        ? 'a number literal in the file is too large for a double'
        : `${literal} overflows`;
    throw invalid(`Invalid snapshot: ${problem.path} is not a finite number (${why}).`, problem.path);
  }
  if (problem) throw invalid(`Invalid snapshot: ${problem.message}`, problem.path);
  const parsed = value as Snapshot;
  if (parsed.toolNames.length !== parsed.tools.length || parsed.toolCount !== parsed.tools.length) {
    throw invalid(
      `Invalid snapshot: toolCount (${parsed.toolCount}) and toolNames (${parsed.toolNames.length}) do not match the ${parsed.tools.length} tools it holds.`,
      'toolCount',
    );
  }
  // The frames against their digest (a mismatch is snapshot-digest-mismatch naming the frame); none: unverified.
  verifyFrames(parsed);
  return parsed;
}
