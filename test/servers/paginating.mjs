#!/usr/bin/env node
// A well-behaved paginating MCP server built on the SDK's low-level Server, over stdio, Streamable HTTP or SSE.
//
//   node test/servers/paginating.mjs [flags]
//
//   --transport stdio|http|sse   default stdio. http and sse listen on 127.0.0.1 (--port, default 0 = any free
//                                port) and print the endpoint URL as the FIRST stdout line:
//                                http → http://127.0.0.1:PORT/mcp (Streamable HTTP, stateful sessions)
//                                sse  → http://127.0.0.1:PORT/sse (legacy SSE; POSTs go to /messages)
//                                Both endpoints are served in either mode; POST /sse answers 405.
//   --tools N                    numbered tools tool_0001… (default 100)
//   --page-size K                items per page of every list (default 25)
//   --no-control                 leave out trigger_list_changed and echo (listed first otherwise)
//   --resources N / --templates N / --prompts N   other lists (defaults 30 / 10 / 30), paginated the same way
//   --delay MS                   delays every list response
//   --list-changed-every MS      changes the tool list and notifies MS after each time a client has read the
//                                tool list to its last page (so every re-walk sees exactly one change)
//   --burst N                    notifications per change (default 1; trigger_list_changed's burst overrides)
//   --announce-on-list           misbehaves: announces notifications/tools/list_changed while answering every
//                                first page of tools/list, though nothing changed
//
// Cursors are opaque random tokens; an unknown cursor is answered with -32602. tools.listChanged is declared.
// The tool trigger_list_changed ({ burst?, list?: 'tools'|'resources'|'prompts' }) changes that list and sends
// notifications/<list>/list_changed `burst` times. tools: catalog.mjs mutateTools (adds added_g, removes the first
// numbered tool, changes the last numbered tool's description); resources: adds test://resource/added-g;
// prompts: adds prompt_added_g (g counts changes of any list).
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListPromptsRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import {
  CursorBook,
  InvalidCursorError,
  echoTool,
  mutateTools,
  numberFlag,
  numberedPrompts,
  numberedResources,
  numberedTemplates,
  numberedTools,
  page,
  parseFlags,
  triggerTool,
} from './catalog.mjs';

const flags = parseFlags(process.argv.slice(2));
const transportName = typeof flags.transport === 'string' ? flags.transport : 'stdio';
const pageSize = numberFlag(flags, 'page-size', 25);
const delayMs = numberFlag(flags, 'delay', 0);
const defaultBurst = numberFlag(flags, 'burst', 1);
const listChangedEvery = numberFlag(flags, 'list-changed-every', 0);
const announceOnList = flags['announce-on-list'] === true;
const toolCount = numberFlag(flags, 'tools', 100);
const resourceCount = numberFlag(flags, 'resources', 30);
const templates = numberedTemplates(numberFlag(flags, 'templates', 10));
const promptCount = numberFlag(flags, 'prompts', 30);

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One MCP server with its own tool list and cursors (one per HTTP session). */
function createMcpServer() {
  let tools = numberedTools(toolCount);
  if (!flags['no-control']) tools = [triggerTool, echoTool, ...tools];
  let resources = numberedResources(resourceCount);
  let prompts = numberedPrompts(promptCount);
  let generation = 0;
  const book = new CursorBook();
  const server = new Server(
    { name: 'loupe-paginating-server', version: '1.0.0' },
    {
      capabilities: { tools: { listChanged: true }, resources: { listChanged: true }, prompts: { listChanged: true } },
      instructions: 'A test server that paginates every list with opaque cursors.',
    },
  );

  async function pageOf(items, key, cursor) {
    if (delayMs > 0) await pause(delayMs);
    try {
      const result = page(items, cursor, pageSize, book);
      if (key === 'tools' && result.nextCursor === undefined) armChange();
      return result.nextCursor === undefined ? { [key]: result.items } : { [key]: result.items, nextCursor: result.nextCursor };
    } catch (error) {
      if (error instanceof InvalidCursorError) throw new McpError(ErrorCode.InvalidParams, error.message);
      throw error;
    }
  }

  async function change(burst, relatedRequestId, list = 'tools') {
    generation += 1;
    if (list === 'resources') {
      resources = [...resources, { uri: `test://resource/added-${generation}`, name: `resource_added_${generation}` }];
    } else if (list === 'prompts') {
      prompts = [...prompts, { name: `prompt_added_${generation}`, description: `Added in generation ${generation}.` }];
    } else tools = mutateTools(tools, generation);
    for (let count = 0; count < burst; count += 1) {
      await server.notification({ method: `notifications/${list}/list_changed` }, relatedRequestId === undefined ? undefined : { relatedRequestId });
    }
  }

  server.setRequestHandler(ListToolsRequestSchema, async (request, extra) => {
    if (announceOnList && request.params?.cursor === undefined)
      await server.notification({ method: 'notifications/tools/list_changed' }, { relatedRequestId: extra.requestId });
    return pageOf(tools, 'tools', request.params?.cursor);
  });
  server.setRequestHandler(ListResourcesRequestSchema, (request) => pageOf(resources, 'resources', request.params?.cursor));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, (request) =>
    pageOf(templates, 'resourceTemplates', request.params?.cursor),
  );
  server.setRequestHandler(ListPromptsRequestSchema, (request) => pageOf(prompts, 'prompts', request.params?.cursor));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const args = request.params.arguments ?? {};
    if (request.params.name === 'trigger_list_changed') {
      const list = ['resources', 'prompts'].includes(args.list) ? args.list : 'tools';
      await change(typeof args.burst === 'number' ? args.burst : defaultBurst, extra.requestId, list);
      return { content: [{ type: 'text', text: `generation ${generation}` }] };
    }
    if (request.params.name === 'echo') return { content: [{ type: 'text', text: String(args.text ?? '') }] };
    return { content: [{ type: 'text', text: `Unknown tool: ${request.params.name}` }], isError: true };
  });
  // --list-changed-every: one change at a time, armed by a complete read of the tool list, so a client slowed
  // down (a busy machine) never sees two changes folded into one re-walk.
  let changeTimer;
  let closed = false;
  function armChange() {
    if (listChangedEvery <= 0 || changeTimer !== undefined || closed) return;
    changeTimer = setTimeout(() => {
      changeTimer = undefined;
      change(defaultBurst).catch(() => {});
    }, listChangedEvery);
  }
  server.onclose = () => {
    closed = true;
    clearTimeout(changeTimer);
  };
  return server;
}

