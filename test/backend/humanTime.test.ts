/**
 * A person takes their time with a server's request: server-everything's trigger-elicitation-request over stdio,
 * answered 15 s after the form opened, longer than the 10 s request timeout. The call's timer stands still while
 * the form waits, so the call succeeds with the server's own result and Loupe never sends notifications/cancelled.
 * A call cancelled while its form is open closes the form, says why, and no answer can be sent for it after that;
 * so does a question the server cancels itself (test/servers/asking.mjs), which gets no response at all.
 */
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import type { Frame } from '../../src/shared/frames.js';
import { serverPaths } from '../helpers/servers.js';
import { startHarness, type Harness } from './backendHarness.js';

const everything = createRequire(import.meta.url).resolve(
  '@modelcontextprotocol/server-everything/dist/index.js',
);
const personMs = 15_000;

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

async function connected(args: string[] = [everything, 'stdio']): Promise<Harness> {
  const started = startHarness();
  harness = started;
  await started.api.connect({ transport: 'stdio', command: process.execPath, args });
  await started.api.list('tools');
  return started;
}

function outbound(frames: Frame[], method: string): Frame[] {
  return frames.filter((frame) => frame.direction === 'out' && frame.method === method);
}

describe('the person answering a server request', () => {
  it('an elicitation answered 15 s later completes the call with the server’s result', async () => {
    const app = await connected();
    const call = app.api.callTool({ tool: 'trigger-elicitation-request', arguments: {}, callId: 'slow-1' });
    const request = await app.waitFor('onServerRequest', (r) => r.method === 'elicitation/create');
    await new Promise((resolve) => setTimeout(resolve, personMs));
    await app.api.answerServerRequest(
      request.requestId,
      { result: { action: 'accept', content: { name: 'Ada Lovelace' } } },
      'accepted',
    );
    const outcome = await call;
    const texts = (outcome.result.content as { text: string }[]).map((item) => item.text);
    expect(texts[0]).toBe('✅ User provided the requested information!');
    expect(texts[1]).toBe('User inputs:\n- Name: Ada Lovelace');
    const frames = await app.api.frames(0, 100_000);
    expect(outbound(frames, 'notifications/cancelled')).toEqual([]);
    expect(app.events.onServerRequestClosed).toEqual([]);
  }, 40_000);

  it('a call cancelled while its form is open closes the form, says why, and refuses a late answer', async () => {
    const app = await connected();
    const call = app.api.callTool({ tool: 'trigger-elicitation-request', arguments: {}, callId: 'gone-1' });
    const outcome = call.then(
      () => 'completed',
      (error: unknown) => (error as { detail?: { kind?: string; message?: string } }).detail,
    );
    const request = await app.waitFor('onServerRequest', (r) => r.method === 'elicitation/create');
    await app.api.cancelCall('gone-1');
    const closed = await app.waitFor('onServerRequestClosed', (c) => c.requestId === request.requestId);
    expect(closed.reason).toBe('tools/call was cancelled: cancelled by the user');
    expect(await outcome).toEqual({
      kind: 'cancelled',
      message: 'tools/call was cancelled: cancelled by the user',
      data: expect.any(Object) as unknown,
    });
    // server-everything also asks roots/list after connecting; on a loaded machine that can still be open here.
    const pending = await app.api.pendingServerRequests();
    expect(pending.filter((open) => open.requestId === request.requestId)).toEqual([]);
    expect(pending.filter((open) => open.method === 'elicitation/create')).toEqual([]);
    const kept = await app.api.answeredServerRequests();
    expect(kept.map((entry) => entry.outcome)).toEqual([
      'closed unanswered: tools/call was cancelled: cancelled by the user',
    ]);
    const late = await app.api
      .answerServerRequest(request.requestId, { result: { action: 'accept', content: { name: 'Late' } } })
      .then(
        () => 'sent',
        (error: unknown) => (error as { detail?: { message?: string } }).detail?.message,
      );
    expect(late).toBe(
      `Server request ${request.requestId} was closed before it was answered (tools/call was cancelled: cancelled by the user); its answer was not sent.`,
    );
    // On the wire: the call's cancellation, then the elicitation closed with an error; never an accept.
    const frames = await app.api.frames(0, 100_000);
    expect(outbound(frames, 'notifications/cancelled')).toHaveLength(1);
    const asked = frames.find((frame) => frame.direction === 'in' && frame.method === 'elicitation/create');
    const replies = frames.filter(
      (frame) =>
        frame.direction === 'out' &&
        frame.id === asked?.id &&
        (frame.kind === 'response' || frame.kind === 'error'),
    );
    expect(replies.map((frame) => frame.kind)).toEqual(['error']);
    expect(replies[0]?.raw).toContain('elicitation/create was closed unanswered');
    expect(frames.some((frame) => frame.direction === 'out' && frame.raw.includes('Late'))).toBe(false);
  }, 30_000);

  it('a question the server cancels closes its form with the server’s reason and gets no response', async () => {
    const app = await connected([serverPaths.asking]);
    const call = app.api.callTool({
      tool: 'ask_then_cancel',
      arguments: { afterMs: 1_000 },
      callId: 'asked-1',
    });
    const request = await app.waitFor('onServerRequest', (r) => r.method === 'elicitation/create');
    const closed = await app.waitFor('onServerRequestClosed', (c) => c.requestId === request.requestId);
    expect(closed.reason).toBe('the server cancelled it: the tool stopped waiting');
    expect((await call).result.content).toEqual([{ type: 'text', text: 'stopped waiting' }]);
    const late = await app.api.answerServerRequest(request.requestId, { result: { action: 'decline' } }).then(
      () => 'sent',
      (error: unknown) => (error as { detail?: { kind?: string } }).detail?.kind,
    );
    expect(late).toBe('usage');
    const frames = await app.api.frames(0, 100_000);
    expect(frames.filter((frame) => frame.direction === 'out' && frame.id === 'ask-1')).toEqual([]);
  });
});
