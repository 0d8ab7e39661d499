/**
 * Recording real sessions with the built CLI (`loupe snapshot --calls`) and reading them back: the recorded answer
 * of a request, the frames a side received with their ids blanked, a replay over HTTP to connect to.
 */
import { mkdtempSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Frame } from '../../src/shared/frames.js';
import type { Snapshot } from '../../src/shared/snapshot.js';
import { spliceMember } from '../../src/core/replay/spliceMember.js';
import { canonicalJson } from '../../src/core/replay/requestKey.js';
import { runLoupe, startLoupe, type LoupeProcess } from '../cli/loupe.js';

export interface PlannedRequest {
  method: string;
  params?: Record<string, unknown>;
}

export const scratch = (): string => mkdtempSync(join(tmpdir(), 'loupe-replay-'));

/** Runs `loupe snapshot --out <file> --calls <calls> …target`, expects exit 0, returns the file and its snapshot. */
export async function record(
  directory: string,
  name: string,
  calls: PlannedRequest[],
  target: string[],
): Promise<{ file: string; snapshot: Snapshot }> {
  const callsFile = join(directory, `${name}.calls.json`);
  writeFileSync(callsFile, JSON.stringify(calls));
  const file = join(directory, `${name}.json`);
  const run = await runLoupe(['snapshot', '--out', file, '--calls', callsFile, ...target], {
    timeoutMs: 60_000,
  });
  expect(run.code, run.stderr).toBe(0);
  return { file, snapshot: JSON.parse(readFileSync(file, 'utf8')) as Snapshot };
}

function paramsWithoutMeta(raw: string): string {
  const message = JSON.parse(raw) as { params?: Record<string, unknown> };
  const { _meta: _left, ...rest } = message.params ?? {};
  return canonicalJson(rest);
}

/** The `result` (or `error`) of the last recorded answer to this request, as the server sent it. */
export function recordedAnswer(snapshot: Snapshot, request: PlannedRequest): Record<string, unknown> {
  const { _meta: _left, ...params } = request.params ?? {};
  const wanted = canonicalJson(params);
  const asked = snapshot.frames.filter(
    (frame) =>
      frame.direction === 'out' &&
      frame.kind === 'request' &&
      frame.method === request.method &&
      paramsWithoutMeta(frame.raw) === wanted,
  );
  const last = asked.at(-1);
  const answer = last && snapshot.frames.find((frame) => frame.pairSeq === last.seq);
  if (!answer) throw new Error(`no recorded answer to ${request.method} ${wanted}`);
  const message = JSON.parse(answer.raw) as {
    result?: Record<string, unknown>;
    error?: Record<string, unknown>;
  };
  return message.result ?? message.error ?? {};
}

/** A frame's raw text with its JSON-RPC id (if any) blanked: what "byte for byte, ids aside" compares. */
export function withoutId(frame: Frame): string {
  let raw = spliceMember(frame.raw, ['id'], '"<id>"') ?? frame.raw;
  // Trace context (SEP-414) is new for every request Loupe sends: its ids are blanked like the JSON-RPC ids.
  for (const key of ['traceparent', 'tracestate'])
    raw = spliceMember(raw, ['params', '_meta', key], `"<${key}>"`) ?? raw;
  return raw;
}

/** The JSON-RPC frames one direction carried, ids blanked (stderr lines and HTTP facts left out). */
export function messages(snapshot: Snapshot, direction: 'in' | 'out'): string[] {
  return snapshot.frames
    .filter(
      (frame) =>
        frame.direction === direction &&
        frame.kind !== 'stderr' &&
        frame.kind !== 'http' &&
        frame.channel !== 'app',
    )
    .map(withoutId);
}

/** `loupe replay <file> --http`: the URL it printed and the process. */
export async function replayOverHttp(
  file: string,
  flags: string[] = [],
): Promise<{ url: string; process: LoupeProcess }> {
  const process = startLoupe(['replay', file, '--http', ...flags]);
  const line = await process.waitForLine((text) => text.startsWith('Replaying '));
  return { url: line.slice(line.lastIndexOf(' ') + 1), process };
}
