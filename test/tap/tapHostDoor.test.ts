/**
 * The HTTP tap's door (src/core/tap/loopbackDoor.ts), against an SDK 1.x server built with DNS-rebinding protection
 * that holds a secret: a request whose Host is not the tap's own address, or whose Origin is another site's, is
 * refused by the tap and never reaches the server — in both ways the tap runs (bytes passed at the TCP level, and the
 * HTTP proxy it becomes with fault rules). A request with the tap's own Host and no Origin works, as hosts that send
 * no Origin need; the tap's own Origin reaches the server as the server's own.
 */
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { requireBuild, startLoupe, type LoupeProcess } from '../cli/loupe.js';
import { journalFrames, tapFiles } from './tapHarness.js';

const secret = 'the-secret-4711';
const running: LoupeProcess[] = [];
let upstream: HttpServer;
let upstreamPort = 0;
/** The Host of every request the server was handed. */
const reached: string[] = [];

beforeAll(async () => {
  requireBuild();
  upstream = createHttpServer((request, response) => {
    reached.push(request.headers.host ?? '');
    // Stateless: a server and transport per request, Host and Origin checked against the server's own address.
    const server = new McpServer({ name: 'rebinding-protected', version: '1.0.0' });
    server.registerTool('secret', {}, () => ({ content: [{ type: 'text', text: secret }] }));
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      enableDnsRebindingProtection: true,
      allowedHosts: [`127.0.0.1:${upstreamPort}`],
      allowedOrigins: [`http://127.0.0.1:${upstreamPort}`],
    });
    response.on('close', () => void transport.close());
    void server.connect(transport).then(() => transport.handleRequest(request, response));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', () => resolve()));
  upstreamPort = (upstream.address() as AddressInfo).port;
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((tap) => tap.stop()));
});
afterAll(() => new Promise((resolve) => upstream.close(resolve)));

const call = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"secret","arguments":{}}}';

/** A POST of the secret tool's call with the given Host (and Origin), as raw bytes. */
function post(host: string, origin?: string, close = true): string {
  return [
    'POST /mcp HTTP/1.1',
    `Host: ${host}`,
    ...(origin === undefined ? [] : [`Origin: ${origin}`]),
    'Content-Type: application/json',
    'Accept: application/json, text/event-stream',
    `Content-Length: ${Buffer.byteLength(call)}`,
    ...(close ? ['Connection: close'] : []),
    '',
    call,
  ].join('\r\n');
}

/** Sends the bytes on one connection to the port and returns everything that came back until it closed. */
function exchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
    socket.write(bytes);
  });
}

const status = (answer: string): number => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);

describe.each([
  { way: 'bytes passed at the TCP level', flags: [] as string[] },
  { way: 'the HTTP proxy of a tap with fault rules', flags: ['--fault', 'tool=never-called:drop'] },
])('loupe tap --url, $way', ({ flags }) => {
  async function startTap() {
    const files = tapFiles();
    const tap = startLoupe([
      'tap',
      '--url',
      `http://127.0.0.1:${upstreamPort}/mcp`,
      '--journal',
      files.journal,
      ...flags,
    ]);
    running.push(tap);
    const url = new URL(await tap.waitForLine((line) => line.startsWith('http://127.0.0.1:')));
    const frames = async () => {
      await tap.stop();
      return journalFrames(files.journal);
    };
    return { port: Number(url.port), host: url.host, frames };
  }

  it('the server itself refuses a foreign Host and serves its own', async () => {
    const foreign = await exchange(upstreamPort, post(`rebound.example:${upstreamPort}`));
    expect(status(foreign)).toBe(403);
    expect(foreign).toContain('Invalid Host header');
    const own = await exchange(upstreamPort, post(`127.0.0.1:${upstreamPort}`));
    expect(status(own)).toBe(200);
    expect(own).toContain(secret);
  });

  it('refuses a foreign Host itself: the server never sees the request, the secret stays behind', async () => {
    const tap = await startTap();
    const before = reached.length;
    const answer = await exchange(tap.port, post(`rebound.example:${tap.port}`));
    expect(status(answer)).toBe(403);
    expect(answer).toContain('loupe tap answers only to its own address');
    expect(answer).not.toContain(secret);
    expect(reached.length).toBe(before);
    // A second Host line (read one way here, another upstream) is refused too.
    const doubled = post(`127.0.0.1:${tap.port}`).replace(
      '\r\n',
      `\r\nHost: rebound.example:${tap.port}\r\n`,
    );
    expect(status(await exchange(tap.port, doubled))).toBe(403);
    expect(reached.length).toBe(before);
    const refusals = (await tap.frames()).filter((frame) => frame.http?.status === 403);
    expect(refusals.map((frame) => frame.raw)).toEqual([
      expect.stringContaining('not to Host "rebound.example:'),
      '403 loupe tap refuses a request with more than one Host header.',
    ]);
  });

  it('serves its own Host with no Origin: the request reaches the server named as the server', async () => {
    const tap = await startTap();
    const before = reached.length;
    const answer = await exchange(tap.port, post(tap.host));
    expect(status(answer)).toBe(200);
    expect(answer).toContain(secret);
    expect(reached.slice(before)).toEqual([`127.0.0.1:${upstreamPort}`]);
    // localhost names the tap as well.
    expect(status(await exchange(tap.port, post(`localhost:${tap.port}`)))).toBe(200);
  });

  it('refuses an Origin that is not its own; its own reaches the server as the server’s own origin', async () => {
    const tap = await startTap();
    const before = reached.length;
    for (const origin of [
      'http://evil.example',
      `http://rebound.example:${tap.port}`,
      'null',
      `https://${tap.host}`,
    ]) {
      const answer = await exchange(tap.port, post(tap.host, origin));
      expect(status(answer)).toBe(403);
      expect(answer).toContain('loupe tap accepts requests from its own origin');
      expect(answer).not.toContain(secret);
    }
    expect(reached.length).toBe(before);
    const own = await exchange(tap.port, post(tap.host, `http://${tap.host}`));
    expect(status(own)).toBe(200);
    expect(own).toContain(secret);
  });

  it('a foreign request after a served one on the same connection: the served answer, then the refusal', async () => {
    const tap = await startTap();
    const before = reached.length;
    const answer = await exchange(
      tap.port,
      post(tap.host, undefined, false) + post(`rebound.example:${tap.port}`),
    );
    const [first, second] = answer.split(/(?=HTTP\/1\.1 )/);
    expect(status(first ?? '')).toBe(200);
    expect(first).toContain(secret);
    expect(status(second ?? '')).toBe(403);
    expect(second).not.toContain(secret);
    expect(reached.length).toBe(before + 1);
  });
});
