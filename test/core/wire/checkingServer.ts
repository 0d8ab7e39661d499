/**
 * A Streamable HTTP MCP server on 127.0.0.1 (the SDK's server transport) that checks what the client sends:
 * custom headers on every request, MCP-Protocol-Version after initialize (400 without it), Mcp-Session-Id
 * (the SDK transport itself answers 400/404 without a valid one). It keeps every request's headers, and
 * has a tool that closes its SSE stream mid-call so the client must resume with Last-Event-ID.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server as McpServer } from '@modelcontextprotocol/sdk/server/index.js';
import {
  StreamableHTTPServerTransport,
  type EventStore,
} from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js';

export interface SeenRequest {
  method: string;
  rpcMethod?: string;
  headers: Record<string, string | undefined>;
}

export interface CheckingServer {
  url: string;
  seen: SeenRequest[];
  /** Forgets every session, as a restarted server would: later requests get 404. */
  forgetSessions(): void;
  stop(): Promise<void>;
}

export interface CheckingOptions {
  requiredHeaders: Record<string, string>;
  enableJsonResponse?: boolean;
}

class MemoryEventStore implements EventStore {
  private readonly events: { id: string; streamId: string; message: JSONRPCMessage }[] = [];
  storeEvent(streamId: string, message: JSONRPCMessage): Promise<string> {
    const id = `${streamId}::${this.events.length}`;
    this.events.push({ id, streamId, message });
    return Promise.resolve(id);
  }
  async replayEventsAfter(
    lastEventId: string,
    { send }: { send: (id: string, message: JSONRPCMessage) => Promise<void> },
  ): Promise<string> {
    const index = this.events.findIndex((event) => event.id === lastEventId);
    const streamId = index === -1 ? '' : this.events[index].streamId;
    for (const event of this.events.slice(index + 1))
      if (event.streamId === streamId) await send(event.id, event.message);
    return streamId;
  }
}

function buildServer(): McpServer {
  const server = new McpServer(
    { name: 'checking-server', version: '1.0.0' },
    { capabilities: { tools: {} } },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [
      { name: 'echo', inputSchema: { type: 'object', properties: { message: { type: 'string' } } } },
      { name: 'resumable', inputSchema: { type: 'object' } },
    ],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    if (request.params.name === 'resumable') {
      extra.closeSSEStream?.();
      await new Promise((resolve) => setTimeout(resolve, 150));
      return { content: [{ type: 'text', text: 'finished after the stream was closed' }] };
    }
    return { content: [{ type: 'text', text: `Echo: ${String(request.params.arguments?.message)}` }] };
  });
  return server;
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as unknown) : undefined;
}

export async function startCheckingServer(options: CheckingOptions): Promise<CheckingServer> {
  const seen: SeenRequest[] = [];
  const transports = new Map<string, StreamableHTTPServerTransport>();
  const http: Server = createServer((request, response) => {
    void (async () => {
      const body = request.method === 'POST' ? await readBody(request) : undefined;
      const rpcMethod =
        typeof body === 'object' && body !== null && 'method' in body && typeof body.method === 'string'
          ? body.method
          : undefined;
      const headers: Record<string, string | undefined> = {};
      for (const name of [
        'authorization',
        'x-tenant',
        'mcp-protocol-version',
        'mcp-session-id',
        'last-event-id',
      ]) {
        const value = request.headers[name];
        headers[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      seen.push({ method: request.method ?? '', rpcMethod, headers });
      for (const [name, value] of Object.entries(options.requiredHeaders)) {
        if (headers[name] !== value) {
          response.writeHead(401, { 'content-type': 'text/plain' }).end(`missing or wrong ${name}`);
          return;
        }
      }
      if (rpcMethod !== 'initialize' && !headers['mcp-protocol-version']) {
        response
          .writeHead(400, { 'content-type': 'text/plain' })
          .end('MCP-Protocol-Version header required after initialize');
        return;
      }
      const sessionId = headers['mcp-session-id'];
      let transport = sessionId ? transports.get(sessionId) : undefined;
      if (!transport && rpcMethod === 'initialize') {
        const created = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          eventStore: new MemoryEventStore(),
          retryInterval: 50,
          enableJsonResponse: options.enableJsonResponse ?? false,
          onsessioninitialized: (id) => void transports.set(id, created),
        });
        await buildServer().connect(created);
        transport = created;
      }
      if (!transport) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('unknown session');
        return;
      }
      await transport.handleRequest(request, response, body);
    })().catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    seen,
    forgetSessions: () => transports.clear(),
    stop: async () => {
      await Promise.all([...transports.values()].map((transport) => transport.close()));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
