/**
 * One step at a time, an independent tools/call step is sent as soon as the last answer is in, and that answer is
 * judged while the server works on it; a step that waits on a capture, `--bail`, or `repeat` is sent only after
 * the last verdict. Against the demo server over stdio, watching the session's own recorder.
 */
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CollectionReport } from '../../src/shared/collections.js';
import { demoTarget } from '../../src/core/demoTarget.js';
import { parseCollection } from '../../src/core/collections/parseCollection.js';
import { runCollection, type RunOptions } from '../../src/core/collections/runCollection.js';
import { FrameRecorder } from '../../src/core/recorder/frameRecorder.js';
import { connect } from '../../src/core/session/connect.js';
import type { DialTarget } from '../../src/core/types.js';

const callFaults = fileURLToPath(new URL('../servers/callFaults.mjs', import.meta.url));

interface Watched {
  report: CollectionReport;
  /** start:<step> / end:<step> in the order the runner told them. */
  events: string[];
  /** At each step's end: the echo messages of every tools/call sent so far. */
  sentAtEnd: Map<string, string[]>;
}

async function watch(
  steps: object[],
  options: Partial<RunOptions> = {},
  target: DialTarget = demoTarget(),
): Promise<Watched> {
  const collection = parseCollection(
    JSON.stringify({ format: 'loupe.collection/1', steps }),
    'overlap.collection.json',
  );
  const recorder = new FrameRecorder();
  const session = await connect(target, { recorder, timeoutMs: 15_000 });
  const events: string[] = [];
  const sentAtEnd = new Map<string, string[]>();
  const sentCalls = (): string[] =>
    recorder
      .frames()
      .filter((frame) => frame.direction === 'out' && frame.method === 'tools/call')
      .map((frame) => {
        const message = JSON.parse(frame.raw) as { params: { arguments: { message?: string } } };
        return message.params.arguments.message ?? '';
      });
  try {
    const report = await runCollection(collection, session, {
      baseDirectory: tmpdir(),
      ...options,
      onStepStart: (step) => events.push(`start:${step.name}`),
      onStepEnd: (result) => {
        events.push(`end:${result.name}`);
        sentAtEnd.set(result.name, sentCalls());
      },
    });
    return { report, events, sentAtEnd };
  } finally {
    await session.close();
  }
}

const echo = (name: string, extra: object = {}): object => ({
  name,
  method: 'tools/call',
  tool: 'echo',
  arguments: { message: name },
  expect: { isError: false, jsonText: { equals: { message: name } } },
  ...extra,
});

describe('overlapping independent steps', () => {
  it('sends the next independent call before the last one is judged, and tells starts and ends in order', async () => {
    const { report, events, sentAtEnd } = await watch([echo('one'), echo('two'), echo('three')]);
    expect(report.counts).toEqual({ passed: 3, failed: 0, error: 0, skipped: 0 });
    expect(events).toEqual(['start:one', 'end:one', 'start:two', 'end:two', 'start:three', 'end:three']);
    // The first call waits for the tool list's walk and goes alone; when "two" was judged, "three" had already
    // gone out; nothing follows "three".
    expect(sentAtEnd.get('one')).toEqual(['one']);
    expect(sentAtEnd.get('two')).toEqual(['one', 'two', 'three']);
    expect(sentAtEnd.get('three')).toEqual(['one', 'two', 'three']);
    // Each step's verdict is its own answer's, not its neighbour's.
    for (const step of report.steps)
      expect(step.result).toMatchObject({ content: [{ text: `{"message":"${step.name}"}` }] });
  });

  it('waits for the verdict under --bail, and stops there when a step fails', async () => {
    const failing = {
      ...echo('one'),
      expect: { isError: false, jsonText: { equals: { message: 'something else' } } },
    };
    const { report, sentAtEnd } = await watch([failing, echo('two')], { bail: true });
    expect(sentAtEnd.get('one')).toEqual(['one']);
    expect(report.steps.map((step) => step.status)).toEqual(['failed', 'skipped']);
    expect(report.steps[1].skippedBecause).toBe('--bail: "one" failed');
  });

  it('waits for a capture before sending what uses it, and sends no repeated step early', async () => {
    const capturing = { ...echo('one'), captures: { said: { pointer: '/message', in: 'jsonText' } } };
    const using = {
      name: 'two',
      method: 'tools/call',
      tool: 'echo',
      arguments: { message: '${capture:said}-again' },
      expect: { jsonText: { equals: { message: 'one-again' } } },
    };
    const repeated = echo('three', { repeat: 2 });
    const { report, sentAtEnd } = await watch([capturing, using, repeated, echo('four')]);
    expect(report.counts).toEqual({ passed: 4, failed: 0, error: 0, skipped: 0 });
    expect(sentAtEnd.get('one')).toEqual(['one']);
    // "two" used the capture, so it left after "one" was judged; the repeated "three" is not sent early, and
    // "four" not before "three" is done.
    expect(sentAtEnd.get('two')).toEqual(['one', 'one-again']);
    expect(sentAtEnd.get('three')).toEqual(['one', 'one-again', 'three', 'three']);
    expect(sentAtEnd.get('four')).toEqual(['one', 'one-again', 'three', 'three', 'four']);
  });

  it('a server that dies under a call ends the run: the steps after it are skipped, none sent', async () => {
    const crash = { name: 'crash', method: 'tools/call', tool: 'crash', arguments: {} };
    const { report, sentAtEnd } = await watch(
      ['one', 'two', 'crash', 'three', 'four'].map((name) =>
        name === 'crash' ? crash : { ...echo(name), expect: { isError: false } },
      ),
      {},
      { transport: 'stdio', command: process.execPath, args: [callFaults] },
    );
    expect(report.steps.map((step) => step.status)).toEqual([
      'passed',
      'passed',
      'error',
      'skipped',
      'skipped',
    ]);
    expect(report.steps[3].skippedBecause).toBe('the connection ended');
    expect(report.aborted?.kind).toBe('server-exited');
    // "crash" went out before "two" was judged; nothing after it was sent.
    expect(sentAtEnd.get('two')).toEqual(['one', 'two', '']);
    expect(sentAtEnd.get('four')).toEqual(['one', 'two', '']);
  });
});
