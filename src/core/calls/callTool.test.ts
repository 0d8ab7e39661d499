/** callTool over a real session to the compiled demo server (stdio): raw results, validation, progress, cancel, timeout. */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LoupeError } from '../../shared/errors.js';
import type { JsonObject } from '../../shared/json.js';
import type { ProgressEvent } from '../../shared/session.js';
import { demoTarget } from '../demoTarget.js';
import { walkList } from '../lists/pageWalker.js';
import { connect } from '../session/connect.js';
import type { McpSession } from '../types.js';
import { callTool } from './callTool.js';

const script = fileURLToPath(new URL('../../../out/node/demo/server.js', import.meta.url));
let session: McpSession;
let tools: JsonObject[];

beforeAll(() => {
  if (!existsSync(script)) throw new Error('callTool tests use the compiled demo server: run `npm run build:node` first.');
});
beforeEach(async () => {
  session = await connect(demoTarget(script), { timeoutMs: 10_000 });
  tools = (await walkList(session, 'tools')).items;
});
afterEach(() => session.close());

describe('callTool', () => {
  it('keeps the raw result and the arguments sent, with round trip and frame numbers', async () => {
    const args: JsonObject = { message: 'raw', extra: { n: 1.5, list: [null, true] } };
    const outcome = await callTool(session, { tool: 'echo', arguments: args, callId: 'call-1' }, tools);
    expect(outcome).toMatchObject({ callId: 'call-1', tool: 'echo', arguments: args, isError: false });
    expect(outcome.result).toEqual({ content: [{ type: 'text', text: JSON.stringify(args) }] });
    expect(outcome.structuredValidation).toBeUndefined();
    expect(outcome.rttMs).toBeGreaterThanOrEqual(0);
    const request = session.recorder.frames().find((frame) => frame.seq === outcome.requestSeq);
    expect(request?.method).toBe('tools/call');
    expect(session.recorder.frames().find((frame) => frame.seq === outcome.responseSeq)?.pairSeq).toBe(outcome.requestSeq);
  });

  it('validates structuredContent against the outputSchema found on a later page', async () => {
    // The weather tool is on page 1, the stock tool too; move them to the end to prove the lookup is over all pages.
    const late = (tool: JsonObject) => typeof tool.name === 'string' && tool.name.startsWith('get_');
    const reordered = [...tools.filter((tool) => !late(tool)), ...tools.filter(late)];
    const good = await callTool(session, { tool: 'get_weather_report', arguments: { city: 'Delft' } }, reordered);
    expect(good.structuredValidation).toEqual({ valid: true });
    const bad = await callTool(session, { tool: 'get_stock_level', arguments: { sku: 'A' } }, reordered);
    expect(bad.structuredValidation?.valid).toBe(false);
    const errors = bad.structuredValidation && 'errors' in bad.structuredValidation ? [...bad.structuredValidation.errors].sort() : [];
    expect(errors).toEqual(['(root) must NOT have additional properties (warehouse)', '/onHand must be integer']);
  });

  it('reports isError without throwing', async () => {
    const outcome = await callTool(session, { tool: 'fail_with_error', arguments: { reason: 'nope' } }, tools);
    expect(outcome.isError).toBe(true);
    expect(outcome.result.content).toEqual([{ type: 'text', text: 'nope' }]);
  });

  it('passes progress through with the call id', async () => {
    const progress: ProgressEvent[] = [];
    await callTool(session, { tool: 'long_running_export', arguments: { steps: 3, step_ms: 10 }, callId: 'p', onProgress: (event) => progress.push(event) }, tools);
    expect(progress).toEqual([
      { callId: 'p', progress: 1, total: 3, message: 'Exported part 1 of 3' },
      { callId: 'p', progress: 2, total: 3, message: 'Exported part 2 of 3' },
      { callId: 'p', progress: 3, total: 3, message: 'Exported part 3 of 3' },
    ]);
  });

  it('times out when no progress comes, and the session goes on', async () => {
    const started = performance.now();
    const error: unknown = await callTool(session, { tool: 'long_running_export', arguments: { steps: 1, step_ms: 3000 }, timeoutMs: 300 }, tools).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LoupeError);
    expect((error as LoupeError).kind).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(2500);
    expect((await callTool(session, { tool: 'ping_service' }, tools)).result.content).toEqual([{ type: 'text', text: 'pong' }]);
  });

  it('cancels: sends notifications/cancelled and rejects with kind cancelled', async () => {
    const controller = new AbortController();
    const pending = callTool(session, { tool: 'long_running_export', arguments: { steps: 50, step_ms: 100 }, signal: controller.signal }, tools);
    setTimeout(() => controller.abort(), 200);
    const error: unknown = await pending.catch((caught: unknown) => caught);
    expect((error as LoupeError).kind).toBe('cancelled');
    const cancelled = session.recorder.frames().find((frame) => frame.method === 'notifications/cancelled');
    expect(cancelled?.direction).toBe('out');
  });
});
