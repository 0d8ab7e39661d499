#!/usr/bin/env node
// A hostile Streamable HTTP server on 127.0.0.1 (raw node:http, stateless, JSON-RPC by hand).
// Prints its endpoint URL (…/mcp) as the first stdout line. initialize and ping are answered normally.
//   --mode bomb       tools/list is answered with a gzip bomb: Content-Encoding: gzip, a body that inflates to
//                     --inflated bytes (default 300 MB) of '0' inside a JSON string. The big middle is
//                     compressed once at start by streaming zeros through zlib; the JSON head and tail (with
//                     the request's id) are small gzip members around it (gzip allows concatenated members).
//   --mode sse-close  every other request is answered with an event stream carrying one log notification,
//                     then the stream is closed without the response and without any event id or retry.
//   --mode invalid-utf8  tools/list is answered with a JSON body, tools/call with an event stream, each holding
//                     the bytes 0xff 0xfe (not UTF-8) in a string: `…"bad \xff\xfe bytes"}]}}`.
//   --mode legacy-giant  the legacy HTTP+SSE transport (GET /sse, POST /messages): answers go on the GET stream,
//                     and tools/list's answer is an event whose data never ends ('0' up to --inflated bytes).
//   --mode sse-giant  tools/call is answered with an event stream whose one event never ends: a JSON head, then
//                     '0' up to --inflated bytes; the stream is ended when the client goes away.
import { createServer } from 'node:http';
import { constants, createGzip, gzipSync } from 'node:zlib';

const flags = process.argv.slice(2);
const flag = (name, fallback) => {
  const index = flags.indexOf(name);
  return index === -1 ? fallback : flags[index + 1];
};
const mode = flag('--mode', 'bomb');
const inflated = Number(flag('--inflated', String(300_000_000)));

/** gzip of `size` bytes of '0', streamed through zlib so the inflated text never exists in memory. */
async function zerosMember(size) {
  const gzip = createGzip({ level: constants.Z_BEST_COMPRESSION });
  const parts = [];
  gzip.on('data', (part) => parts.push(part));
  const done = new Promise((resolve, reject) => {
    gzip.on('end', resolve);
    gzip.on('error', reject);
  });
  const block = Buffer.alloc(1 << 20, 0x30);
  for (let left = size; left > 0; left -= block.length) {
    if (!gzip.write(left >= block.length ? block : block.subarray(0, left))) {
      await new Promise((resolve) => gzip.once('drain', resolve));
    }
  }
  gzip.end();
  await done;
  return Buffer.concat(parts);
}

const zeros = mode === 'bomb' ? await zerosMember(inflated) : Buffer.alloc(0);

function reply(response, status, body, headers = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(body === undefined ? undefined : JSON.stringify(body));
}

function answer(message, response) {
  const { id, method, params } = message;
  if (method === 'initialize') {
    return reply(response, 200, {
      jsonrpc: '2.0',
      id,
      result: {
        protocolVersion: params?.protocolVersion ?? '2025-11-25',
        capabilities: { tools: {} },
        serverInfo: { name: `hostile-${mode}`, version: '1.0.0' },
      },
    });
  }
  if (id === undefined) return reply(response, 202);
  if (method === 'ping') return reply(response, 200, { jsonrpc: '2.0', id, result: {} });
  if (mode === 'bomb' && method === 'tools/list') {
    const head = gzipSync(
      '{"jsonrpc":"2.0","result":{"tools":[{"name":"bomb","inputSchema":{"type":"object"},"description":"',
    );
    const tail = gzipSync(`"}]},"id":${JSON.stringify(id)}}`);
    response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    response.end(Buffer.concat([head, zeros, tail]));
    return;
  }
  if (mode === 'invalid-utf8' && (method === 'tools/list' || method === 'tools/call')) {
    const list = method === 'tools/list';
    const head = list
      ? `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"tools":[{"name":"bad_bytes","inputSchema":{"type":"object"},"description":"bad `
      : `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"content":[{"type":"text","text":"bad `;
    const body = Buffer.concat([Buffer.from(head), Buffer.from([0xff, 0xfe]), Buffer.from(' bytes"}]}}')]);
    const type = list ? 'application/json' : 'text/event-stream';
    response.writeHead(200, { 'content-type': type });
    response.end(
      list ? body : Buffer.concat([Buffer.from('event: message\ndata: '), body, Buffer.from('\n\n')]),
    );
    return;
  }
  if (mode === 'sse-giant' && method === 'tools/call') {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write(
      `data: {"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"content":[{"type":"text","text":"`,
    );
    const block = Buffer.alloc(1 << 16, 0x30);
    let written = 0;
    const pump = () => {
      while (written < inflated && !response.destroyed) {
        written += block.length;
        if (!response.write(block)) return response.once('drain', pump);
      }
    };
    response.on('close', () => (written = inflated));
    pump();
    return;
  }
  if (mode === 'sse-close') {
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const note = {
      jsonrpc: '2.0',
      method: 'notifications/message',
      params: { level: 'info', data: `working on ${method}` },
    };
    response.write(`event: message\ndata: ${JSON.stringify(note)}\n\n`);
    setTimeout(() => response.end(), 50);
    return;
  }
  reply(response, 200, {
    jsonrpc: '2.0',
    id,
    error: { code: -32601, message: `Method not found: ${method}` },
  });
}

/** legacy-giant: the GET stream, and answers written onto it. */
let legacyStream;
function legacyAnswer(message) {
  const { id, method, params } = message;
  if (id === undefined || !legacyStream) return;
  if (method === 'tools/list') {
    legacyStream.write(
      `event: message\ndata: {"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"tools":[{"name":"giant","description":"`,
    );
    const block = Buffer.alloc(1 << 16, 0x30);
    let written = 0;
    const stream = legacyStream;
    const pump = () => {
      while (written < inflated && !stream.destroyed) {
        written += block.length;
        if (!stream.write(block)) return stream.once('drain', pump);
      }
    };
    stream.on('close', () => (written = inflated));
    return pump();
  }
  const result =
    method === 'initialize'
      ? {
          protocolVersion: params?.protocolVersion ?? '2024-11-05',
          capabilities: { tools: {} },
          serverInfo: { name: 'hostile-legacy-giant', version: '1.0.0' },
        }
      : {};
  legacyStream.write(`event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', id, result })}\n\n`);
}

const server = createServer((request, response) => {
  if (mode === 'legacy-giant' && request.method === 'GET') {
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    response.write('event: endpoint\ndata: /messages?sessionId=1\n\n');
    legacyStream = response;
    return;
  }
  if (request.method !== 'POST') return reply(response, 405, undefined, { allow: 'POST' });
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    let message;
    try {
      message = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return reply(response, 400, {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32700, message: 'Parse error' },
      });
    }
    if (mode !== 'legacy-giant') return answer(message, response);
    response.writeHead(202).end();
    legacyAnswer(message);
  });
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`http://127.0.0.1:${server.address().port}/mcp\n`);
});
process.on('SIGTERM', () => process.exit(0));
