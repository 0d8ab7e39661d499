/**
 * Trace context out (SEP-414): every request Loupe sends carries a W3C traceparent and Loupe's tracestate entry in
 * params._meta, on every transport and in both eras, and the recorded frames are exactly what the server got (the
 * v2 server's echo_request tool says what it received). A person's action is one trace: the opening (probe and
 * fallback included), a listing walk (every page), a call with its task polls; each request is a span of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { callTool } from '../../src/core/calls/callTool.js';
import { walkList } from '../../src/core/lists/pageWalker.js';
import { connect } from '../../src/core/session/connect.js';
import type { DialTarget, McpSession } from '../../src/core/types.js';
import { isJsonObject } from '../../src/shared/json.js';
import {
  paginatingServer,
  startHttpServer,
  startPrintingUrl,
  startV2HttpServer,
  v2StdioServer,
  type RunningHttpServer,
} from '../helpers/servers.js';
import { actionOf, idsOf, sentRequests, type SentRequest } from './sentContext.js';

const tasksServer = fileURLToPath(new URL('../servers/tasks/server.mjs', import.meta.url));

function traceOf(requests: SentRequest[]): Set<string> {
  return new Set(requests.map((request) => idsOf(request).traceId));
}

/** Opens, walks the tools, calls a tool; returns what was sent, by phase. */
async function exercise(target: DialTarget, tool: { name: string; arguments: Record<string, string> }) {
  const session = await connect(target, { pageLimit: 10 });
  try {
    const opened = sentRequests(session.recorder.frames());
    const walk = await walkList(session, 'tools', { pageLimit: 10 });
    expect(walk.complete).toBe(true);
    const afterOpen = opened.at(-1)?.seq ?? 0;
    const walked = sentRequests(session.recorder.frames(afterOpen));
    const outcome = await callTool(session, { tool: tool.name, arguments: tool.arguments }, walk.items);
    const called = sentRequests(session.recorder.frames(walked.at(-1)?.seq ?? afterOpen));
    return { session, opened, walked, called, outcome, era: session.handshake.era };
  } finally {
    await session.close();
  }
}

function expectOneTracePerAction(phases: SentRequest[][]): void {
  const traces = phases.map(traceOf);
  for (const trace of traces) expect(trace.size).toBe(1);
  const ids = traces.map((trace) => [...trace][0]);
  expect(new Set(ids).size).toBe(phases.length);
  const all = phases.flat();
  // Each request is a span of its own, and names its action's span in Loupe's tracestate entry.
  expect(new Set(all.map((request) => idsOf(request).spanId)).size).toBe(all.length);
  for (const phase of phases) expect(new Set(phase.map(actionOf)).size).toBe(1);
  expect(new Set(phases.map((phase) => actionOf(phase[0]))).size).toBe(phases.length);
}

/** What echo_request says the server received in _meta. */
function receivedMeta(outcome: { result: Record<string, unknown> }): Record<string, unknown> {
  const structured = outcome.result.structuredContent;
  if (isJsonObject(structured) && isJsonObject(structured.meta)) return structured.meta;
  const content = outcome.result.content;
  const text = Array.isArray(content) && isJsonObject(content[0]) ? content[0].text : undefined;
  const parsed: unknown = typeof text === 'string' ? JSON.parse(text) : undefined;
  if (isJsonObject(parsed) && isJsonObject(parsed.meta)) return parsed.meta;
  throw new Error(`echo_request said nothing of _meta: ${JSON.stringify(outcome.result).slice(0, 400)}`);
}

