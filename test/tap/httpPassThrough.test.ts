/**
 * `loupe tap --url http://…` with no fault passes the bytes at the TCP level (src/core/tap/httpPassThrough.ts): the
 * host gets the upstream's bytes exactly (status lines, every header, chunked framing, SSE, a 100 Continue, an answer
 * that runs to the connection's end), the upstream gets the host's with only the Host line naming it, and the journal
 * records each exchange as the HTTP proxy would. An SDK 1.x server that checks Host against DNS rebinding serves a
 * tapped SDK Client and the v2 Client.
 */
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { connect, createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  Client as ClientV2,
  StreamableHTTPClientTransport as StreamableV2,
} from '@modelcontextprotocol/client';
import { z } from 'zod';
import { requireBuild, startLoupe, type LoupeProcess } from '../cli/loupe.js';
import { journalFrames, tapFiles } from './tapHarness.js';

const running: LoupeProcess[] = [];
const servers: (Server | HttpServer)[] = [];

beforeAll(() => requireBuild());
afterEach(async () => {
  await Promise.all(running.splice(0).map((tap) => tap.stop()));
});
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

async function listening(server: Server | HttpServer): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return (server.address() as AddressInfo).port;
}

async function startTap(upstream: string) {
  const files = tapFiles();
  const tap = startLoupe(['tap', '--url', upstream, '--journal', files.journal]);
  running.push(tap);
  const url = await tap.waitForLine((line) => line.startsWith('http://127.0.0.1:'));
  return {
    url,
    frames: async () => {
      await tap.stop();
      return journalFrames(files.journal);
    },
  };
}

const crlf = (...lines: string[]) => Buffer.from(lines.join('\r\n'), 'latin1');

