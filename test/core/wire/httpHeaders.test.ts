import { afterEach, describe, expect, it } from 'vitest';
import { connect } from '../../../src/core/session/connect.js';
import type { McpSession } from '../../../src/core/types.js';
import { LoupeError } from '../../../src/shared/errors.js';
import { startCheckingServer, type CheckingServer } from './checkingServer.js';

const requiredHeaders = { authorization: 'Bearer secret-token', 'x-tenant': 'acme' };
const headers = [
  { name: 'Authorization', value: 'Bearer secret-token' },
  { name: 'X-Tenant', value: 'acme' },
];

const servers: CheckingServer[] = [];
const sessions: McpSession[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.close()));
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});

async function serve(enableJsonResponse = false): Promise<CheckingServer> {
  const server = await startCheckingServer({ requiredHeaders, enableJsonResponse });
  servers.push(server);
  return server;
}

describe('Streamable HTTP headers, checked by a real server', () => {
  it('sends custom headers on every request, and MCP-Protocol-Version and Mcp-Session-Id after initialize', async () => {
    const server = await serve();
    // The 2025 Streamable HTTP headers (session id, negotiated version): the legacy era, without the modern probe.
    const session = await connect({ transport: 'http', url: server.url, headers }, { timeoutMs: 3000, protocol: 'legacy' });
    sessions.push(session);
    const echo = await session.request('tools/call', { name: 'echo', arguments: { message: 'checked' } });
    expect(echo.result.content).toEqual([{ type: 'text', text: 'Echo: checked' }]);
    await session.close();

    const sessionId = session.handshake.sessionId;
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(server.seen.map((request) => [request.method, request.rpcMethod])).toEqual(
      expect.arrayContaining([
        ['POST', 'initialize'],
        ['POST', 'notifications/initialized'],
        ['POST', 'tools/call'],
        ['DELETE', undefined],
      ]),
    );
    for (const request of server.seen) {
      expect(request.headers.authorization).toBe('Bearer secret-token');
      expect(request.headers['x-tenant']).toBe('acme');
      if (request.rpcMethod === 'initialize') {
        expect(request.headers['mcp-protocol-version']).toBeUndefined();
        expect(request.headers['mcp-session-id']).toBeUndefined();
      } else {
        expect(request.headers['mcp-protocol-version']).toBe('2025-11-25');
        expect(request.headers['mcp-session-id']).toBe(sessionId);
      }
    }
  });

  it('records application/json response bodies as the inbound frames', async () => {
    const server = await serve(true);
    const session = await connect({ transport: 'http', url: server.url, headers });
    sessions.push(session);
    const listed = await session.request('tools/list', {});
    const frame = session.recorder.frames().find((candidate) => candidate.seq === listed.responseSeq);
    expect(frame?.http).toMatchObject({ method: 'POST', status: 200, contentType: 'application/json' });
    expect(JSON.parse(frame?.raw ?? '{}')).toEqual({ jsonrpc: '2.0', id: frame?.id, result: listed.result });
    expect(listed.result.tools).toHaveLength(2);
  });

  it('resumes an SSE stream the server closed mid-call (Last-Event-ID), delivering the answer once', async () => {
    const server = await serve();
    const session = await connect({ transport: 'http', url: server.url, headers });
    sessions.push(session);
    const done = await session.request(
      'tools/call',
      { name: 'resumable', arguments: {} },
      { timeoutMs: 4000 },
    );
    expect(done.result.content).toEqual([{ type: 'text', text: 'finished after the stream was closed' }]);
    const resumed = server.seen.filter(
      (request) => request.method === 'GET' && request.headers['last-event-id'],
    );
    expect(resumed.length).toBeGreaterThanOrEqual(1);
    const responses = session.recorder
      .frames()
      .filter(
        (frame) => frame.direction === 'in' && frame.kind === 'response' && frame.pairSeq === done.requestSeq,
      );
    expect(responses).toHaveLength(1);
    expect(responses[0].http?.method).toBe('GET');
  });

  it('names a refused header with http-error 401 and the body text', async () => {
    const server = await serve();
    const failure = await connect({
      transport: 'http',
      url: server.url,
      headers: [{ name: 'X-Tenant', value: 'acme' }],
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(LoupeError);
    expect((failure as LoupeError).detail).toMatchObject({ kind: 'http-error', code: 401 });
    expect((failure as LoupeError).message).toContain('missing or wrong authorization');
  });

  it('ends the session when the server no longer knows its id (404)', async () => {
    const server = await serve();
    const session = await connect({ transport: 'http', url: server.url, headers });
    sessions.push(session);
    server.forgetSessions();
    const failure = await session.request('ping').catch((error: unknown) => error);
    expect((failure as LoupeError).detail).toMatchObject({ kind: 'http-error', code: 404 });
    await expect(session.closed).resolves.toMatchObject({ kind: 'disconnected', code: 404 });
    expect(session.isOpen).toBe(false);
  });

  it('notices a server gone while idle: the SDK reconnecting its GET stream is refused, the session ends', async () => {
    const server = await startCheckingServer({ requiredHeaders });
    // The GET stream is a 2025 mechanism: the legacy era (the probe's pooled socket would only add a race here).
    const session = await connect({ transport: 'http', url: server.url, headers }, { protocol: 'legacy' });
    sessions.push(session);
    await server.stop();
    await expect(session.closed).resolves.toMatchObject({ kind: 'disconnected' });
    const failure = await session.request('ping').catch((error: unknown) => error);
    expect((failure as LoupeError).detail.kind).toBe('disconnected');
  });
});
