/**
 * OpenTelemetry out: `loupe trace <journal|snapshot>` exports a recorded session over OTLP/HTTP, where the standard
 * OTEL_EXPORTER_OTLP_* variables (or --otlp-endpoint) say. A loopback receiver here takes what the built CLI sent
 * and decodes it with a decoder no one here wrote (the one generated from the official OTLP .proto files) for
 * protobuf, JSON.parse for JSON: the span ids and parent ids are the traceparent values (and Loupe's tracestate
 * entries) of the recorded frames. Without an endpoint nothing is sent.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Frame } from '../../src/shared/frames.js';
import { everythingServer, requireBuild, runLoupe } from '../cli/loupe.js';
import { serverPaths } from '../helpers/servers.js';
import { actionOf, idsOf, sentRequests } from './sentContext.js';
import { decodeJson, decodeProtobuf, startOtlpSink, type DecodedExport, type OtlpSink } from './otlpSink.js';

let sink: OtlpSink;
let work: string;
/** No OTLP variables from the machine running the tests. */
const quiet = {
  OTEL_EXPORTER_OTLP_ENDPOINT: '',
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: '',
  OTEL_EXPORTER_OTLP_HEADERS: '',
  OTEL_EXPORTER_OTLP_TRACES_HEADERS: '',
  OTEL_EXPORTER_OTLP_PROTOCOL: '',
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: '',
};

beforeAll(async () => {
  requireBuild();
  sink = await startOtlpSink();
  work = mkdtempSync(join(tmpdir(), 'loupe-otlp-'));
});

afterAll(async () => {
  await sink.close();
  rmSync(work, { recursive: true, force: true });
});

function journalFrames(path: string): Frame[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Frame);
}

/** Every request the frames say Loupe sent is a span with the ids it carried, child of its action's span. */
function expectSpansOfFrames(decoded: DecodedExport, frames: Frame[]): void {
  expect(decoded.resources[0]?.attributes['service.name']).toBe('loupe');
  const spans = decoded.resources.flatMap((resource) => resource.spans);
  const byId = new Map(spans.map((span) => [span.spanId, span]));
  const sent = sentRequests(frames);
  expect(sent.length).toBeGreaterThan(2);
  for (const request of sent) {
    const { traceId, spanId } = idsOf(request);
    const span = byId.get(spanId);
    expect(span, `${request.method} seq ${request.seq}`).toBeDefined();
    expect(span).toMatchObject({ traceId, parentSpanId: actionOf(request), kind: 3 });
    expect(span?.attributes['mcp.method.name']).toBe(request.method);
    expect(span?.attributes['jsonrpc.request.id']).toBe(String(request.id));
    // The action span is exported too: the trees are whole.
    expect(byId.get(actionOf(request))).toMatchObject({ traceId, kind: 1, parentSpanId: '' });
    expect(BigInt(span?.endTimeUnixNano ?? 0)).toBeGreaterThan(BigInt(span?.startTimeUnixNano ?? 0));
  }
  expect(spans.filter((span) => span.kind === 3).length).toBe(sent.length);
}

