/**
 * The stdio bridge: a loopback Streamable HTTP endpoint in front of a stdio server, so the conformance suite
 * (which judges servers over HTTP) can judge it. Each session the suite initializes gets its own child process of
 * the server (a stdio server serves one client), closed with the session. The HTTP side is the SDK's
 * StreamableHTTPServerTransport with DNS-rebinding protection on (a loopback server must have it): so the
 * transport-level checks (session lifecycle, Host validation, SSE streams) judge the bridge, not the server, and the
 * report says so. It serves the 2025-11-25 era (initialize and sessions); the 2026-07-28 era, stateless, goes through
 * the pass-through of modernStdioBridge.ts instead.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { StdioTarget } from '../../shared/target.js';
import { childEnvironment } from '../wire/environment.js';
import { listenLoopback } from './loopbackServer.js';

export interface StdioBridge {
  url: string;
  /** Lines the children wrote on stderr (the last 200). */
  stderr: string[];
  close(): Promise<void>;
}

export const bridgeNote =
  "a stdio server is judged through Loupe's loopback Streamable HTTP bridge: the HTTP-level checks (sessions, Host validation, SSE streams) judge the bridge";

interface BridgedSession {
  http: StreamableHTTPServerTransport;
  child: StdioClientTransport;
}

function isRequest(message: JSONRPCMessage): message is JSONRPCMessage & { id: string | number; method: string } {
  return 'method' in message && 'id' in message;
}

export async function startStdioBridge(target: StdioTarget): Promise<StdioBridge> {
  const sessions = new Map<string, BridgedSession>();
  const stderr: string[] = [];
  let port = 0;

  const open = async (): Promise<BridgedSession> => {
    const child = new StdioClientTransport({
      command: target.command,
      args: target.args,
      env: childEnvironment(target.env),
      stderr: 'pipe',
      ...(target.cwd ? { cwd: target.cwd } : {}),
    });
    const http = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      enableDnsRebindingProtection: true,
      allowedHosts: [`127.0.0.1:${port}`, `localhost:${port}`],
      allowedOrigins: [`http://127.0.0.1:${port}`, `http://localhost:${port}`],
      onsessioninitialized: (id) => void sessions.set(id, { http, child }),
      onsessionclosed: (id) => {
        sessions.delete(id);
        void child.close();
      },
    });
    // The client's requests still open, newest last: what the server sends meanwhile goes on the newest one's stream.
    const open: (string | number)[] = [];
    http.onmessage = (message) => {
      if (isRequest(message)) open.push(message.id);
      void child.send(message).catch(() => undefined);
    };
    child.onmessage = (message) => {
      if (!('method' in message) && 'id' in message) {
        const at = open.indexOf(message.id as string | number);
        if (at !== -1) open.splice(at, 1);
        void http.send(message).catch(() => undefined);
        return;
      }
      const related = open[open.length - 1];
      void http.send(message, related === undefined ? {} : { relatedRequestId: related }).catch(() => undefined);
    };
    child.onclose = () => void http.close();
    await child.start();
    child.stderr?.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) if (line) stderr.push(line);
      if (stderr.length > 200) stderr.splice(0, stderr.length - 200);
    });
    return { http, child };
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const sessionId = request.headers['mcp-session-id'];
    const existing = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
    if (existing) {
      await existing.http.handleRequest(request, response);
      return;
    }
    if (typeof sessionId === 'string' || request.method !== 'POST') {
      const known = typeof sessionId === 'string';
      response.writeHead(known ? 404 : 400, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          jsonrpc: '2.0',
          id: null,
          error: { code: known ? -32001 : -32000, message: known ? 'Session not found' : 'Bad Request: no session' },
        }),
      );
      return;
    }
    // A request with no session: the transport answers it (an initialize starts a session, anything else is refused).
    const fresh = await open();
    await fresh.http.handleRequest(request, response);
    if (fresh.http.sessionId === undefined) await Promise.all([fresh.http.close(), fresh.child.close()]);
  };

  const server = await listenLoopback(handle);
  port = server.port;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    stderr,
    close: async () => {
      await Promise.all([...sessions.values()].map(({ http, child }) => Promise.all([http.close(), child.close()])));
      sessions.clear();
      await server.close();
    },
  };
}
