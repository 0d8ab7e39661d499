import { afterEach, describe, expect, it } from 'vitest';
import { connect } from '../../../src/core/session/connect.js';
import type { McpSession } from '../../../src/core/types.js';
import { keptPrefixBytes } from '../../../src/core/wire/limits.js';
import { LoupeError } from '../../../src/shared/errors.js';
import { startHostileHttp, type HostileServer } from './hostileServer.js';

const servers: HostileServer[] = [];
const sessions: McpSession[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.close()));
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});

async function failure(promise: Promise<unknown>): Promise<LoupeError> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(LoupeError);
  return outcome as LoupeError;
}

// These servers are 2025-era only; the tests are about the wire, so they speak the legacy era outright.
describe('hostile Streamable HTTP servers', () => {
  it('stops reading a gzip bomb at maxResponseBytes, fails tools/list with response-too-large and keeps the frames before', async () => {
    const server = await startHostileHttp('bomb');
    servers.push(server);
    const limit = 8 * 1024 * 1024;
    const session = await connect(
      { transport: 'http', url: server.url },
      { timeoutMs: 30_000, maxResponseBytes: limit, protocol: 'legacy' },
    );
    sessions.push(session);

    const error = await failure(session.request('tools/list'));
    expect(error.kind).toBe('response-too-large');
    expect(error.detail.data).toMatchObject({ limit });
    const seen = (error.detail.data as { bytesSeen: number }).bytesSeen;
    expect(seen).toBeGreaterThan(limit);
    expect(seen).toBeLessThan(300_000_000);

    const frames = session.recorder.frames();
    expect(
      frames.filter((frame) => frame.method === 'initialize').map((frame) => [frame.direction, frame.kind]),
    ).toEqual([['out', 'request']]);
    const initializeResponse = frames.find((frame) => frame.direction === 'in' && frame.id === 1);
    expect(initializeResponse?.kind).toBe('response');
    expect(initializeResponse?.raw).toContain('hostile-bomb');
    const truncated = frames.at(-1);
    expect(truncated?.kind).toBe('invalid');
    expect(truncated?.bytes).toBeLessThanOrEqual(limit);
    expect(truncated?.bytes).toBe(keptPrefixBytes);
    expect(truncated?.raw.startsWith('{"jsonrpc":"2.0","result":{"tools":[{"name":"bomb"')).toBe(true);
    expect(truncated?.parseError).toContain('maxResponseBytes');

    // The session is still usable after the refused body.
    const ping = await session.request('ping');
    expect(ping.result).toEqual({});
  });

  it('applies maxFrameBytes to a JSON body when it is the smaller limit', async () => {
    const server = await startHostileHttp('bomb');
    servers.push(server);
    const limit = 1024 * 1024;
    const session = await connect(
      { transport: 'http', url: server.url },
      { maxFrameBytes: limit, protocol: 'legacy' },
    );
    sessions.push(session);
    const error = await failure(session.request('tools/list'));
    expect(error.kind).toBe('frame-too-large');
    expect(error.detail.data).toMatchObject({ limit });
    expect(session.recorder.frames().at(-1)?.bytes).toBeLessThanOrEqual(limit);
  });

  it('fails a request at once with disconnected when its SSE response stream closes without the response', async () => {
    const server = await startHostileHttp('sse-close');
    servers.push(server);
    const session = await connect(
      { transport: 'http', url: server.url },
      { timeoutMs: 30_000, protocol: 'legacy' },
    );
    sessions.push(session);

    const error = await failure(session.request('tools/call', { name: 'anything', arguments: {} }));
    expect(error.kind).toBe('disconnected');
    expect(error.message).toContain('closed the response stream before answering tools/call');
    expect(error.detail.data).toMatchObject({ method: 'tools/call' });
    // The notification the stream did carry is recorded.
    const notes = session.recorder.frames().filter((frame) => frame.method === 'notifications/message');
    expect(notes).toHaveLength(1);
    expect(notes[0].raw).toContain('working on tools/call');
  });

  it('keeps the exact bytes of a JSON body and of an SSE event that are not valid UTF-8', async () => {
    const server = await startHostileHttp('invalid-utf8');
    servers.push(server);
    const session = await connect(
      { transport: 'http', url: server.url },
      { timeoutMs: 30_000, protocol: 'legacy' },
    );
    sessions.push(session);
    const sent = (head: string): Buffer =>
      Buffer.concat([Buffer.from(head), Buffer.from([0xff, 0xfe]), Buffer.from(' bytes"}]}}')]);

    const listed = await session.request('tools/list');
    expect((listed.result.tools as { description: string }[])[0].description).toBe('bad \uFFFD\uFFFD bytes');
    const body = session.recorder.frames().find((frame) => frame.seq === listed.responseSeq);
    const listHead = `{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"bad_bytes","inputSchema":{"type":"object"},"description":"bad `;
    expect(Buffer.from(body?.rawBase64 ?? '', 'base64')).toEqual(sent(listHead));

    const called = await session.request('tools/call', { name: 'bad_bytes', arguments: {} });
    expect(called.result.content).toEqual([{ type: 'text', text: 'bad \uFFFD\uFFFD bytes' }]);
    const event = session.recorder.frames().find((frame) => frame.seq === called.responseSeq);
    expect(event?.http?.contentType).toBe('text/event-stream');
    const callHead = `{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"bad `;
    expect(Buffer.from(event?.rawBase64 ?? '', 'base64')).toEqual(sent(callHead));

    const initialize = session.recorder.frames().find((frame) => frame.direction === 'in' && frame.id === 1);
    expect(initialize?.rawBase64).toBeUndefined();
  });

  it('stops an SSE event that never ends at maxFrameBytes and fails the request it answers', async () => {
    const server = await startHostileHttp('sse-giant');
    servers.push(server);
    const limit = 1024 * 1024;
    const session = await connect(
      { transport: 'http', url: server.url },
      { timeoutMs: 30_000, maxFrameBytes: limit, protocol: 'legacy' },
    );
    sessions.push(session);
    const error = await failure(session.request('tools/call', { name: 'giant', arguments: {} }));
    expect(error.kind).toBe('frame-too-large');
    expect(error.detail.data).toMatchObject({ limit });
    const truncated = session.recorder.frames().find((frame) => frame.kind === 'invalid');
    expect(truncated?.bytes).toBeLessThanOrEqual(limit);
    expect(truncated?.raw.startsWith('{"jsonrpc":"2.0","id":2,"result":{"content"')).toBe(true);
    expect((await session.request('ping')).result).toEqual({});
  });

  it('stops a POST event stream past maxResponseBytes with response-too-large', async () => {
    const server = await startHostileHttp('sse-giant');
    servers.push(server);
    const limit = 2 * 1024 * 1024;
    const session = await connect(
      { transport: 'http', url: server.url },
      { timeoutMs: 30_000, maxResponseBytes: limit, protocol: 'legacy' },
    );
    sessions.push(session);
    const error = await failure(session.request('tools/call', { name: 'giant', arguments: {} }));
    expect(error.kind).toBe('response-too-large');
    expect(error.detail.data).toMatchObject({ limit });
    expect(session.recorder.frames().find((frame) => frame.kind === 'invalid')?.bytes).toBeLessThanOrEqual(
      limit,
    );
  });

  it('ends a legacy SSE session whose GET stream carries an event past maxFrameBytes, with frame-too-large', async () => {
    const server = await startHostileHttp('legacy-giant');
    servers.push(server);
    const limit = 1024 * 1024;
    const session = await connect(
      { transport: 'sse', url: `${new URL(server.url).origin}/sse` },
      { timeoutMs: 30_000, maxFrameBytes: limit, protocol: 'legacy' },
    );
    sessions.push(session);
    const error = await failure(session.request('tools/list'));
    expect(error.kind).toBe('frame-too-large');
    expect(error.detail.data).toMatchObject({ limit, method: 'tools/list' });
    expect((await session.closed)?.kind).toBe('frame-too-large');
    const frames = session.recorder.frames();
    expect(frames.find((frame) => frame.direction === 'in' && frame.id === 1)?.raw).toContain(
      'hostile-legacy-giant',
    );
    const truncated = frames.find((frame) => frame.kind === 'invalid');
    expect(truncated?.bytes).toBeLessThanOrEqual(limit);
    expect(truncated?.raw.startsWith('{"jsonrpc":"2.0","id":2,"result":{"tools"')).toBe(true);
  });
});
