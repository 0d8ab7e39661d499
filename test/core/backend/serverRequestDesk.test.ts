/** The server request desk: waiting requests, their answers, and the answered ones it keeps (newest first, bounded). */
import { describe, expect, it } from 'vitest';
import { keptAnswered, ServerRequestDesk } from '../../../src/core/backend/serverRequests.js';

describe('ServerRequestDesk', () => {
  it('keeps the last answered requests newest first, at most keptAnswered, with the outcome in words', async () => {
    const desk = new ServerRequestDesk('r1');
    const answers: Promise<unknown>[] = [];
    for (let n = 1; n <= keptAnswered + 2; n++) {
      const { request, answer } = desk.open('elicitation/create', { message: `question ${n}` }, n);
      answers.push(answer);
      desk.answer(request.requestId, { result: { action: n % 2 === 0 ? 'accept' : 'decline', content: {} } }, undefined, 1000 + n);
    }
    await Promise.all(answers);
    const answered = desk.answered();
    expect(answered).toHaveLength(keptAnswered);
    expect(answered[0]).toMatchObject({ outcome: 'accept', answeredAt: 1000 + keptAnswered + 2 });
    expect(answered[0].request).toMatchObject({ requestId: `r1-${keptAnswered + 2}`, params: { message: `question ${keptAnswered + 2}` } });
    expect(answered[1].outcome).toBe('decline');
    // The two oldest fell off.
    expect(answered.at(-1)?.request.requestId).toBe('r1-3');
    expect(desk.pending()).toEqual([]);
  });

  it('takes the outcome the UI gave (bounded), else says what the answer was', async () => {
    const desk = new ServerRequestDesk('r2');
    const roots = desk.open('roots/list', {}, 0);
    desk.answer(roots.request.requestId, { result: { roots: [] } }, 'answered with 0 root(s)', 5);
    await roots.answer;
    const sampling = desk.open('sampling/createMessage', {}, 0);
    desk.answer(sampling.request.requestId, { result: { role: 'assistant', content: { type: 'text', text: 'x' } } }, '  ', 6);
    await sampling.answer;
    const refused = desk.open('sampling/createMessage', {}, 0);
    desk.answer(refused.request.requestId, { error: { code: -1, message: 'User rejected sampling' } }, undefined, 7);
    await expect(refused.answer).rejects.toMatchObject({ detail: { kind: 'rpc-error', code: -1 } });
    const long = desk.open('roots/list', {}, 0);
    desk.answer(long.request.requestId, { result: { roots: [] } }, 'x'.repeat(2000), 8);
    expect(desk.answered().map((entry) => entry.outcome)).toEqual([
      'x'.repeat(500),
      'refused with JSON-RPC error -1: User rejected sampling',
      'answered',
      'answered with 0 root(s)',
    ]);
  });

  it('an answer for a request that is not waiting is refused; one closed unanswered is kept as closed, saying why', async () => {
    const closed: { requestId: string; reason: string }[] = [];
    const desk = new ServerRequestDesk('r3', (entry) => closed.push({ requestId: entry.requestId, reason: entry.reason }));
    expect(() => desk.answer('r3-9', { result: {} }, 'accepted')).toThrow(/No server request r3-9 is waiting/);
    expect(desk.answered()).toEqual([]);
    const { request, answer } = desk.open('roots/list', {}, 0);
    desk.abandon('the session was closed');
    await expect(answer).rejects.toMatchObject({ detail: { kind: 'cancelled', message: 'roots/list was closed unanswered: the session was closed' } });
    expect(() => desk.answer(request.requestId, { result: {} })).toThrow(
      'Server request r3-1 was closed before it was answered (the session was closed); its answer was not sent.',
    );
    expect(desk.answered().map((entry) => entry.outcome)).toEqual(['closed unanswered: the session was closed']);
    expect(closed).toEqual([{ requestId: 'r3-1', reason: 'the session was closed' }]);
  });

  it('a request whose signal aborts is closed with the signal’s reason, once', async () => {
    const closed: string[] = [];
    const desk = new ServerRequestDesk('r4', (entry) => closed.push(entry.reason));
    const controller = new AbortController();
    const { answer } = desk.open('elicitation/create', {}, 0, controller.signal);
    expect(desk.size).toBe(1);
    controller.abort('tools/call was cancelled: cancelled by the user');
    await expect(answer).rejects.toMatchObject({ detail: { kind: 'cancelled' } });
    desk.abandon();
    expect(desk.size).toBe(0);
    expect(closed).toEqual(['tools/call was cancelled: cancelled by the user']);
  });
});
