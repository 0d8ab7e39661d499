import { afterEach, describe, expect, it } from 'vitest';
import { connect } from '../../../src/core/session/connect.js';
import type { McpSession } from '../../../src/core/types.js';
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

describe('hostile Streamable HTTP servers', () => {
  it('stops reading a gzip bomb at maxResponseBytes, fails tools/list with response-too-large and keeps the frames before', async () => {
    const server = await startHostileHttp('bomb');
    servers.push(server);
    const limit = 8 * 1024 * 1024;
    const session = await connect({ transport: 'http', url: server.url }, { timeoutMs: 30_000, maxResponseBytes: limit });
    sessions.push(session);

    const error = await failure(session.request('tools/list'));
    expect(error.kind).toBe('response-too-large');
    expect(error.detail.data).toMatchObject({ limit });
    const seen = (error.detail.data as { bytesSeen: number }).bytesSeen;
    expect(seen).toBeGreaterThan(limit);
    expect(seen).toBeLessThan(300_000_000);

    const frames = session.recorder.all();
    expect(frames.filter((frame) => frame.method === 'initialize').map((frame) => [frame.direction, frame.kind])).toEqual([
      ['out', 'request'],
    ]);
    const initializeResponse = frames.find((frame) => frame.direction === 'in' && frame.id === 1);
    expect(initializeResponse?.kind).toBe('response');
    expect(initializeResponse?.raw).toContain('hostile-bomb');
    const truncated = frames.at(-1);
    expect(truncated?.kind).toBe('invalid');
    expect(truncated?.bytes).toBeLessThanOrEqual(limit);
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
    const session = await connect({ transport: 'http', url: server.url }, { maxFrameBytes: limit });
    sessions.push(session);
    const error = await failure(session.request('tools/list'));
    expect(error.kind).toBe('frame-too-large');
    expect(error.detail.data).toMatchObject({ limit });
    expect(session.recorder.all().at(-1)?.bytes).toBeLessThanOrEqual(limit);
  });

  it('fails a request at once with disconnected when its SSE response stream closes without the response', async () => {
    const server = await startHostileHttp('sse-close');
    servers.push(server);
    const session = await connect({ transport: 'http', url: server.url }, { timeoutMs: 30_000 });
    sessions.push(session);

    const error = await failure(session.request('tools/call', { name: 'anything', arguments: {} }));
    expect(error.kind).toBe('disconnected');
    expect(error.message).toContain('closed the response stream before answering tools/call');
    expect(error.detail.data).toMatchObject({ method: 'tools/call' });
    // The notification the stream did carry is recorded.
    const notes = session.recorder.all().filter((frame) => frame.method === 'notifications/message');
    expect(notes).toHaveLength(1);
    expect(notes[0].raw).toContain('working on tools/call');
  });
});
