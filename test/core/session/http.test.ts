import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FrameRecorder } from '../../../src/core/recorder/frameRecorder.js';
import { connect } from '../../../src/core/session/connect.js';
import type { McpSession } from '../../../src/core/types.js';
import { LoupeError } from '../../../src/shared/errors.js';
import type { Frame } from '../../../src/shared/frames.js';
import { freePort, startEverything, type RunningServer } from './servers.js';
import { trackedSessions } from './trackedSessions.js';

let streamable: RunningServer;
let legacy: RunningServer;
const open = trackedSessions();

beforeAll(async () => {
  [streamable, legacy] = await Promise.all([startEverything('streamableHttp'), startEverything('sse')]);
});
afterAll(async () => {
  await Promise.all([streamable?.stop(), legacy?.stop()]);
});

function responseFrame(session: McpSession, seq: number | undefined): Frame | undefined {
  return session.recorder.frames().find((frame) => frame.seq === seq);
}

describe('Streamable HTTP against server-everything', () => {
  it('handshakes, lists, calls echo and pings with every frame recorded both ways', async () => {
    const session = await open({ transport: 'http', url: `http://127.0.0.1:${streamable.port}/mcp` });
    const { handshake } = session;
    expect(handshake).toMatchObject({
      transport: 'http',
      protocolVersion: '2025-11-25',
      serverInfo: { name: 'mcp-servers/everything' },
    });
    expect(handshake.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(handshake.roundTripMs).toBeGreaterThan(0);

    const listed = await session.request('tools/list', {});
    const frame = responseFrame(session, listed.responseSeq);
    expect(frame).toMatchObject({
      direction: 'in',
      kind: 'response',
      pairSeq: listed.requestSeq,
      http: { method: 'POST', status: 200 },
    });
    expect(frame?.http?.contentType).toContain('text/event-stream');
    expect(listed.result).toEqual((JSON.parse(frame?.raw ?? '{}') as { result: unknown }).result);
    expect(responseFrame(session, listed.requestSeq)).toMatchObject({
      direction: 'out',
      method: 'tools/list',
      http: { method: 'POST' },
    });

    const echo = await session.request('tools/call', { name: 'echo', arguments: { message: 'over http' } });
    expect(echo.result.content).toEqual([{ type: 'text', text: 'Echo: over http' }]);
    await expect(session.request('ping')).resolves.toMatchObject({ result: {} });

    const accepted = session.recorder
      .frames()
      .filter((candidate) => candidate.kind === 'http' && candidate.http?.status === 202);
    expect(accepted.length).toBeGreaterThanOrEqual(1); // notifications/initialized is answered 202 Accepted
    const getStream = session.recorder
      .frames()
      .find(
        (candidate) =>
          candidate.kind === 'http' && candidate.direction === 'in' && candidate.http?.method === 'GET',
      );
    expect(getStream?.http?.status).toBe(200);
  });

  it('DELETEs the session on close and never hangs', async () => {
    const recorder = new FrameRecorder();
    const session = await connect(
      { transport: 'http', url: `http://127.0.0.1:${streamable.port}/mcp` },
      { recorder },
    );
    const started = performance.now();
    await session.close();
    expect(performance.now() - started).toBeLessThan(2000);
    const deleted = recorder.all().filter((frame) => frame.http?.method === 'DELETE');
    expect(deleted.map((frame) => frame.direction)).toEqual(['out', 'in']);
    expect(deleted[1].http?.status).toBe(200);
    await expect(session.closed).resolves.toBeUndefined();
  });
});

describe('legacy SSE against server-everything', () => {
  it('handshakes over SSE, lists and calls, the endpoint event recorded', async () => {
    const session = await open({ transport: 'sse', url: `http://127.0.0.1:${legacy.port}/sse` });
    expect(session.handshake.transport).toBe('sse');
    expect(session.handshake.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const endpoint = session.recorder
      .frames()
      .find((frame) => frame.kind === 'http' && frame.raw.startsWith('/message?sessionId='));
    expect(endpoint?.http).toMatchObject({ method: 'GET', status: 200 });
    const listed = await session.request('tools/list', {});
    const frame = responseFrame(session, listed.responseSeq);
    expect(frame).toMatchObject({
      direction: 'in',
      kind: 'response',
      pairSeq: listed.requestSeq,
      http: { method: 'GET' },
    });
    expect(listed.result).toEqual((JSON.parse(frame?.raw ?? '{}') as { result: unknown }).result);
    const echo = await session.request('tools/call', { name: 'echo', arguments: { message: 'over sse' } });
    expect(echo.result.content).toEqual([{ type: 'text', text: 'Echo: over sse' }]);
    await expect(session.request('ping')).resolves.toMatchObject({ result: {} });
  });

  it('auto falls back from Streamable HTTP to SSE, says why, and keeps both attempts in one recorder', async () => {
    const session = await open({ transport: 'auto', url: `http://127.0.0.1:${legacy.port}/sse` });
    expect(session.handshake.transport).toBe('sse');
    expect(session.handshake.fallbackReason).toBe(
      'Streamable HTTP initialize was answered with HTTP 404; fell back to the legacy HTTP+SSE transport',
    );
    const initializes = session.recorder.frames().filter((frame) => frame.method === 'initialize');
    expect(initializes.map((frame) => frame.http?.url)).toEqual([
      `http://127.0.0.1:${legacy.port}/sse`,
      expect.stringContaining(`http://127.0.0.1:${legacy.port}/message?sessionId=`),
    ]);
    expect(
      session.recorder.frames().some((frame) => frame.kind === 'http' && frame.http?.status === 404),
    ).toBe(true);
  });

  it('auto against a Streamable HTTP server stays on it', async () => {
    const session = await open({ transport: 'auto', url: `http://127.0.0.1:${streamable.port}/mcp` });
    expect(session.handshake.transport).toBe('http');
    expect(session.handshake.fallbackReason).toBeUndefined();
  });
});

describe('HTTP failures', () => {
  it('names a dead URL connection-refused, over every transport, keeping the attempt in the recorder', async () => {
    const port = await freePort();
    for (const transport of ['http', 'sse', 'auto'] as const) {
      const recorder = new FrameRecorder();
      const failure = await connect({ transport, url: `http://127.0.0.1:${port}/mcp` }, { recorder }).catch(
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(LoupeError);
      expect((failure as LoupeError).detail).toMatchObject({
        kind: 'connection-refused',
        message: `Connection refused: nothing listens at 127.0.0.1:${port}`,
      });
      expect(recorder.all().length).toBeGreaterThan(0);
    }
  });

  it('names other statuses http-error with the code', async () => {
    const failure = await connect({
      transport: 'http',
      url: `http://127.0.0.1:${legacy.port}/nowhere`,
    }).catch((error: unknown) => error);
    expect((failure as LoupeError).detail).toMatchObject({ kind: 'http-error', code: 404 });
    const sse = await connect({ transport: 'sse', url: `http://127.0.0.1:${streamable.port}/nowhere` }).catch(
      (error: unknown) => error,
    );
    expect((sse as LoupeError).detail).toMatchObject({ kind: 'http-error', code: 404 });
    const recorder = new FrameRecorder();
    const auto = await connect(
      { transport: 'auto', url: `http://127.0.0.1:${streamable.port}/nowhere` },
      { recorder },
    ).catch((error: unknown) => error);
    expect((auto as LoupeError).detail).toMatchObject({
      kind: 'http-error',
      code: 404,
      data: { streamableHttp: { kind: 'http-error', code: 404 } },
    });
    expect((auto as LoupeError).message).toContain(
      '(legacy SSE, tried after Streamable HTTP initialize was answered with HTTP 404)',
    );
    // The protocol is auto too: the server/discover probe's 404 comes first, then initialize's, then SSE's GET.
    expect(recorder.all().map((frame) => [frame.direction, frame.http?.method, frame.http?.status])).toEqual([
      ['out', 'POST', undefined],
      ['in', 'POST', 404],
      ['out', 'POST', undefined],
      ['in', 'POST', 404],
      ['out', 'GET', undefined],
      ['in', 'GET', 404],
    ]);
  });

  it('times out an SSE server that never sends its endpoint, and rejects a URL that is not http(s)', async () => {
    const silent = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(': nothing to see\n\n');
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      const started = performance.now();
      const failure = await connect(
        { transport: 'sse', url: `http://127.0.0.1:${port}/sse` },
        { timeoutMs: 400 },
      ).catch((error: unknown) => error);
      expect((failure as LoupeError).detail).toMatchObject({ kind: 'timeout' });
      expect(performance.now() - started).toBeLessThan(2000);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
    const invalid = await connect({ transport: 'http', url: 'ftp://example.invalid/mcp' }).catch(
      (error: unknown) => error,
    );
    expect((invalid as LoupeError).detail).toEqual({
      kind: 'invalid-target',
      message: 'Not an http(s) URL: ftp://example.invalid/mcp',
    });
  });
});
