/**
 * Server→client requests: sampling from server-everything reaches the UI and waits for its answer; answered
 * ones are kept with what was chosen, for a page that re-attaches.
 */
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './backendHarness.js';

const everything = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');

describe('backend answering server requests', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = startHarness();
    await harness.api.connect({ transport: 'stdio', command: process.execPath, args: [everything, 'stdio'] });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('offers sampling, forwards sampling/createMessage and sends back the UI answer', async () => {
    const tools = await harness.api.list('tools');
    expect(tools.items.map((tool) => tool.name)).toContain('trigger-sampling-request');
    const call = harness.api.callTool({ tool: 'trigger-sampling-request', arguments: { prompt: 'hello', maxTokens: 5 }, callId: 'sample-1' });
    const request = await harness.waitFor('onServerRequest', (r) => r.method === 'sampling/createMessage');
    expect(JSON.stringify(request.params)).toContain('hello');
    await harness.api.answerServerRequest(
      request.requestId,
      { result: { role: 'assistant', content: { type: 'text', text: 'answer from the inspector' }, model: 'loupe-test', stopReason: 'endTurn' } },
      'approved with a reply',
    );
    const outcome = await call;
    expect(JSON.stringify(outcome.result)).toContain('answer from the inspector');
    // the same id cannot be answered twice
    await expect(harness.api.answerServerRequest(request.requestId, { result: {} })).rejects.toMatchObject({ detail: { kind: 'usage' } });
  });

  it('an error answer reaches the server as a JSON-RPC error', async () => {
    const call = harness.api.callTool({ tool: 'trigger-sampling-request', arguments: { prompt: 'refuse me', maxTokens: 5 }, callId: 'sample-2' });
    const request = await harness.waitFor('onServerRequest', (r) => JSON.stringify(r.params).includes('refuse me'));
    await harness.api.answerServerRequest(request.requestId, { error: { code: -1, message: 'User rejected sampling' } });
    const settled = await call.then(
      (outcome) => JSON.stringify(outcome.result),
      (error: unknown) => String(error),
    );
    expect(settled).toContain('User rejected sampling');
    const frames = await harness.api.frames(0, 100_000);
    const reply = frames.find((frame) => frame.direction === 'out' && frame.kind === 'error' && frame.raw.includes('User rejected sampling'));
    expect(reply).toBeDefined();
  });

  it('keeps the answered requests newest first, with the outcome the UI gave or one read from the answer', async () => {
    const answered = await harness.api.answeredServerRequests();
    expect(answered.map((entry) => [entry.request.method, entry.outcome])).toEqual([
      ['sampling/createMessage', 'refused with JSON-RPC error -1: User rejected sampling'],
      ['sampling/createMessage', 'approved with a reply'],
    ]);
    expect(JSON.stringify(answered[0].request.params)).toContain('refuse me');
    expect(JSON.stringify(answered[1].request.params)).toContain('hello');
    expect(answered[0].answeredAt).toBeGreaterThanOrEqual(answered[1].answeredAt);
    // Answered ones wait no more.
    const waiting = await harness.api.pendingServerRequests();
    expect(waiting.filter((request) => request.method === 'sampling/createMessage')).toEqual([]);
  });
});