async function serveStdio() {
  await createMcpServer().connect(new StdioServerTransport());
}

async function serveHttp() {
  const streamable = new Map();
  const legacy = new Map();
  const http = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const fail = (status, message) => {
      response.writeHead(status, { 'content-type': 'text/plain' }).end(message);
    };
    const handle = async () => {
      if (url.pathname === '/mcp') {
        const sessionId = request.headers['mcp-session-id'];
        if (typeof sessionId === 'string') {
          const transport = streamable.get(sessionId);
          if (!transport) return fail(404, 'Unknown session');
          return transport.handleRequest(request, response);
        }
        if (request.method !== 'POST') return fail(400, 'Mcp-Session-Id header required');
        const transport = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (id) => streamable.set(id, transport),
        });
        transport.onclose = () => {
          if (transport.sessionId) streamable.delete(transport.sessionId);
        };
        await createMcpServer().connect(transport);
        return transport.handleRequest(request, response);
      }
      if (url.pathname === '/sse') {
        if (request.method !== 'GET') return fail(405, 'Method Not Allowed');
        const transport = new SSEServerTransport('/messages', response);
        legacy.set(transport.sessionId, transport);
        response.on('close', () => legacy.delete(transport.sessionId));
        return createMcpServer().connect(transport);
      }
      if (url.pathname === '/messages' && request.method === 'POST') {
        const transport = legacy.get(url.searchParams.get('sessionId') ?? '');
        if (!transport) return fail(404, 'Unknown session');
        return transport.handlePostMessage(request, response);
      }
      return fail(404, 'Not Found');
    };
    handle().catch((error) => {
      process.stderr.write(`paginating server: ${error instanceof Error ? error.message : String(error)}\n`);
      if (!response.headersSent) fail(500, 'Internal Server Error');
    });
  });
  const port = numberFlag(flags, 'port', 0);
  await new Promise((resolve) => http.listen(port, '127.0.0.1', resolve));
  const address = http.address();
  process.stdout.write(`http://127.0.0.1:${address.port}/${transportName === 'sse' ? 'sse' : 'mcp'}\n`);
  const stop = () => {
    http.close();
    http.closeAllConnections();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (transportName === 'stdio') await serveStdio();
else if (transportName === 'http' || transportName === 'sse') await serveHttp();
else {
  process.stderr.write(`paginating server: unknown --transport ${transportName} (stdio, http or sse)\n`);
  process.exit(2);
}
