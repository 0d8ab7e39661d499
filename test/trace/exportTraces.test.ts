/**
 * The app's export (backend exportTraces(), the Traces settings' endpoint and protocol): the session's spans,
 * Loupe's and the server's (received over OTLP from a server instrumented with the OpenTelemetry JS SDK), go to the
 * endpoint in one request; the server's spans keep Loupe's request span as their parent. Without an endpoint in the
 * settings or the environment, nothing is sent and the error says how to name one.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../backend/backendHarness.js';
import { decodeJson, startOtlpSink, type OtlpSink } from './otlpSink.js';
import { idsOf, sentRequests } from './sentContext.js';

const tracedServer = fileURLToPath(new URL('../servers/traced.mjs', import.meta.url));
const otlpVariables = [
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
  'OTEL_EXPORTER_OTLP_PROTOCOL',
  'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL',
];

let harness: Harness | undefined;
let sink: OtlpSink;
const saved: Record<string, string | undefined> = {};
beforeAll(async () => {
  sink = await startOtlpSink();
  // The backend runs in this process: the machine's own OTLP variables must not decide where spans go.
  for (const name of otlpVariables) {
    saved[name] = process.env[name];
    delete process.env[name];
  }
});
afterAll(async () => {
  await sink.close();
  for (const name of otlpVariables) if (saved[name] !== undefined) process.env[name] = saved[name];
});
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe('exporting the session from the app', () => {
  it('sends Loupe’s and the server’s spans where the settings say; without an endpoint, nothing', async () => {
    const app = startHarness();
    harness = app;
    await app.api.connect({ transport: 'stdio', command: process.execPath, args: [tracedServer] });
    await app.api.list('tools');
    await app.api.callTool({ tool: 'lookup', arguments: { city: 'Delft' }, callId: 'c1' });
    for (;;) {
      const spans = await app.api.traceSpans();
      // The server sends each span as it ends: its query first, the call's span after it.
      if (['db.query', 'lookup Delft'].every((name) => spans.some((span) => span.name === name))) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const refused = await app.api.exportTraces().then(
      () => 'sent',
      (error: unknown) => (error as { detail?: { kind?: string; message?: string } }).detail,
    );
    expect(refused).toMatchObject({ kind: 'usage' });
    expect(sink.received).toHaveLength(0);

    const settings = await app.api.getSettings();
    await app.api.saveSettings({
      ...settings,
      traces: {
        context: true,
        export: false,
        receive: true,
        endpoint: `${sink.url}/v1/traces`,
        protocol: 'http/json',
      },
    });
    const report = await app.api.exportTraces();
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]?.headers['content-type']).toBe('application/json');
    const decoded = decodeJson(sink.received[0]?.body ?? Buffer.alloc(0));
    const all = decoded.resources.flatMap((resource) => resource.spans);
    expect(report).toMatchObject({
      url: `${sink.url}/v1/traces`,
      protocol: 'http/json',
      spans: all.length,
      status: 200,
    });
    const sent = sentRequests(await app.api.frames(0, 10_000)).find(
      (request) => request.method === 'tools/call',
    );
    if (!sent) throw new Error('no tools/call was sent');
    const { traceId, spanId } = idsOf(sent);
    expect(all.find((span) => span.spanId === spanId)?.name).toBe('tools/call lookup');
    const server = decoded.resources.find(
      (resource) => resource.attributes['service.name'] === 'traced-server',
    );
    expect(server?.spans.find((span) => span.name === 'lookup Delft')).toMatchObject({
      traceId,
      parentSpanId: spanId,
    });
  }, 60_000);
});
