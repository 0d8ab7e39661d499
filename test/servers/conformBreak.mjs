#!/usr/bin/env node
// A 2025-11-25 Streamable HTTP server (the 1.x SDK's McpServer, stateful sessions) that implements the conformance
// suite's fixtures for a few server scenarios, so it passes them; `--break <what>` makes it break one requirement.
//
//   node test/servers/conformBreak.mjs [--break simple-text [--break-calls N]]
//
// Prints http://127.0.0.1:PORT/mcp as the first stdout line. Tools: test_simple_text (the text the suite's
// tools-call-simple-text wants), test_image_content (a 1x1 PNG, tools-call-image), test_error_handling
// (isError, tools-call-error). --break simple-text: test_simple_text answers an empty content array; with
// --break-calls N only its first N calls do (the server is "fixed" after them: a later run passes).
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

const at = process.argv.indexOf('--break');
const broken = at === -1 ? undefined : process.argv[at + 1];
if (broken !== undefined && broken !== 'simple-text') throw new Error(`--break knows simple-text, got ${broken}`);
const callsAt = process.argv.indexOf('--break-calls');
const breakCalls = callsAt === -1 ? Number.POSITIVE_INFINITY : Number(process.argv[callsAt + 1]);
let simpleCalls = 0;

const png =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

function build() {
  const server = new McpServer({ name: 'conform-break', version: '1.0.0' });
  server.registerTool('test_simple_text', { description: 'Returns simple text' }, async () =>
    broken === 'simple-text' && ++simpleCalls <= breakCalls
      ? { content: [] }
      : { content: [{ type: 'text', text: 'This is a simple text response for testing.' }] },
  );
  server.registerTool('test_image_content', { description: 'Returns an image' }, async () => ({
    content: [{ type: 'image', data: png, mimeType: 'image/png' }],
  }));
  server.registerTool('test_error_handling', { description: 'Always fails' }, async () => ({
    isError: true,
    content: [{ type: 'text', text: 'This tool intentionally returns an error for testing' }],
  }));
  return server;
}

const sessions = new Map();
const http = createServer(async (request, response) => {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString('utf8');
  const body = text ? JSON.parse(text) : undefined;
  const id = request.headers['mcp-session-id'];
  let transport = typeof id === 'string' ? sessions.get(id) : undefined;
  if (!transport) {
    if (typeof id === 'string') {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Session not found' } }));
      return;
    }
    transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sessionId) => sessions.set(sessionId, transport),
      onsessionclosed: (sessionId) => sessions.delete(sessionId),
    });
    await build().connect(transport);
  }
  await transport.handleRequest(request, response, body);
});
http.listen(0, '127.0.0.1', () => {
  process.stdout.write(`http://127.0.0.1:${http.address().port}/mcp\n`);
});
