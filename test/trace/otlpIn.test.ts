/**
 * OpenTelemetry in: a server instrumented with the OpenTelemetry JS SDK (test/servers/traced.mjs: its own
 * NodeTracerProvider and OTLP protobuf exporter; only its tool handler is ours, reading the traceparent from _meta)
 * is pointed at Loupe's loopback receiver through its environment. Its spans arrive and are children of Loupe's
 * request span, in the app's data (traceSpans) and in the export (decoded by the generated OTLP decoder). The
 * receiver is a door: a foreign Host, any Origin, a wrong credential and an oversized body are refused.
 */
import { request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { exportSpans } from '../../src/core/trace/otlpExport.js';
import type { TraceSpan } from '../../src/shared/trace/spans.js';
import { startHarness, type Harness } from '../backend/backendHarness.js';
import { decodeProtobuf, startOtlpSink, type OtlpSink } from './otlpSink.js';
import { idsOf, sentRequests } from './sentContext.js';

const tracedServer = fileURLToPath(new URL('../servers/traced.mjs', import.meta.url));

let harness: Harness | undefined;
let sink: OtlpSink;
beforeAll(async () => {
  sink = await startOtlpSink();
});
afterAll(async () => {
  await sink.close();
});
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/** Waits (as a person watching the timeline would) until the server's spans named have arrived. */
async function serverSpans(app: Harness, names: string[]): Promise<TraceSpan[]> {
  for (;;) {
    const spans = await app.api.traceSpans();
    const server = spans.filter((span) => span.source === 'server');
    if (names.every((name) => server.some((span) => span.name === name))) return spans;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function post(
  url: string,
  headers: Record<string, string>,
  body: Buffer,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: 'POST', headers }, (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

describe('the server’s own spans, joined under Loupe’s', () => {
  it('arrive over OTLP and are children of the request span that caused them, in the app and in the export', async () => {
    const app = startHarness();
    harness = app;
    await app.api.connect({ transport: 'stdio', command: process.execPath, args: [tracedServer] });
    await app.api.list('tools');
    const outcome = await app.api.callTool({ tool: 'lookup', arguments: { city: 'Utrecht' }, callId: 'c1' });
    expect(outcome.result.content).toEqual([{ type: 'text', text: 'Utrecht: 12 °C' }]);

    const spans = await serverSpans(app, ['lookup Utrecht', 'db.query']);
    const sent = sentRequests(await app.api.frames(0, 10_000)).find(
      (request) => request.method === 'tools/call',
    );
    if (!sent) throw new Error('no tools/call was sent');
    const { traceId, spanId } = idsOf(sent);
    const call = spans.find((span) => span.source === 'loupe' && span.spanId === spanId);
    expect(call?.name).toBe('tools/call lookup');
    const lookup = spans.find((span) => span.name === 'lookup Utrecht');
    const query = spans.find((span) => span.name === 'db.query');
    expect(lookup).toMatchObject({
      source: 'server',
      traceId,
      parentSpanId: spanId,
      kind: 'server',
      resource: { 'service.name': 'traced-server', 'service.version': '1.0.0' },
      scope: { name: 'traced-server-tools', version: '1.0.0' },
    });
    expect(query).toMatchObject({ source: 'server', traceId, parentSpanId: lookup?.spanId, kind: 'client' });
    expect(query?.attributes['db.system.name']).toBe('sqlite');
    expect(BigInt(lookup?.startTimeUnixNano ?? 0)).toBeGreaterThanOrEqual(
      BigInt(call?.startTimeUnixNano ?? 0),
    );
    const info = await app.api.traceReceiver();
    expect(info.listening).toBe(true);
    expect(info.stats?.spans).toBeGreaterThanOrEqual(2);
    expect(info.stats?.refused).toBe(0);

    // In the export: the server's spans under their own resource, their parent Loupe's request span.
    await exportSpans(spans, {
      url: `${sink.url}/v1/traces`,
      protocol: 'http/protobuf',
      headers: {},
      timeoutMs: 10_000,
    });
    const decoded = decodeProtobuf(sink.received.at(-1)?.body ?? Buffer.alloc(0));
    const serverResource = decoded.resources.find(
      (resource) => resource.attributes['service.name'] === 'traced-server',
    );
    expect(serverResource?.spans.find((span) => span.name === 'lookup Utrecht')).toMatchObject({
      traceId,
      parentSpanId: spanId,
    });
    const loupeResource = decoded.resources.find(
      (resource) => resource.attributes['service.name'] === 'loupe',
    );
    expect(loupeResource?.spans.find((span) => span.spanId === spanId)?.name).toBe('tools/call lookup');
  }, 60_000);

  it('the receiver refuses a foreign Host, any Origin, a wrong credential and an oversized body', async () => {
    const app = startHarness();
    harness = app;
    await app.api.connect({ transport: 'stdio', command: process.execPath, args: [tracedServer] });
    const { tracesUrl } = await app.api.traceReceiver();
    if (!tracesUrl) throw new Error('no receiver');
    const url = new URL(tracesUrl);
    const empty = Buffer.alloc(0);
    const protobuf = { 'content-type': 'application/x-protobuf' };
    expect((await post(tracesUrl, protobuf, empty)).status).toBe(200);
    expect((await post(tracesUrl, { ...protobuf, host: `evil.example:${url.port}` }, empty)).status).toBe(
      403,
    );
    expect((await post(tracesUrl, { ...protobuf, origin: 'http://evil.example' }, empty)).status).toBe(403);
    const wrong = `${url.origin}/${'A'.repeat(32)}/v1/traces`;
    expect((await post(wrong, protobuf, empty)).status).toBe(404);
    expect((await post(`${url.origin}/v1/traces`, protobuf, empty)).status).toBe(404);
    expect((await post(tracesUrl, { 'content-type': 'text/plain' }, empty)).status).toBe(415);
    expect((await post(tracesUrl, protobuf, Buffer.from([0x0a, 0xff]))).status).toBe(400);
    const large = await post(tracesUrl, protobuf, Buffer.alloc(5 * 1024 * 1024)).catch(() => ({
      status: 413,
      text: '',
    }));
    expect(large.status).toBe(413);
    const info = await app.api.traceReceiver();
    expect(info.stats).toMatchObject({ exports: 1, spans: 0, refused: 7 });
  }, 60_000);
});