describe('loupe tap --url at the TCP level', () => {
  it('passes every byte both ways, Host aside, and records each exchange', async () => {
    // The host's side: four pipelined requests, one of them chunked and one waiting for a 100 Continue.
    const requests = (host: string) =>
      Buffer.concat([
        crlf(
          'POST /mcp HTTP/1.1',
          `Host: ${host}`,
          'Content-Type: application/json',
          'Mcp-Session-Id: s-1',
          'Authorization: Bearer pass-secret-77',
          'Content-Length: 46',
          '',
          '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
        ),
        crlf(
          'POST /mcp HTTP/1.1',
          `Host: ${host}`,
          'Transfer-Encoding: chunked',
          'Expect: 100-continue',
          '',
          '1c',
          '{"jsonrpc":"2.0","method":"n',
          '16',
          'otifications/progress"',
          '1',
          '}',
          '0',
          '',
          '',
        ),
        crlf('HEAD /mcp HTTP/1.1', `Host: ${host}`, '', ''),
        crlf(
          'GET /mcp HTTP/1.1',
          `hOsT:   ${host}`,
          'Accept: text/event-stream',
          'Connection: close',
          '',
          '',
        ),
      ]);
    // The upstream's side: an answer to each, in as odd a shape as HTTP/1.1 allows.
    const answers = Buffer.concat([
      crlf(
        'HTTP/1.1 200 OK',
        'Content-Type: application/json',
        'X-Odd-Header:  kept  as sent ',
        'Content-Length: 36',
        '',
        '{"jsonrpc":"2.0","id":1,"result":{}}',
      ),
      crlf('HTTP/1.1 100 Continue', '', ''),
      crlf('HTTP/1.1 202 Accepted', 'Content-Length: 0', '', ''),
      crlf('HTTP/1.1 200 OK', 'Content-Type: application/json', 'Content-Length: 999', '', ''),
      crlf(
        'HTTP/1.1 200 OK',
        'Content-Type: text/event-stream',
        'Transfer-Encoding: chunked',
        '',
        // A priming event (an id, empty data) and a comment: no message, so nothing recorded.
        '1f',
        'id: 6\r\ndata: \r\n\r\n: still here\r\n',
        '1d',
        'id: 7\r\ndata: {"jsonrpc":"2.0"',
        '12',
        ',"method":"ping"}\n',
        '1',
        '\n',
        // An event whose bytes are not UTF-8 (0xff): recorded with its exact bytes beside the text.
        '36',
        'event: message\ndata: {"jsonrpc":"2.0","method":"x\xff"}\n\n',
        // An event of another type: a fact of the transport, not a message.
        '20',
        'event: endpoint\ndata: /message\n\n',
        '0',
        '',
        '',
      ),
    ]);
    let received = Buffer.alloc(0);
    let upstreamPort = 0;
    const expected = () => requests(`127.0.0.1:${upstreamPort}`);
    const upstream = createServer((socket) => {
      socket.on('data', (chunk: Buffer) => {
        received = Buffer.concat([received, chunk]);
        // Answered once every request is in (then closed: the last asked for it).
        if (received.length >= expected().length) socket.end(answers);
      });
    });
    upstreamPort = await listening(upstream);
    const tap = await startTap(`http://127.0.0.1:${upstreamPort}/mcp`);
    const tapHost = new URL(tap.url).host;
    const got = await new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      const socket = connect(Number(new URL(tap.url).port), '127.0.0.1');
      // Sent in small pieces, so heads and chunks arrive split.
      const bytes = requests(tapHost);
      for (let at = 0; at < bytes.length; at += 17) socket.write(bytes.subarray(at, at + 17));
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('end', () => resolve(Buffer.concat(chunks)));
      socket.on('error', reject);
    });
    expect(got.equals(answers)).toBe(true);
    expect(received.toString('latin1')).toBe(expected().toString('latin1'));
    expect(received.toString('latin1')).not.toContain(tapHost);

    const frames = await tap.frames();
    const seen = frames.map((frame) => [
      frame.direction,
      frame.kind,
      frame.http?.method,
      frame.http?.status ?? null,
      frame.raw,
    ]);
    // The upstream answered once every request was in: the four requests first, then their answers in order.
    expect(seen).toEqual([
      ['out', 'request', 'POST', null, '{"jsonrpc":"2.0","id":1,"method":"tools/list"}'],
      ['out', 'notification', 'POST', null, '{"jsonrpc":"2.0","method":"notifications/progress"}'],
      ['out', 'http', 'HEAD', null, 'HEAD /mcp'],
      ['out', 'http', 'GET', null, 'GET /mcp'],
      ['in', 'response', 'POST', 200, '{"jsonrpc":"2.0","id":1,"result":{}}'],
      ['in', 'http', 'POST', 202, '202 Accepted'],
      ['in', 'http', 'HEAD', 200, '200 OK'],
      ['in', 'http', 'GET', 200, 'GET stream 200'],
      ['in', 'notification', 'GET', 200, '{"jsonrpc":"2.0","method":"ping"}'],
      ['in', 'notification', 'GET', 200, '{"jsonrpc":"2.0","method":"x\ufffd"}'],
      ['in', 'http', 'GET', 200, '/message'],
    ]);
    expect(Buffer.from(frames[9]?.rawBase64 ?? '', 'base64').toString('latin1')).toBe(
      '{"jsonrpc":"2.0","method":"x\xff"}',
    );
    expect(frames[8]?.rawBase64).toBeUndefined();
    expect(frames[0]?.http?.requestHeaders).toEqual({ 'mcp-session-id': 's-1' });
    expect(JSON.stringify(frames)).not.toContain('pass-secret-77');
  });

  it('an SDK server that checks Host serves the SDK 1.x Client and the v2 Client through the tap', async () => {
    let port = 0;
    const refused: string[] = [];
    const http = createHttpServer((request, response) => {
      // Stateless: a server and transport per request, Host checked against the server's own address.
      const server = new McpServer({ name: 'host-checking', version: '1.0.0' });
      server.registerTool('echo', { inputSchema: { text: z.string() } }, ({ text }) => ({
        content: [{ type: 'text', text: `echo ${text}` }],
      }));
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
        enableDnsRebindingProtection: true,
        allowedHosts: [`127.0.0.1:${port}`],
      });
      transport.onerror = (error) => refused.push(error.message);
      response.on('close', () => void transport.close());
      void server.connect(transport).then(() => transport.handleRequest(request, response));
    });
    port = await listening(http);
    const tap = await startTap(`http://127.0.0.1:${port}/mcp`);

    const v1 = new Client({ name: 'tapped-v1', version: '1.0.0' });
    await v1.connect(new StreamableHTTPClientTransport(new URL(tap.url)));
    expect((await v1.listTools()).tools.map((tool) => tool.name)).toEqual(['echo']);
    expect(await v1.callTool({ name: 'echo', arguments: { text: 'v1' } })).toEqual({
      content: [{ type: 'text', text: 'echo v1' }],
    });
    await v1.close();
    const v2 = new ClientV2({ name: 'tapped-v2', version: '2.0.0' });
    await v2.connect(new StreamableV2(new URL(tap.url)));
    expect((await v2.listTools()).tools.map((tool) => tool.name)).toEqual(['echo']);
    await v2.close();
    expect(refused).toEqual([]);

    const frames = await tap.frames();
    const called = frames.filter((frame) => frame.direction === 'in' && frame.raw.includes('echo v1'));
    expect(called).toHaveLength(1);
    expect(frames.filter((frame) => frame.method === 'initialize').length).toBe(2);
    expect(frames.some((frame) => frame.raw.includes('"name":"tapped-v2"'))).toBe(true);
  });
});
