#!/usr/bin/env node
// An MCP server of the 2026-07-28 revision built with the official v2 SDK (@modelcontextprotocol/server 2.x).
//
//   node test/servers/v2/server.mjs [flags]
//
//   --transport http|stdio   default http. http listens on 127.0.0.1 (--port, default 0 = any free port) and prints
//                            the endpoint URL http://127.0.0.1:PORT/mcp as the FIRST stdout line; it is served by
//                            createMcpHandler's fetch(Request) face wrapped in node:http. stdio uses serveStdio.
//   --legacy reject|allow    default allow. reject: strict 2026-07-28 only (initialize → -32022; over HTTP a 400).
//                            allow: dual, 2025-era clients are served too (HTTP: stateless; stdio: pinned).
//   --tools N                numbered tools tool_01… after the 8 feature tools (default 17: 25 tools in all)
//   --page-size K            tools per tools/list page (default 10: 3 pages with the defaults)
//
// Tools, prompts and resources: see tools.mjs and test/servers/README.md. The SDK has no tool pagination in
// McpServer, so tools/list and tools/call are the low-level Server's handlers; prompts and resources are McpServer's.
/* global Headers, Request, AbortController */
import { createServer } from 'node:http';
import { Readable } from 'node:stream';
import { McpServer, ResourceTemplate, createMcpHandler } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import * as z from 'zod';
import { numberFlag, parseFlags } from '../catalog.mjs';
import { allTools, callTool, pageOf } from './tools.mjs';

const flags = parseFlags(process.argv.slice(2));
const transport = typeof flags.transport === 'string' ? flags.transport : 'http';
const legacy = typeof flags.legacy === 'string' ? flags.legacy : 'allow';
const numbered = numberFlag(flags, 'tools', 17);
const pageSize = numberFlag(flags, 'page-size', 10);
if (!['http', 'stdio'].includes(transport))
  throw new Error(`--transport wants http or stdio, got ${transport}`);
if (!['reject', 'allow'].includes(legacy)) throw new Error(`--legacy wants reject or allow, got ${legacy}`);

/** How the running instance announces a tool-list change; set per transport below. */
let announceToolsChanged = async () => {};

function headersOf(request) {
  if (!request) return null;
  return Object.fromEntries([...request.headers.entries()].sort(([a], [b]) => a.localeCompare(b)));
}

function registerPromptsAndResources(server) {
  server.registerPrompt(
    'greet',
    { title: 'Greeting', description: 'Greets someone by name.', argsSchema: { name: z.string() } },
    ({ name }) => ({
      messages: [{ role: 'user', content: { type: 'text', text: `Say hello to ${name}.` } }],
    }),
  );
  server.registerPrompt(
    'review_code',
    {
      description: 'Asks for a code review.',
      argsSchema: { code: z.string(), language: z.string().optional() },
    },
    ({ code, language }) => ({
      messages: [
        { role: 'user', content: { type: 'text', text: `Review this ${language ?? 'code'}:\n${code}` } },
      ],
    }),
  );
  server.registerResource(
    'readme',
    'v2://readme',
    { description: 'A text resource.', mimeType: 'text/plain' },
    (uri) => ({
      contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'The v2 test server.' }],
    }),
  );
  server.registerResource(
    'settings',
    'v2://settings.json',
    { description: 'A JSON resource.', mimeType: 'application/json' },
    (uri) => ({
      contents: [
        { uri: uri.href, mimeType: 'application/json', text: JSON.stringify({ pageSize, numbered }) },
      ],
    }),
  );
  server.registerResource(
    'item',
    new ResourceTemplate('v2://items/{id}', { list: undefined }),
    { description: 'One item by id.', mimeType: 'text/plain' },
    (uri, { id }) => ({
      contents: [{ uri: uri.href, mimeType: 'text/plain', text: `Item ${String(id)}` }],
    }),
  );
}

/** The factory both serving entries call: per HTTP request, or once per stdio connection. */
function factory(context) {
  const server = new McpServer(
    { name: 'loupe-v2-test-server', version: '1.0.0' },
    { capabilities: { prompts: { listChanged: true }, resources: { listChanged: true } } },
  );
  registerPromptsAndResources(server);
  const low = server.server;
  low.registerCapabilities({ tools: { listChanged: true } });
  low.setRequestHandler('tools/list', (request) => {
    const { items, nextCursor } = pageOf(allTools(numbered), request.params?.cursor, pageSize);
    return nextCursor === undefined ? { tools: items } : { tools: items, nextCursor };
  });
  const toolContext = {
    era: context.era,
    headers: headersOf(context.requestInfo),
    numbered,
    announceToolsChanged: async () => {
      // HTTP: the handler's bus feeds open subscriptions/listen streams; stdio: the pinned instance's notification
      // is routed by serveStdio onto the connection's listen subscriptions (2026 era) or sent as is (2025 era).
      if (transport === 'http') await announceToolsChanged();
      else await low.sendToolListChanged();
    },
  };
  low.setRequestHandler('tools/call', (request, ctx) => callTool(request, ctx, toolContext));
  return server;
}

function onError(error) {
  process.stderr.write(`v2 server: ${error instanceof Error ? error.message : String(error)}\n`);
}

async function toWebRequest(request, signal) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const body =
    chunks.length > 0 && request.method !== 'GET' && request.method !== 'HEAD'
      ? Buffer.concat(chunks)
      : undefined;
  return new Request(`http://${request.headers.host ?? '127.0.0.1'}${request.url ?? '/'}`, {
    method: request.method,
    headers,
    body,
    signal,
  });
}

async function serveHttp() {
  const handler = createMcpHandler(factory, {
    legacy: legacy === 'reject' ? 'reject' : 'stateless',
    onerror: onError,
  });
  announceToolsChanged = async () => handler.notify.toolsChanged();
  const httpServer = createServer((request, response) => {
    const aborter = new AbortController();
    response.on('close', () => aborter.abort());
    const served = (async () => {
      if (!request.url?.startsWith('/mcp')) {
        response.writeHead(404).end('not found: the endpoint is /mcp\n');
        return;
      }
      const answer = await handler.fetch(await toWebRequest(request, aborter.signal));
      const headers = {};
      answer.headers.forEach((value, name) => (headers[name] = value));
      response.writeHead(answer.status, headers);
      if (!answer.body) return void response.end();
      Readable.fromWeb(answer.body)
        .on('error', () => response.destroy())
        .pipe(response);
    })();
    served.catch((error) => {
      onError(error);
      if (!response.headersSent) response.writeHead(500).end();
      else response.destroy();
    });
  });
  httpServer.listen(numberFlag(flags, 'port', 0), '127.0.0.1', () => {
    const address = httpServer.address();
    process.stdout.write(`http://127.0.0.1:${address.port}/mcp\n`);
  });
  const stop = () => {
    void handler.close().finally(() => process.exit(0));
    httpServer.closeAllConnections();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (transport === 'http') await serveHttp();
else serveStdio(factory, { legacy: legacy === 'reject' ? 'reject' : 'serve', onerror: onError });
