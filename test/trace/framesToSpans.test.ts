/**
 * Spans read from the recorded frames (shared/trace/framesToSpans.ts): each request Loupe sent is a CLIENT span
 * whose ids are the traceparent in its params._meta and whose parent is its action's span (Loupe's tracestate
 * entry); a server→client request is a SERVER span nested under the call that caused it; progress notifications
 * are events of their request; a call that became a task has a task span its polls name; a snapshot keeps the ids.
 * Real servers over real stdio: test/servers/asking.mjs (elicitation), server-everything (progress), the tasks
 * server (2026-07-28 tasks extension).
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { callTool } from '../../src/core/calls/callTool.js';
import { walkList } from '../../src/core/lists/pageWalker.js';
import { connect } from '../../src/core/session/connect.js';
import { parseSnapshot } from '../../src/core/snapshot/parseSnapshot.js';
import { framesToSpans } from '../../src/shared/trace/framesToSpans.js';
import type { TraceSpan } from '../../src/shared/trace/spans.js';
import { startHarness, type Harness } from '../backend/backendHarness.js';
import { serverPaths } from '../helpers/servers.js';
import { actionOf, idsOf, sentRequests } from './sentContext.js';

const everything = createRequire(import.meta.url).resolve(
  '@modelcontextprotocol/server-everything/dist/index.js',
);
const tasksServer = fileURLToPath(new URL('../servers/tasks/server.mjs', import.meta.url));

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

function only(spans: TraceSpan[], predicate: (span: TraceSpan) => boolean, what: string): TraceSpan {
  const found = spans.filter(predicate);
  if (found.length !== 1)
    throw new Error(`expected one ${what}, found ${found.length}: ${found.map((s) => s.name).join(', ')}`);
  const [span] = found;
  if (!span) throw new Error(`no ${what}`);
  return span;
}

describe('spans from recorded frames', () => {
  it('a call that elicited: the call a CLIENT span of its action, the elicitation a SERVER span under it; a snapshot keeps the ids', async () => {
    const app = startHarness();
    harness = app;
    await app.api.connect({ transport: 'stdio', command: process.execPath, args: [serverPaths.asking] });
    await app.api.list('tools');
    const call = app.api.callTool({ tool: 'ask', arguments: {}, callId: 'ask-1' });
    const asked = await app.waitFor('onServerRequest', (request) => request.method === 'elicitation/create');
    await app.api.answerServerRequest(asked.requestId, {
      result: { action: 'accept', content: { answer: 'yes' } },
    });
    await call;

    const frames = await app.api.frames(0, 100_000);
    const sentCall = sentRequests(frames).find((request) => request.method === 'tools/call');
    if (!sentCall) throw new Error('no tools/call was sent');
    const { traceId, spanId } = idsOf(sentCall);
    const spans = await app.api.traceSpans();

    const callSpan = only(
      spans,
      (span) => span.role === 'request' && span.name === 'tools/call ask',
      'call span',
    );
    expect(callSpan).toMatchObject({
      traceId,
      spanId,
      parentSpanId: actionOf(sentCall),
      kind: 'client',
      source: 'loupe',
    });
    expect(callSpan.attributes).toMatchObject({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'ask',
      'gen_ai.operation.name': 'execute_tool',
      'jsonrpc.request.id': String(sentCall.id),
      'network.transport': 'pipe',
      'mcp.protocol.version': '2025-11-25',
    });
    expect(callSpan.endTimeUnixNano).toBeDefined();
    expect(BigInt(callSpan.endTimeUnixNano ?? 0)).toBeGreaterThan(BigInt(callSpan.startTimeUnixNano));

    const asking = only(spans, (span) => span.role === 'serverRequest', 'server request span');
    expect(asking).toMatchObject({
      name: 'elicitation/create',
      kind: 'server',
      traceId,
      parentSpanId: spanId,
      causeSpanId: spanId,
    });
    expect(BigInt(asking.startTimeUnixNano)).toBeGreaterThanOrEqual(BigInt(callSpan.startTimeUnixNano));
    expect(BigInt(asking.endTimeUnixNano ?? 0)).toBeLessThanOrEqual(BigInt(callSpan.endTimeUnixNano ?? 0));

    const action = only(spans, (span) => span.spanId === actionOf(sentCall), 'action span');
    expect(action).toMatchObject({ name: 'call ask', role: 'action', kind: 'internal', traceId });
    expect(action.parentSpanId).toBeUndefined();
    expect(action.endTimeUnixNano).toBe(callSpan.endTimeUnixNano);

    // Every request Loupe sent is a span with the ids it carried.
    const sent = sentRequests(frames);
    expect(spans.filter((span) => span.role === 'request').map((span) => span.spanId)).toEqual(
      sent.map((request) => idsOf(request).spanId),
    );

    // The snapshot keeps them: the same spans read from the saved file.
    const { text } = await app.api.createSnapshot();
    const snapshot = parseSnapshot(text);
    const again = framesToSpans(snapshot.frames, { transport: 'stdio', protocolVersion: '2025-11-25' });
    expect(again.map((span) => [span.traceId, span.spanId, span.parentSpanId, span.name])).toEqual(
      spans.map((span) => [span.traceId, span.spanId, span.parentSpanId, span.name]),
    );
  }, 30_000);

  it('progress notifications are events of the request that asked for them', async () => {
    const session = await connect({
      transport: 'stdio',
      command: process.execPath,
      args: [everything, 'stdio'],
    });
    try {
      const walk = await walkList(session, 'tools', {});
      const ticks: number[] = [];
      await callTool(
        session,
        {
          tool: 'trigger-long-running-operation',
          arguments: { duration: 1, steps: 3 },
          onProgress: (event) => ticks.push(event.progress),
        },
        walk.items,
      );
      expect(ticks).toEqual([1, 2, 3]);
      const spans = framesToSpans(session.recorder.frames(), { transport: 'stdio' });
      const call = only(
        spans,
        (span) => span.name === 'tools/call trigger-long-running-operation',
        'call span',
      );
      expect(
        call.events?.map((event) => [event.name, event.attributes?.progress, event.attributes?.total]),
      ).toEqual([
        ['progress', 1, 3],
        ['progress', 2, 3],
        ['progress', 3, 3],
      ]);
      for (const event of call.events ?? []) {
        expect(BigInt(event.timeUnixNano)).toBeGreaterThan(BigInt(call.startTimeUnixNano));
        expect(BigInt(event.timeUnixNano)).toBeLessThan(BigInt(call.endTimeUnixNano ?? 0));
      }
    } finally {
      await session.close();
    }
  }, 30_000);

  it('a call that became a task: a task span under the call, ended by the poll that saw it complete', async () => {
    const session = await connect({
      transport: 'stdio',
      command: process.execPath,
      args: [tasksServer, '--transport', 'stdio'],
    });
    try {
      const walk = await walkList(session, 'tools', {});
      const outcome = await callTool(session, { tool: 'slow_report', arguments: { topic: 't' } }, walk.items);
      expect(outcome.task?.status).toBe('completed');
      const spans = framesToSpans(session.recorder.frames(), { transport: 'stdio' });
      const call = only(spans, (span) => span.name === 'tools/call slow_report', 'call span');
      const task = only(spans, (span) => span.role === 'task', 'task span');
      const taskId = outcome.task?.taskId ?? '';
      expect(task).toMatchObject({
        traceId: call.traceId,
        parentSpanId: call.spanId,
        name: `task ${taskId}`,
      });
      expect(task.attributes['loupe.task.status']).toBe('completed');
      const polls = spans.filter((span) => span.attributes['mcp.method.name'] === 'tasks/get');
      expect(polls.length).toBeGreaterThanOrEqual(1);
      for (const poll of polls) {
        expect(poll.attributes['loupe.task.id']).toBe(taskId);
        expect(poll.traceId).toBe(call.traceId);
      }
      expect(task.endTimeUnixNano).toBe(polls.at(-1)?.endTimeUnixNano);
    } finally {
      await session.close();
    }
  }, 30_000);
});
