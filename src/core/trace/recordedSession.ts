/**
 * A recorded session for `loupe trace`: a snapshot (one JSON document, read and checked by readSnapshot) or a
 * journal (JSON Lines, one frame a line, as the recorder appends them). Which one is told by the first line: a frame
 * object is a journal. A journal's line that is not a frame (a line cut by a crash, an edit) is counted and skipped;
 * a journal of no frame at all is an error. The spans come from the frames alone (shared/trace/framesToSpans.ts).
 */
import { LoupeError } from '../../shared/errors.js';
import type { Direction, Frame, FrameKind } from '../../shared/frames.js';
import { isJsonObject, type JsonObject } from '../../shared/json.js';
import type { SpanContextFacts } from '../../shared/trace/framesToSpans.js';
import { readRegularFile } from '../regularFile.js';
import { parseSnapshot } from '../snapshot/parseSnapshot.js';
import { factsOf } from './sessionFacts.js';

export interface RecordedSession {
  kind: 'snapshot' | 'journal';
  frames: Frame[];
  facts: SpanContextFacts;
  /** Journal lines that were not frames. */
  skippedLines: number;
}

const maxRecordingBytes = 512 * 1024 * 1024;
const directions = new Set<Direction>(['out', 'in']);
const kinds = new Set<FrameKind>([
  'request',
  'response',
  'error',
  'notification',
  'invalid',
  'stderr',
  'http',
]);

/** A journal line's frame, checked field by field (the file is input like any other), or undefined. */
export function frameOf(value: JsonObject): Frame | undefined {
  const { seq, t, wall, direction, kind, raw } = value;
  if (typeof seq !== 'number' || typeof t !== 'number' || typeof wall !== 'number' || typeof raw !== 'string')
    return undefined;
  if (!Number.isFinite(t) || !Number.isFinite(wall)) return undefined;
  if (!directions.has(direction as Direction) || !kinds.has(kind as FrameKind)) return undefined;
  const frame: Frame = {
    seq,
    t,
    wall,
    direction: direction as Direction,
    kind: kind as FrameKind,
    raw,
    bytes: typeof value.bytes === 'number' ? value.bytes : raw.length,
  };
  if (typeof value.method === 'string') frame.method = value.method;
  if (typeof value.id === 'string' || typeof value.id === 'number') frame.id = value.id;
  if (typeof value.pairSeq === 'number') frame.pairSeq = value.pairSeq;
  if (typeof value.rttMs === 'number') frame.rttMs = value.rttMs;
  if (value.channel === 'app') frame.channel = 'app';
  if (isJsonObject(value.http) && typeof value.http.url === 'string') frame.http = { url: value.http.url };
  return frame;
}

function parseLine(line: string): JsonObject | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return isJsonObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export async function readRecordedSession(path: string): Promise<RecordedSession> {
  const read = await readRegularFile(path, maxRecordingBytes);
  if (!read.ok)
    throw new LoupeError({
      kind: 'io-error',
      message: read.exists ? `Could not read ${path}: ${read.reason}.` : `No file at ${path}.`,
      data: { path },
    });
  const text = read.bytes.toString('utf8');
  const firstLine = text.slice(0, text.indexOf('\n') === -1 ? text.length : text.indexOf('\n'));
  const first = parseLine(firstLine);
  if (!first || frameOf(first) === undefined) {
    try {
      const snapshot = parseSnapshot(text);
      return {
        kind: 'snapshot',
        frames: snapshot.frames,
        facts: factsOf(snapshot.target, snapshot.protocolVersion),
        skippedLines: 0,
      };
    } catch (error) {
      if (error instanceof LoupeError)
        throw new LoupeError({
          ...error.detail,
          message: `${path} is neither a journal (a frame a line) nor a snapshot: ${error.detail.message}`,
        });
      throw error;
    }
  }
  const frames: Frame[] = [];
  let skippedLines = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const value = parseLine(line);
    const frame = value ? frameOf(value) : undefined;
    if (frame) frames.push(frame);
    else skippedLines++;
  }
  const url = frames.find((frame) => frame.http?.url !== undefined)?.http?.url;
  return {
    kind: 'journal',
    frames,
    facts: url !== undefined ? { transport: 'http', url } : { transport: 'stdio' },
    skippedLines,
  };
}
