/**
 * A 2026-07-28 server that answers slower than auto's probe waits (over stdio a process slow to start, as `npx`
 * fetching a package; over HTTP a server on a busy machine): the probe times out, initialize is refused the
 * 2026-07-28 way, and Loupe asks server/discover again instead of failing with the refusal.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { StdioTarget } from '../../../src/shared/target.js';
import { connect } from '../../../src/core/session/connect.js';
import { probeTimeoutMs } from '../../../src/core/session/discover.js';
import type { McpSession } from '../../../src/core/types.js';
import { serverPaths, startV2HttpServer, type RunningHttpServer } from '../../helpers/servers.js';

let session: McpSession | undefined;
let server: RunningHttpServer | undefined;
let proxy: Server | undefined;
afterEach(async () => {
  await session?.close();
  session = undefined;
  proxy?.close();
  proxy = undefined;
  await server?.stop();
  server = undefined;
});

/**
 * A loopback proxy to `url` that holds the first server/discover POST for `delayMs` before passing it on (the
 * server's answer then comes late, as from a busy server); everything else passes at once. Resolves with its URL.
 */
async function slowFirstDiscover(url: string, delayMs: number): Promise<string> {
  const upstream = new URL(url);
  let held = false;
  proxy = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const hold = !held && body.toString('utf8').includes('"server/discover"');
      if (hold) held = true;
      setTimeout(
        () => {
          const forwarded = request(
            {
              host: upstream.hostname,
              port: upstream.port,
              path: incoming.url,
              method: incoming.method,
              headers: incoming.headers,
            },
            (answer) => {
              outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
              answer.pipe(outgoing);
            },
          );
          forwarded.on('error', () => outgoing.destroy());
          forwarded.end(body);
        },
        hold ? delayMs : 0,
      );
    });
  });
  await new Promise<void>((resolve) => proxy?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(proxy.address() as AddressInfo).port}${upstream.pathname}`;
}

/** The strict v2 SDK server over stdio, loaded only after `delayMs` (what it was sent meanwhile waits in the pipe). */
function slowStart(delayMs: number): StdioTarget {
  const load = `setTimeout(() => import(${JSON.stringify(pathToFileURL(serverPaths.v2).href)}), ${delayMs})`;
  return {
    transport: 'stdio',
    command: process.execPath,
    args: ['-e', load, 'slow-start', '--transport', 'stdio', '--legacy', 'reject'],
  };
}

describe('a modern server slower than the probe', () => {
  it(
    'is spoken to in the modern era after its refused initialize, not given up on',
    { timeout: 60_000 },
    async () => {
      session = await connect(slowStart(probeTimeoutMs + 1500), { timeoutMs: 30_000 });
      expect(session.handshake.era).toBe('modern');
      expect(session.handshake.protocolVersion).toBe('2026-07-28');
      expect(session.handshake.eraReason).toContain('slow to start');
      const sent = session.recorder
        .frames()
        .filter((frame) => frame.direction === 'out')
        .map((frame) => frame.method);
      expect(sent.slice(0, 3)).toEqual(['server/discover', 'initialize', 'server/discover']);
      const refused = session.recorder
        .frames()
        .find((frame) => frame.direction === 'in' && frame.raw.includes('-32022'));
      expect(refused?.raw).toContain('2026-07-28');
      const tools = await session.request('tools/list', {});
      expect(Array.isArray(tools.result.tools)).toBe(true);
    },
  );

  it(
    'over HTTP: the strict v2 SDK server answering the first probe late is spoken to in the modern era',
    { timeout: 60_000 },
    async () => {
      server = await startV2HttpServer('reject');
      const url = await slowFirstDiscover(server.url, probeTimeoutMs + 1500);
      session = await connect({ transport: 'auto', url }, { timeoutMs: 30_000 });
      expect(session.handshake.era).toBe('modern');
      expect(session.handshake.protocolVersion).toBe('2026-07-28');
      expect(session.handshake.eraReason).toContain('got no answer within the probe time');
      expect(session.handshake.eraReason).toContain('asked again, the server answered server/discover');
      const sent = session.recorder
        .frames()
        .filter((frame) => frame.direction === 'out' && frame.kind === 'request')
        .map((frame) => frame.method);
      expect(sent.slice(0, 3)).toEqual(['server/discover', 'initialize', 'server/discover']);
      const tools = await session.request('tools/list', {});
      expect(Array.isArray(tools.result.tools)).toBe(true);
    },
  );
});
