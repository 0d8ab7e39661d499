/**
 * A stdio server that writes on stdout what is not a JSON-RPC message (a banner, a log line, a prompt): the
 * recorder keeps each such line as an `invalid` frame and the session goes on, so a listing can succeed while
 * the server breaks the stdio rule — and a client less forgiving than Loupe fails. Counted from the frames, with
 * the first lines quoted (cut short: they are the server's text, to be shown inert).
 */
import type { Frame } from '../../shared/frames.js';
import type { Finding } from '../../shared/lint.js';
import { isTruncatedNote } from '../wire/limits.js';

export interface StdoutNoise {
  /** Lines on stdout that were not JSON-RPC messages. */
  count: number;
  /** The first of them (at most 3), each at most 120 characters. */
  firstLines: string[];
}

const quotedLines = 3;
const lineLength = 120;

function cut(line: string): string {
  const trimmed = line.trim();
  return trimmed.length > lineLength ? `${trimmed.slice(0, lineLength)}…` : trimmed;
}

/** The stdout lines of a stdio session that did not parse as JSON-RPC; undefined when there were none. */
export function stdoutNoise(frames: readonly Frame[]): StdoutNoise | undefined {
  const noise: StdoutNoise = { count: 0, firstLines: [] };
  for (const frame of frames) {
    // HTTP frames carry their facts in `http`; a stdio line has none.
    if (frame.direction !== 'in' || frame.kind !== 'invalid' || frame.http || frame.raw.trim() === '')
      continue;
    // A line past the size limit is kept as a truncated prefix: it failed on its size (its own error), not its form.
    if (isTruncatedNote(frame.parseError)) continue;
    noise.count += 1;
    if (noise.firstLines.length < quotedLines) noise.firstLines.push(cut(frame.raw));
  }
  return noise.count > 0 ? noise : undefined;
}

/** The sentence for a warning and a finding: how many lines, the first ones quoted, and what to do. */
export function stdoutNoiseMessage(noise: StdoutNoise): string {
  const lines = noise.count === 1 ? '1 line' : `${noise.count.toLocaleString('en-US')} lines`;
  const quoted = noise.firstLines.map((line) => `“${line}”`).join(', ');
  const rest = noise.count - noise.firstLines.length;
  const more = rest > 0 ? ` and ${rest.toLocaleString('en-US')} more` : '';
  return `The server wrote ${lines} on stdout that ${noise.count === 1 ? 'is' : 'are'} not JSON-RPC: ${quoted}${more}. Over stdio, stdout carries only JSON-RPC messages, one a line; clients may fail on anything else. Log to stderr instead.`;
}

export function stdoutFindings(frames: readonly Frame[]): Finding[] {
  const noise = stdoutNoise(frames);
  return noise ? [{ code: 'stdout-not-json', severity: 'warning', message: stdoutNoiseMessage(noise) }] : [];
}
