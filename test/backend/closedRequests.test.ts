/**
 * A call cancelled while the server's question waits for the person closes that question in the 2026-07-28 era
 * too: a modern input_required round (the v2 SDK's confirm_action over stdio) and a task's input (needs_approval of
 * test/servers/tasks, answered through tasks/update). Each form closes saying why, the call ends as cancelled,
 * and no answer can be given for it afterwards. The form itself holds no timer: it is answered 12 s later (past the
 * 10 s request timeout) without anything timing out.
 */
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { serverPaths } from '../helpers/servers.js';
import { startHarness, type Harness } from './backendHarness.js';

const tasksServer = fileURLToPath(new URL('../servers/tasks/server.mjs', import.meta.url));

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

async function connected(args: string[]): Promise<Harness> {
  const started = startHarness();
  harness = started;
  const status = await started.api.connect({ transport: 'stdio', command: process.execPath, args });
  expect(status.state === 'connected' ? status.handshake.era : status.state).toBe('modern');
  await started.api.list('tools');
  return started;
}

async function failureOf(call: Promise<unknown>): Promise<{ kind?: string; message?: string } | undefined> {
  return call.then(
    () => undefined,
    (error: unknown) => (error as { detail?: { kind?: string; message?: string } }).detail,
  );
}

describe('closing the questions of a cancelled call, 2026-07-28', () => {
  it('an input_required round answered 12 s later completes; one cancelled closes its form', async () => {
    const app = await connected([serverPaths.v2, '--transport', 'stdio', '--legacy', 'reject']);
    const slow = app.api.callTool({
      tool: 'confirm_action',
      arguments: { action: 'deploy' },
      callId: 'round-1',
    });
    const first = await app.waitFor('onServerRequest', (r) => r.method === 'elicitation/create');
    await new Promise((resolve) => setTimeout(resolve, 12_000));
    await app.api.answerServerRequest(first.requestId, {
      result: { action: 'accept', content: { confirmed: true } },
    });
    const outcome = await slow;
    expect(outcome.isError).toBe(false);
    expect(outcome.rounds).toHaveLength(1);

    const call = app.api.callTool({
      tool: 'confirm_action',
      arguments: { action: 'undo' },
      callId: 'round-2',
    });
    const failure = failureOf(call);
    const request = await app.waitFor(
      'onServerRequest',
      (r) => r.method === 'elicitation/create' && r.requestId !== first.requestId,
    );
    await app.api.cancelCall('round-2');
    const closed = await app.waitFor('onServerRequestClosed', (c) => c.requestId === request.requestId);
    expect(closed.reason).toBe('tools/call was cancelled: cancelled by the user');
    expect(await failure).toMatchObject({
      kind: 'cancelled',
      message: 'tools/call was cancelled: cancelled by the user',
    });
    expect(await app.api.pendingServerRequests()).toEqual([]);
    const late = await failureOf(
      app.api.answerServerRequest(request.requestId, { result: { action: 'decline' } }),
    );
    expect(late?.kind).toBe('usage');
    // Two tools/call requests for the first call (the round and its retry), one for the cancelled one: no retry.
    const frames = await app.api.frames(0, 100_000);
    const calls = frames.filter((frame) => frame.direction === 'out' && frame.method === 'tools/call');
    expect(calls).toHaveLength(3);
  }, 40_000);

  it('a task cancelled while its input is asked closes the form and cancels the task', async () => {
    const app = await connected([tasksServer, '--transport', 'stdio']);
    const call = app.api.callTool({ tool: 'needs_approval', arguments: {}, callId: 'task-1' });
    const failure = failureOf(call);
    const request = await app.waitFor('onServerRequest', (r) => r.method === 'elicitation/create');
    await app.api.cancelCall('task-1');
    const closed = await app.waitFor('onServerRequestClosed', (c) => c.requestId === request.requestId);
    expect(closed.reason).toMatch(/^task [0-9a-f-]+ was cancelled: cancelled by the user$/);
    expect(await failure).toMatchObject({ kind: 'cancelled' });
    const frames = await app.api.frames(0, 100_000);
    const sent = frames.filter((frame) => frame.direction === 'out').map((frame) => frame.method);
    expect(sent).toContain('tasks/cancel');
    expect(sent).not.toContain('tasks/update');
  }, 30_000);
});