describe('loupe trace: a recorded session exported over OTLP/HTTP', () => {
  it('a journal, as protobuf where OTEL_EXPORTER_OTLP_ENDPOINT and _HEADERS say', async () => {
    const journal = join(work, 'call.jsonl');
    const call = await runLoupe([
      'call',
      'trigger-long-running-operation',
      '--args',
      '{"duration":1,"steps":2}',
      '--journal',
      journal,
      '--',
      process.execPath,
      everythingServer,
      'stdio',
    ]);
    expect(call.code, call.stderr).toBe(0);
    const before = sink.received.length;
    const exported = await runLoupe(['trace', journal], {
      env: {
        ...quiet,
        OTEL_EXPORTER_OTLP_ENDPOINT: `${sink.url}/collector/`,
        OTEL_EXPORTER_OTLP_HEADERS: 'Authorization=Bearer%20t0ken,x-team=mcp',
      },
    });
    expect(exported.code, exported.stderr).toBe(0);
    expect(sink.received.length).toBe(before + 1);
    const got = sink.received.at(-1);
    expect(got?.method).toBe('POST');
    expect(got?.path).toBe('/collector/v1/traces');
    expect(got?.headers['content-type']).toBe('application/x-protobuf');
    expect(got?.headers.authorization).toBe('Bearer t0ken');
    expect(got?.headers['x-team']).toBe('mcp');
    const decoded = decodeProtobuf(got?.body ?? Buffer.alloc(0));
    const frames = journalFrames(journal);
    expectSpansOfFrames(decoded, frames);
    const spans = decoded.resources.flatMap((resource) => resource.spans);
    const callSpan = spans.find((span) => span.name === 'tools/call trigger-long-running-operation');
    expect(callSpan?.attributes).toMatchObject({
      'gen_ai.tool.name': 'trigger-long-running-operation',
      'network.transport': 'pipe',
    });
    expect(exported.stdout).toContain(`to ${sink.url}/collector/v1/traces (http/protobuf)`);
    expect(exported.stdout + exported.stderr).not.toContain('t0ken');
  }, 60_000);

  it('a snapshot, as JSON where --otlp-endpoint and --otlp-protocol say', async () => {
    const snapshot = join(work, 'server.snapshot.json');
    const saved = await runLoupe([
      'snapshot',
      '--out',
      snapshot,
      '--',
      process.execPath,
      serverPaths.paginating,
    ]);
    expect(saved.code, saved.stderr).toBe(0);
    const before = sink.received.length;
    const exported = await runLoupe(
      [
        'trace',
        snapshot,
        '--otlp-endpoint',
        `${sink.url}/v1/traces`,
        '--otlp-protocol',
        'http/json',
        '--json',
      ],
      { env: { ...quiet, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9/not-here' } },
    );
    expect(exported.code, exported.stderr).toBe(0);
    expect(sink.received.length).toBe(before + 1);
    const got = sink.received.at(-1);
    expect(got?.path).toBe('/v1/traces');
    expect(got?.headers['content-type']).toBe('application/json');
    const frames = (JSON.parse(readFileSync(snapshot, 'utf8')) as { frames: Frame[] }).frames;
    const decoded = decodeJson(got?.body ?? Buffer.alloc(0));
    expectSpansOfFrames(decoded, frames);
    const report = JSON.parse(exported.stdout) as { event: string; spans: number; recording: string };
    expect(report).toMatchObject({ event: 'exported', recording: 'snapshot' });
    expect(report.spans).toBe(decoded.resources.flatMap((resource) => resource.spans).length);
  }, 60_000);

  it('nothing is sent without an endpoint; a refusing endpoint is an error naming its status', async () => {
    const snapshot = join(work, 'server.snapshot.json');
    const before = sink.received.length;
    const none = await runLoupe(['trace', snapshot], { env: quiet });
    expect(none.code).not.toBe(0);
    expect(none.stderr).toContain('Nothing is sent without an endpoint');
    expect(sink.received.length).toBe(before);

    sink.answerWith(503);
    try {
      const refused = await runLoupe(['trace', snapshot, '--otlp-endpoint', `${sink.url}/v1/traces`], {
        env: quiet,
      });
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain('answered HTTP 503');
      expect(sink.received.length).toBe(before + 1);
    } finally {
      sink.answerWith(200);
    }
  }, 60_000);

  it('--otlp exports a live command’s session when it is done; asked without an endpoint, nothing runs', async () => {
    const journal = join(work, 'list.jsonl');
    const before = sink.received.length;
    const listed = await runLoupe(
      [
        'list',
        '--otlp',
        '--otlp-protocol',
        'http/json',
        '--journal',
        journal,
        '--',
        process.execPath,
        serverPaths.paginating,
      ],
      { env: { ...quiet, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${sink.url}/live` } },
    );
    expect(listed.code, listed.stderr).toBe(0);
    expect(sink.received.length).toBe(before + 1);
    const got = sink.received.at(-1);
    expect(got?.path).toBe('/live');
    expect(got?.headers['content-type']).toBe('application/json');
    expectSpansOfFrames(decodeJson(got?.body ?? Buffer.alloc(0)), journalFrames(journal));
    expect(listed.stderr).toContain(`to ${sink.url}/live (http/json)`);

    const refused = await runLoupe(['list', '--otlp', '--', process.execPath, serverPaths.paginating], {
      env: quiet,
    });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Exporting spans needs an endpoint');
    expect(refused.stdout).toBe('');
    expect(sink.received.length).toBe(before + 1);
  }, 60_000);
});
