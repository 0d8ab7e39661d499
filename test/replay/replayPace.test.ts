/**
 * `loupe replay --pace recorded` keeps the delays of the recording; the default answers at once. The recording is
 * of server-everything answering a tool call after a real 1.5 s (trigger-long-running-operation, one step), and
 * the replay is driven by the official SDK 1.x Client over stdio, which times the call itself.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Snapshot } from '../../src/shared/snapshot.js';
import { everythingServer, loupeBin, requireBuild } from '../cli/loupe.js';
import { record, recordedAnswer, scratch } from './recordings.js';

const slow = {
  method: 'tools/call',
  params: { name: 'trigger-long-running-operation', arguments: { duration: 1.5, steps: 1 } },
};
const echo = { method: 'tools/call', params: { name: 'echo', arguments: { message: 'quick' } } };

let file: string;
let recorded: Snapshot;
/** How long the server took to answer the slow call, by the recording's own clock (ms). */
let recordedDelay: number;

beforeAll(async () => {
  requireBuild();
  ({ file, snapshot: recorded } = await record(scratch(), 'everything-slow', [slow, echo], [
    '--',
    process.execPath,
    everythingServer,
    'stdio',
  ]));
  const request = recorded.frames.find(
    (frame) =>
      frame.direction === 'out' &&
      frame.method === 'tools/call' &&
      frame.raw.includes('"trigger-long-running-operation"'),
  );
  const answer = recorded.frames.find((frame) => frame.pairSeq === request?.seq && frame.direction === 'in');
  if (!request || !answer) throw new Error('the slow call and its answer are not in the recording');
  recordedDelay = answer.t - request.t;
}, 90_000);

/** One call through the SDK Client against `loupe replay <file> [flags]`: its result and its time on the client. */
async function timedCall(
  flags: string[],
  params: { name: string; arguments: Record<string, unknown> },
): Promise<{ result: unknown; ms: number }> {
  const client = new Client({ name: 'replay-pace-test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [loupeBin, 'replay', file, ...flags],
      stderr: 'ignore',
    }),
  );
  try {
    const started = performance.now();
    const result = await client.callTool(params);
    return { result, ms: performance.now() - started };
  } finally {
    await client.close();
  }
}

describe('loupe replay --pace', () => {
  it('the recording holds a real delay of about 1.5 s before the answer', () => {
    expect(recordedDelay).toBeGreaterThanOrEqual(1_450);
    expect(recordedAnswer(recorded, slow)).toEqual({
      content: [{ type: 'text', text: 'Long running operation completed. Duration: 1.5 seconds, Steps: 1.' }],
    });
  });

  it('--pace recorded answers after the recorded delay, with the recorded result', async () => {
    const paced = await timedCall(['--pace', 'recorded'], slow.params);
    expect(paced.result).toEqual(recordedAnswer(recorded, slow));
    // Timers may fire a millisecond or two early; the client's clock also counts the pipe both ways.
    expect(paced.ms).toBeGreaterThanOrEqual(recordedDelay - 20);
  }, 60_000);

  it('by default the same call is answered at once, with the same result', async () => {
    const quick = await timedCall([], slow.params);
    expect(quick.result).toEqual(recordedAnswer(recorded, slow));
    // Far from the 1.5 s the server took: nothing waits (a loaded machine still answers a pipe in well under this).
    expect(quick.ms).toBeLessThan(recordedDelay / 2);
    // And a call that was quick when recorded stays quick when paced.
    const echoed = await timedCall(['--pace', 'recorded'], echo.params);
    expect(echoed.result).toEqual(recordedAnswer(recorded, echo));
    expect(echoed.ms).toBeLessThan(recordedDelay / 2);
  }, 60_000);
});
