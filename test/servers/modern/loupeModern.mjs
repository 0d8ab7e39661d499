#!/usr/bin/env node
// A 2026-07-28 MCP server built on the v2 SDK (@modelcontextprotocol/server 2.4.0), for Loupe's modern-era tests.
//
//   node test/servers/modern/loupeModern.mjs [flags]
//
//   --transport stdio|http   default stdio. http listens on 127.0.0.1 (--port, default 0) and prints the endpoint
//                            URL (http://127.0.0.1:PORT/mcp) as the FIRST stdout line.
//   --era strict|dual        strict (default): `legacy: 'reject'` (initialize gets -32022 / HTTP 400);
//                            dual: both eras are served (the SDK's default).
//   --tools N                numbered tools tool_001… besides the control tools (default 5)
//   --page-size K            tools/list page size (default: all on one page); cursors are "page-<n>"
//
// Control tools (listed first): echo { text, region? (x-mcp-header Region) }, confirm (asks for input with a form
// elicitation, then answers with what was accepted), add_tool (adds tool_added_<n> and publishes
// notifications/tools/list_changed to every subscriptions/listen stream), bad_header { x (x-mcp-header "Bad Name") }.
import { createServer } from 'node:http';
import { Server, createMcpHandler, inputRequired } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

const flags = new Map();
const argv = process.argv.slice(2);
for (let index = 0; index < argv.length; index += 1) {
  if (argv[index].startsWith('--')) flags.set(argv[index].slice(2), argv[index + 1] ?? '');
}
const transport = flags.get('transport') ?? 'stdio';
const era = flags.get('era') ?? 'strict';
const toolCount = Number(flags.get('tools') ?? 5);
const pageSize = flags.has('page-size') ? Number(flags.get('page-size')) : undefined;

/** Changes to the tool list, shared by every per-request server instance. */
let added = 0;
const changeListeners = new Set();

function allTools() {
  const tools = [
    {
      name: 'echo',
      description: 'Echoes text back',
      inputSchema: {
        type: 'object',
        properties: {
          text: { type: 'string' },
          region: { type: 'string', 'x-mcp-header': 'Region' },
        },
        required: ['text'],
      },
    },
    {
      name: 'confirm',
      description: 'Asks for confirmation through an input-required result',
      inputSchema: { type: 'object', properties: {} },
    },
    {
      name: 'add_tool',
      description: 'Adds a tool and announces the change',
      inputSchema: { type: 'object' },
    },
    {
      name: 'bad_header',
      description: 'Declares an invalid x-mcp-header',
      inputSchema: { type: 'object', properties: { x: { type: 'string', 'x-mcp-header': 'Bad Name' } } },
    },
  ];
  for (let index = 1; index <= toolCount; index += 1) {
    tools.push({ name: `tool_${String(index).padStart(3, '0')}`, inputSchema: { type: 'object' } });
  }
  for (let index = 1; index <= added; index += 1) {
    tools.push({ name: `tool_added_${index}`, inputSchema: { type: 'object' } });
  }
  return tools;
}

function text(value) {
  return { content: [{ type: 'text', text: value }] };
}

function factory() {
  const server = new Server(
    { name: 'loupe-modern-test', version: '1.0.0' },
    { capabilities: { tools: { listChanged: true } }, instructions: 'A modern test server.' },
  );
  server.setRequestHandler('tools/list', async (request) => {
    const tools = allTools();
    if (pageSize === undefined) return { tools };
    const cursor = request.params?.cursor;
    const page = cursor === undefined ? 0 : Number(String(cursor).replace('page-', ''));
    const slice = tools.slice(page * pageSize, (page + 1) * pageSize);
    const result = { tools: slice };
    if ((page + 1) * pageSize < tools.length) result.nextCursor = `page-${page + 1}`;
    return result;
  });
  server.setRequestHandler('tools/call', async (request, context) => {
    const { name } = request.params;
    const args = request.params.arguments ?? {};
    if (name === 'echo') return text(`${args.text}${args.region ? ` @ ${args.region}` : ''}`);
    if (name === 'add_tool') {
      added += 1;
      for (const listener of changeListeners) listener();
      return text(`added tool_added_${added}`);
    }
    if (name === 'confirm') {
      const responses = context?.mcpReq?.inputResponses ?? request.params.inputResponses;
      const answer = responses?.confirm;
      if (!answer) {
        return inputRequired({
          inputRequests: {
            confirm: inputRequired.elicit({
              message: 'Proceed?',
              requestedSchema: {
                type: 'object',
                properties: {
                  proceed: { type: 'boolean', default: true },
                  note: { type: 'string', default: 'from defaults' },
                },
              },
            }),
          },
          requestState: 'state-round-1',
        });
      }
      return text(
        `answer ${answer.action} ${JSON.stringify(answer.content ?? null)} state ${context?.mcpReq?.requestState?.() ?? request.params.requestState}`,
      );
    }
    return text(`called ${name}`);
  });
  if (transport === 'stdio') {
    // serveStdio pins one instance per connection: it routes the change to the open subscriptions/listen.
    changeListeners.add(() => void server.sendToolListChanged().catch(() => undefined));
  }
  return server;
}

const legacy = era === 'strict' ? 'reject' : undefined;

if (transport === 'stdio') {
  serveStdio(factory, legacy ? { legacy } : {});
} else {
  const handler = createMcpHandler(factory, legacy ? { legacy } : {});
  changeListeners.add(() => handler.notify.toolsChanged());
  const httpServer = createServer(async (request, response) => {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    const headers = new globalThis.Headers();
    for (const [key, value] of Object.entries(request.headers)) {
      if (typeof value === 'string') headers.set(key, value);
      else if (Array.isArray(value)) headers.set(key, value.join(', '));
    }
    const controller = new globalThis.AbortController();
    response.on('close', () => controller.abort());
    const webRequest = new globalThis.Request(`http://127.0.0.1${request.url}`, {
      method: request.method,
      headers,
      body: ['GET', 'HEAD'].includes(request.method ?? 'GET') ? undefined : body,
      signal: controller.signal,
    });
    const answer = await handler.fetch(webRequest);
    response.writeHead(answer.status, Object.fromEntries(answer.headers.entries()));
    if (!answer.body) return response.end();
    const reader = answer.body.getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        response.write(value);
      }
    } catch {
      // the client went away
    }
    response.end();
  });
  httpServer.listen(Number(flags.get('port') ?? 0), '127.0.0.1', () => {
    const address = httpServer.address();
    process.stdout.write(`http://127.0.0.1:${address.port}/mcp\n`);
  });
  process.on('SIGTERM', () => process.exit(0));
}
