/**
 * A replay over HTTP on loopback: Streamable HTTP at /mcp (a POST's answer as JSON, or as an event stream when the
 * server sent more while it was pending; a GET stream for what followed), and legacy SSE at /sse with its
 * /message endpoint when the recording came over SSE. Each handshake starts a fresh replay of the recording.
 * Only requests for the replay's own address, with no Origin or its own, are served (loopbackDoor.ts): a web page
 * under a rebound name or from another site gets a 403, as from the server it stands for.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { isJsonObject } from '../../shared/json.js';
import { answerRefusal, requestDoor } from '../tap/loopbackDoor.js';
import type { RecordingIndex } from './recordingIndex.js';
import { handshakeMethods } from './requestKey.js';
import { ReplaySession, type Emit, type ReplayOptions } from './replaySession.js';

export interface HttpReplay {
  /** The endpoint a client connects to: …/mcp, or …/sse for a recording made over legacy SSE. */
  url: string;
  streamableUrl: string;
  sseUrl?: string;
  close(): Promise<void>;
}

const maxBody = 64 * 1024 * 1024;
const maxQueued = 10_000;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBody) request.destroy(new Error('request body too large'));
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

const event = (raw: string): string => `event: message\ndata: ${raw}\n\n`;

class StreamableEndpoint {
  private session: ReplaySession;
  private stream: ServerResponse | undefined;
  private queued: string[] = [];

  constructor(
    private readonly index: RecordingIndex,
    private readonly options: ReplayOptions,
  ) {
    this.session = this.fresh();
  }

  private fresh(): ReplaySession {
    return new ReplaySession(this.index, this.options, (raw) => this.standalone(raw));
  }

  private standalone(raw: string): void {
    if (this.stream && !this.stream.writableEnded) this.stream.write(event(raw));
    else if (this.queued.length < maxQueued) this.queued.push(raw);
  }

  private headers(): Record<string, string> {
    return this.index.sessionId === undefined ? {} : { 'mcp-session-id': this.index.sessionId };
  }

  async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method === 'GET') {
      if (this.index.era === 'modern') {
        response.writeHead(405, { allow: 'POST' }).end();
        return;
      }
      this.stream?.end();
      response.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        ...this.headers(),
      });
      response.flushHeaders();
      this.stream = response;
      response.on('close', () => {
        if (this.stream === response) this.stream = undefined;
      });
      for (const raw of this.queued.splice(0)) response.write(event(raw));
      return;
    }
    if (request.method === 'DELETE') {
      this.session.close();
      response.writeHead(200, this.headers()).end();
      return;
    }
    if (request.method !== 'POST') {
      response.writeHead(405, { allow: 'GET, POST, DELETE' }).end();
      return;
    }
    const body = await readBody(request);
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      response
        .writeHead(400, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }));
      return;
    }
    const messages = (Array.isArray(parsed) ? parsed : [parsed]).filter(isJsonObject);
    const requests = messages.filter(
      (message) => typeof message.method === 'string' && message.id !== undefined,
    );
    if (
      requests.some(
        (message) =>
          typeof message.method === 'string' &&
          (handshakeMethods as readonly string[]).includes(message.method),
      )
    ) {
      this.session.close();
      this.session = this.fresh();
      this.queued = [];
    }
    const session = this.session;
    if (requests.length === 0) {
      response.writeHead(202, this.headers()).end();
      for (const message of messages) await session.receive(message, (raw) => this.standalone(raw));
      return;
    }
    const first = requests[0];
    const plan = first && messages.length === 1 ? session.httpAnswer(first) : { stream: true, status: 200 };
    if (first && !plan.stream) {
      const answers: string[] = [];
      await session.receive(first, (raw) => answers.push(raw));
      response
        .writeHead(plan.status, { 'content-type': 'application/json', ...this.headers() })
        .end(answers.join('\n'));
      return;
    }
    response.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      ...this.headers(),
    });
    const emit: Emit = (raw) => response.write(event(raw));
    await Promise.all(messages.map((message) => session.receive(message, emit)));
    response.end();
  }

  close(): void {
    this.session.close();
    this.stream?.end();
  }
}

class SseEndpoint {
  private readonly sessions = new Map<string, { session: ReplaySession; emit: Emit }>();

  constructor(
    private readonly index: RecordingIndex,
    private readonly options: ReplayOptions,
    private readonly messagePath: string,
  ) {}

  open(response: ServerResponse): void {
    const id = randomUUID();
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    response.write(`event: endpoint\ndata: ${this.messagePath}?sessionId=${id}\n\n`);
    const emit: Emit = (raw) => response.write(event(raw));
    this.sessions.set(id, { session: new ReplaySession(this.index, this.options, emit), emit });
    response.on('close', () => {
      this.sessions.get(id)?.session.close();
      this.sessions.delete(id);
    });
  }

  async post(request: IncomingMessage, response: ServerResponse, sessionId: string | null): Promise<void> {
    const entry = sessionId === null ? undefined : this.sessions.get(sessionId);
    if (!entry) {
      response.writeHead(404).end('Unknown session');
      return;
    }
    const body = await readBody(request);
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      response.writeHead(400).end('Invalid JSON');
      return;
    }
    response.writeHead(202).end('Accepted');
    for (const message of (Array.isArray(parsed) ? parsed : [parsed]).filter(isJsonObject))
      void entry.session.receive(message, entry.emit);
  }

  close(): void {
    for (const { session } of this.sessions.values()) session.close();
  }
}

/** The recorded URL's path, when it is one (a replay serves at the path the client was configured with). */
function recordedPath(url: string | undefined, fallback: string): string {
  if (url === undefined) return fallback;
  try {
    const path = new URL(url).pathname;
    return path === '/' ? fallback : path;
  } catch {
    return fallback;
  }
}

export async function serveHttp(
  index: RecordingIndex,
  options: ReplayOptions,
  settings: { port?: number; recordedUrl?: string } = {},
): Promise<HttpReplay> {
  const overSse = index.transport === 'sse';
  const mcpPath = overSse ? '/mcp' : recordedPath(settings.recordedUrl, '/mcp');
  const ssePath = overSse ? recordedPath(settings.recordedUrl, '/sse') : '/sse';
  const streamable = new StreamableEndpoint(index, options);
  const sse = overSse ? new SseEndpoint(index, options, '/message') : undefined;
  let port = 0;
  const server: Server = createServer((request, response) => {
    const verdict = requestDoor(request, port, 'loupe replay');
    if (!verdict.allowed) {
      answerRefusal(request, response, verdict.reason);
      return;
    }
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const done = (error: unknown): void => {
      if (!response.headersSent)
        response.writeHead(500).end(error instanceof Error ? error.message : String(error));
      else response.end();
    };
    if (url.pathname === mcpPath) streamable.handle(request, response).catch(done);
    else if (sse && url.pathname === ssePath && request.method === 'GET') sse.open(response);
    else if (sse && url.pathname === '/message' && request.method === 'POST')
      sse.post(request, response, url.searchParams.get('sessionId')).catch(done);
    else response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  });
  server.listen(settings.port ?? 0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  ({ port } = server.address() as AddressInfo);
  const base = `http://127.0.0.1:${port}`;
  return {
    url: `${base}${overSse ? ssePath : mcpPath}`,
    streamableUrl: `${base}${mcpPath}`,
    ...(sse ? { sseUrl: `${base}${ssePath}` } : {}),
    close: async () => {
      streamable.close();
      sse?.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
