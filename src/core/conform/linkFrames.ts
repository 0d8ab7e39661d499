/**
 * Which recorded frames a check judged. The suite names no frames, so they are found from what it does say:
 *
 * 1. Evidence: a check's details that equal a message the server sent (a result, an error, a whole message; e.g.
 *    `details.result` of a tools/call check) link that frame and the request it answers.
 * 2. The wire-schema check judges every message the server sent in the scenario; a violation links the frames
 *    whose message it quotes.
 * 3. Otherwise time: the frames recorded after the previous check of the scenario (by the suite's own
 *    timestamp) up to this check's timestamp, i.e. the exchange the check was made from; a check stamped before
 *    any of its exchange took place gets the frames from its stamp up to the next check's.
 */
import type { ConformCheck } from '../../shared/conform.js';
import type { Frame } from '../../shared/frames.js';

/** The suite's timestamps are whole milliseconds taken in another process just after the answer arrived. */
const clockSlackMs = 5;

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function parsed(frame: Frame): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(frame.raw);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Objects (with at least one key) and non-empty arrays anywhere in the details. */
function evidence(value: unknown, into: Set<string>, depth = 0): void {
  if (depth > 8 || value === null || typeof value !== 'object') return;
  const size = Array.isArray(value) ? value.length : Object.keys(value).length;
  if (size > 0) into.add(canonical(value));
  for (const item of Array.isArray(value) ? value : Object.values(value as Record<string, unknown>))
    evidence(item, into, depth + 1);
}

export interface CheckTiming {
  check: ConformCheck;
  /** The suite's timestamp, epoch ms (NaN when it gave none). */
  at: number;
}

export function linkFrames(frames: readonly Frame[], checks: readonly CheckTiming[]): void {
  const fromServer = frames.filter((frame) => frame.direction === 'in' && frame.kind !== 'http');
  const keys = new Map<string, Frame[]>();
  for (const frame of fromServer) {
    const message = parsed(frame);
    if (!message) continue;
    const forms = [message, message.result, message.error, message.params].filter((item) => item !== undefined);
    for (const form of forms) {
      const key = canonical(form);
      keys.set(key, [...(keys.get(key) ?? []), frame]);
    }
  }
  const withRequest = (found: Iterable<Frame>): number[] => {
    const seqs = new Set<number>();
    for (const frame of found) {
      seqs.add(frame.seq);
      if (frame.pairSeq !== undefined) seqs.add(frame.pairSeq);
    }
    return [...seqs].sort((a, b) => a - b);
  };
  // The moment of the latest check seen, and of the one before it: the window of a check starts after the latter.
  let lastAt = Number.NEGATIVE_INFINITY;
  let windowStart = Number.NEGATIVE_INFINITY;
  for (const { check, at } of checks) {
    if (Number.isFinite(at) && at > lastAt) {
      windowStart = lastAt;
      lastAt = at;
    }
    if (check.id === 'wire-schema-valid') {
      const quoted = new Set<string>();
      const details = check.details as { violations?: unknown } | undefined;
      evidence(details?.violations, quoted);
      const hits = [...quoted].flatMap((key) => keys.get(key) ?? []);
      check.frames = withRequest(hits.length > 0 ? hits : fromServer);
      continue;
    }
    const wanted = new Set<string>();
    evidence(check.details, wanted);
    const hits = [...wanted].flatMap((key) => keys.get(key) ?? []);
    if (hits.length > 0) check.frames = withRequest(hits);
    else if (Number.isFinite(at)) {
      // Checks made at the same moment share a window.
      const window = frames.filter(
        (frame) => frame.wall > windowStart + clockSlackMs && frame.wall <= at + clockSlackMs,
      );
      // A check stamped before its exchange (a scenario that stamps all its checks at the start): the frames
      // from its moment up to the next check's moment.
      const next = checks.find((other) => other.at > at)?.at ?? Number.POSITIVE_INFINITY;
      const ahead =
        window.length > 0
          ? window
          : frames.filter((frame) => frame.wall > at - clockSlackMs && frame.wall <= next + clockSlackMs);
      check.frames = ahead.map((frame) => frame.seq);
    } else check.frames = [];
  }
}