describe('trace context out: every request, every transport, both eras', () => {
  let http: RunningHttpServer;
  let sse: RunningHttpServer;
  let modernHttp: RunningHttpServer;
  let dualHttp: RunningHttpServer;
  beforeAll(async () => {
    [http, sse, modernHttp, dualHttp] = await Promise.all([
      startHttpServer('http', ['--tools', '60', '--page-size', '25']),
      startHttpServer('sse', ['--tools', '60', '--page-size', '25']),
      startV2HttpServer('reject'),
      startV2HttpServer('allow'),
    ]);
  });
  afterAll(async () => {
    await Promise.all([http?.stop(), sse?.stop(), modernHttp?.stop(), dualHttp?.stop()]);
  });

  const echo = { name: 'echo', arguments: { text: 'hi' } };

  it('stdio, 2025 era: the opening (probe, then initialize), the walk and the call are three traces', async () => {
    const run = await exercise(paginatingServer('--tools', '60', '--page-size', '25'), echo);
    expect(run.era).toBe('legacy');
    expect(run.opened.map((request) => request.method)).toEqual(['server/discover', 'initialize']);
    expect(run.walked.map((request) => request.method)).toEqual(['tools/list', 'tools/list', 'tools/list']);
    expect(run.called.map((request) => request.method)).toEqual(['tools/call']);
    expectOneTracePerAction([run.opened, run.walked, run.called]);
  });

  it('Streamable HTTP, 2025 era: the same, the probe and initialize on two connections of one trace', async () => {
    const run = await exercise(http.target, echo);
    expect(run.era).toBe('legacy');
    expect(run.opened.map((request) => request.method)).toEqual(['server/discover', 'initialize']);
    expect(run.walked).toHaveLength(3);
    expectOneTracePerAction([run.opened, run.walked, run.called]);
  });

  it('legacy HTTP+SSE: the same over the old transport', async () => {
    const run = await exercise(sse.target, echo);
    expect(run.opened.map((request) => request.method)).toEqual(['initialize']);
    expect(run.walked).toHaveLength(3);
    expectOneTracePerAction([run.opened, run.walked, run.called]);
  });

  it('2026-07-28 over HTTP: trace context beside the per-request envelope, and the server got exactly that', async () => {
    const run = await exercise(modernHttp.target, { name: 'echo_request', arguments: { note: 'n' } });
    expect(run.era).toBe('modern');
    expect(run.opened.map((request) => request.method)).toEqual(['server/discover']);
    expect(run.walked.length).toBeGreaterThanOrEqual(2);
    expectOneTracePerAction([run.opened, run.walked, run.called]);
    const call = run.called[0];
    expect(call.metaKeys).toEqual(
      expect.arrayContaining([
        'io.modelcontextprotocol/protocolVersion',
        'io.modelcontextprotocol/clientInfo',
        'traceparent',
        'tracestate',
      ]),
    );
    const meta = receivedMeta(run.outcome);
    expect(meta.traceparent).toBe(call.traceparent);
    expect(meta.tracestate).toBe(call.tracestate);
  });

  it('2026-07-28 over stdio: the same', async () => {
    const run = await exercise(v2StdioServer('reject'), { name: 'echo_request', arguments: { note: 'n' } });
    expect(run.era).toBe('modern');
    expectOneTracePerAction([run.opened, run.walked, run.called]);
    const meta = receivedMeta(run.outcome);
    expect(meta.traceparent).toBe(run.called[0].traceparent);
  });

  it('2026-07-28 over stdio: a call answered in input_required rounds is one trace, each round a span', async () => {
    const session = await connect(v2StdioServer('reject'), { offer: { elicitation: true } });
    try {
      session.setRequestHandler('elicitation/create', () =>
        Promise.resolve({ action: 'accept', content: { confirmed: true } }),
      );
      const walk = await walkList(session, 'tools', {});
      const before = session.recorder.stats().total;
      await callTool(session, { tool: 'two_rounds', arguments: {} }, walk.items);
      const call = sentRequests(session.recorder.frames(before));
      expect(call.map((request) => request.method)).toEqual(['tools/call', 'tools/call', 'tools/call']);
      expectOneTracePerAction([call]);
      // The rounds sent after awaits are in the call's trace, not in the walk's before it.
      const walked = sentRequests(session.recorder.frames()).filter(
        (request) => request.method === 'tools/list',
      );
      expect(idsOf(call[0]).traceId).not.toBe(idsOf(walked[0]).traceId);
    } finally {
      await session.close();
    }
  });

  it('2025 era against a dual server: the server got the traceparent of the frame', async () => {
    const session = await connect(dualHttp.target, { protocol: 'legacy' });
    try {
      const walk = await walkList(session, 'tools', {});
      const outcome = await callTool(session, { tool: 'echo_request', arguments: {} }, walk.items);
      const call = sentRequests(session.recorder.frames()).at(-1) as SentRequest;
      expect(call.method).toBe('tools/call');
      expect(receivedMeta(outcome as unknown as { result: Record<string, unknown> }).traceparent).toBe(
        call.traceparent,
      );
    } finally {
      await session.close();
    }
  });

  it('a call that became a task is one trace with its polls', async () => {
    const server = await startPrintingUrl([tasksServer], 'http', 'tasks');
    const session: McpSession = await connect(server.target);
    try {
      const walk = await walkList(session, 'tools', {});
      const before = session.recorder.stats().total;
      const outcome = await callTool(session, { tool: 'slow_report', arguments: { topic: 't' } }, walk.items);
      expect(outcome.task?.status).toBe('completed');
      const call = sentRequests(session.recorder.frames(before));
      expect(call[0]?.method).toBe('tools/call');
      expect(call.filter((request) => request.method === 'tasks/get').length).toBeGreaterThanOrEqual(1);
      expectOneTracePerAction([call]);
    } finally {
      await session.close();
      await server.stop();
    }
  });

  it('the tracestate and baggage given follow Loupe’s entry; a caller’s own traceparent is kept', async () => {
    const session = await connect(paginatingServer('--tools', '3'), {
      traceContext: { send: true, tracestate: 'vendor=abc', baggage: 'tenant=acme,region=eu' },
    });
    try {
      await session.request('tools/list', {});
      const own = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
      await session.request('tools/list', { _meta: { traceparent: own, tracestate: 'mine=1' } });
      const sent = sentRequests(session.recorder.frames()).slice(-2);
      expect(sent[0]?.tracestate).toMatch(/^loupe=[0-9a-f]{16},vendor=abc$/);
      expect(sent[0]?.baggage).toBe('tenant=acme,region=eu');
      expect(sent[1]?.traceparent).toBe(own);
      expect(sent[1]?.tracestate).toBe('mine=1');
      expect(sent[1]?.baggage).toBeUndefined();
    } finally {
      await session.close();
    }
  });

  it('turned off, no request carries trace context', async () => {
    const session = await connect(paginatingServer('--tools', '30', '--page-size', '10'), {
      traceContext: { send: false },
    });
    try {
      await walkList(session, 'tools', {});
      const sent = sentRequests(session.recorder.frames());
      expect(sent.length).toBeGreaterThanOrEqual(5);
      for (const request of sent)
        expect(request.metaKeys.filter((key) => /^trace|^baggage$/.test(key))).toEqual([]);
    } finally {
      await session.close();
    }
  });
});
