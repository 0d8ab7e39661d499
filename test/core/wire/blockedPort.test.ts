/** A server on a port Node's fetch refuses (6000…) is reached through node:http, with the frames recorded as sent. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../../src/core/session/connect.js';
import { isBlockedPort, listBlockedPorts } from '../../../src/core/wire/blockedPorts.js';
import { startHttpServer, type RunningHttpServer } from '../../helpers/servers.js';

/** Blocked ports a non-root process may open, 6000 first. */
const candidates = [6000, ...listBlockedPorts().filter((port) => port >= 1024 && port !== 6000)];

let streamable: RunningHttpServer;
let legacy: RunningHttpServer;

/** The paginating server over `transport` on the first blocked port that is free. */
async function startOnBlockedPort(transport: 'http' | 'sse', skip: number[]): Promise<RunningHttpServer> {
  const failures: string[] = [];
  for (const port of candidates.filter((candidate) => !skip.includes(candidate))) {
    try {
      return await startHttpServer(transport, ['--tools', '30', '--page-size', '10', '--port', String(port)]);
    } catch (error) {
      failures.push(`${port}: ${String(error)}`);
    }
  }
  throw new Error(`no blocked port was free: ${failures.join('; ')}`);
}

beforeAll(async () => {
  streamable = await startOnBlockedPort('http', []);
  legacy = await startOnBlockedPort('sse', [Number(new URL(streamable.url).port)]);
}, 30_000);
afterAll(async () => {
  await Promise.all([streamable?.stop(), legacy?.stop()]);
});

describe('ports fetch refuses', () => {
  it('the server listens on a blocked port, and Node fetch itself refuses it', async () => {
    expect(isBlockedPort(streamable.url)).toBe(true);
    expect(isBlockedPort(legacy.url)).toBe(true);
    const refusal = await fetch(streamable.url).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(TypeError);
    expect(String((refusal as TypeError).cause)).toContain('bad port');
  });

  it('Streamable HTTP: handshakes, walks every page and records each POST it sent', async () => {
    const session = await connect({ transport: 'http', url: streamable.url }, { protocol: 'legacy' });
    try {
      expect(session.handshake.transport).toBe('http');
      expect(session.handshake.sessionId).toMatch(/\S+/);
      const names: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await session.request('tools/list', cursor ? { cursor } : {});
        const tools = page.result.tools as { name: string }[];
        names.push(...tools.map((tool) => tool.name));
        cursor = typeof page.result.nextCursor === 'string' ? page.result.nextCursor : undefined;
      } while (cursor);
      expect(names).toHaveLength(32);
      expect(names).toContain('tool_0030');
      const posts = session.recorder
        .frames()
        .filter((frame) => frame.direction === 'out' && frame.method === 'tools/list');
      expect(posts).toHaveLength(4);
      for (const frame of posts) {
        expect(frame.http).toMatchObject({ method: 'POST', url: streamable.url });
        expect(JSON.parse(frame.raw)).toMatchObject({ jsonrpc: '2.0', method: 'tools/list' });
      }
      const answers = session.recorder
        .frames()
        .filter(
          (frame) => frame.direction === 'in' && frame.kind === 'response' && frame.http?.status === 200,
        );
      expect(answers.length).toBeGreaterThanOrEqual(5);
    } finally {
      await session.close();
    }
  });

  it('legacy HTTP+SSE: the event stream stays open and carries the answers', async () => {
    const session = await connect({ transport: 'sse', url: legacy.url });
    try {
      expect(session.handshake.transport).toBe('sse');
      const page = await session.request('tools/list', {});
      expect((page.result.tools as unknown[]).length).toBe(10);
      const call = await session.request('tools/call', {
        name: 'echo',
        arguments: { text: 'through a blocked port' },
      });
      expect(call.result.content).toEqual([{ type: 'text', text: 'through a blocked port' }]);
    } finally {
      await session.close();
    }
  });
});
