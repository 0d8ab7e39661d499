/**
 * Loupe's MCP server over Streamable HTTP, on loopback only, both eras on one endpoint.
 *
 * The door, before anything is read: a Host naming this listener and no Origin or our own (loopbackDoor.ts, as the
 * HTTP tap and the replay check it: 403 otherwise), then this run's credential — a random token made at start, given
 * as `Authorization: Bearer <token>` or as the endpoint's last path segment (`/mcp/<token>`, for clients that take
 * only a URL) — 401 otherwise. The token dies with the run.
 *
 * Behind the door: a POST whose body names 2026-07-28 in `_meta` is answered on its own (its MCP-Protocol-Version,
 * Mcp-Method and Mcp-Name headers checked against the body: 400 and -32020 when they differ); everything else is the
 * 2025-11-25 transport of the SDK 1.x (sessions, SSE streams, elicitation on the request's own stream), one SDK
 * server per session. GET and DELETE without a session are 405: the 2026-07-28 endpoint has neither.
 */
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isJsonObject, type JsonObject } from '../../../shared/json.js';
import { modernProtocolVersion } from '../../session/modernEnvelope.js';
import { checkDoor, headerValues } from '../../tap/loopbackDoor.js';
import type { AgentMethods } from './agentRequest.js';
import { legacyServer } from './legacyServer.js';
import { answerModern, envelopeProblem, isModern, requestedVersion } from './modernDispatch.js';
import type { RequestStates } from './requestStates.js';
import { asFailure, errorMessage, readMessage, resultMessage, RpcFailure, rpcCodes } from './rpc.js';

export interface ServedHttp {
  /** The endpoint with the credential in its path: http://127.0.0.1:<port>/mcp/<token>. */
  url: string;
  /** The endpoint without it, for clients that send `Authorization: Bearer <token>`. */
  endpoint: string;
  token: string;
  port: number;
  close(): Promise<void>;
}

const maxBodyBytes = 16 * 1024 * 1024;
const maxLegacySessions = 64;
const listener = "Loupe's MCP server";

interface LegacySession {
  transport: StreamableHTTPServerTransport;
  server: Server;
}

function sendJson(
  response: ServerResponse,
  status: number,
  body: JsonObject,
  extra: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...extra,
  });
  response.end(text);
}

function refuse(response: ServerResponse, status: number, code: number, message: string): void {
  sendJson(response, status, errorMessage(undefined, new RpcFailure(code, message)));
}

function sameToken(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function readBody(request: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBodyBytes) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** A header value as the 2026-07-28 binding encodes it: plain, or `=?base64?…?=`. */
function decodedHeader(value: string): string {
  const sentinel = /^=\?base64\?(.*)\?=$/s.exec(value);
  return sentinel ? Buffer.from(sentinel[1] ?? '', 'base64').toString('utf8') : value;
}

/** The standard headers of a modern POST against its body; the first mismatch, named. */
function headerMismatch(request: IncomingMessage, method: string, params: JsonObject): string | undefined {
  const one = (name: string): string | undefined => {
    const values = headerValues(request.rawHeaders, name);
    return values.length === 1 ? values[0] : undefined;
  };
  const version = one('mcp-protocol-version');
  const named = requestedVersion(params);
  if (version === undefined) return 'the MCP-Protocol-Version header is missing';
  if (version !== named)
    return `the MCP-Protocol-Version header "${version}" is not the body's _meta protocol version ${JSON.stringify(named ?? null)}`;
  const methodHeader = one('mcp-method');
  if (methodHeader === undefined) return 'the Mcp-Method header is missing';
  if (methodHeader !== method)
    return `the Mcp-Method header "${methodHeader}" is not the body's method "${method}"`;
  const nameField = method === 'resources/read' ? 'uri' : 'name';
  if (method === 'tools/call' || method === 'prompts/get' || method === 'resources/read') {
    const header = one('mcp-name');
    if (header === undefined) return 'the Mcp-Name header is missing';
    const body = params[nameField];
    if (decodedHeader(header) !== body)
      return `the Mcp-Name header does not match the body's ${nameField} ${JSON.stringify(body ?? null)}`;
  }
  return undefined;
}

export async function serveHttp(
  core: AgentMethods,
  states: RequestStates,
  options: { port?: number } = {},
): Promise<ServedHttp> {
  const token = randomBytes(32).toString('base64url');
  const sessions = new Map<string, LegacySession>();
  let port = 0;

  const authorized = (request: IncomingMessage, pathname: string): boolean => {
    if (pathname === `/mcp/${token}`) return true;
    if (pathname !== '/mcp') return false;
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    return bearer !== undefined && sameToken(bearer, token);
  };

  const modern = async (
    request: IncomingMessage,
    response: ServerResponse,
    id: string | number,
    method: string,
    params: JsonObject,
  ): Promise<void> => {
    // A request without the envelope is invalid params, whatever its headers say (the suite's server-stateless).
    const problem = envelopeProblem(params);
    if (problem) {
      sendJson(response, 400, errorMessage(id, problem));
      return;
    }
    const mismatch = headerMismatch(request, method, params);
    if (mismatch) {
      sendJson(
        response,
        400,
        errorMessage(id, new RpcFailure(rpcCodes.headerMismatch, `Header mismatch: ${mismatch}`)),
      );
      return;
    }
    const controller = new AbortController();
    // Closing the response stream cancels the request (2026-07-28).
    response.on('close', () => {
      if (!response.writableFinished) controller.abort('the client closed the request');
    });
    try {
      sendJson(
        response,
        200,
        resultMessage(id, await answerModern({ id, method, params }, core, states, controller.signal)),
      );
    } catch (error) {
      const failure = asFailure(error);
      if (!response.destroyed) sendJson(response, failure.httpStatus ?? 200, errorMessage(id, failure));
    }
  };

  const legacy = async (request: IncomingMessage, response: ServerResponse, body: unknown): Promise<void> => {
    const sessionId = headerValues(request.rawHeaders, 'mcp-session-id')[0];
    if (sessionId !== undefined) {
      const session = sessions.get(sessionId);
      if (!session) {
        refuse(
          response,
          404,
          -32001,
          'Session not found: it ended, or this server restarted since (send initialize again).',
        );
        return;
      }
      await session.transport.handleRequest(request, response, body);
      return;
    }
    const message = readMessage(body);
    if (message.type !== 'request' || message.request.method !== 'initialize') {
      refuse(
        response,
        400,
        rpcCodes.invalidRequest,
        "Bad Request: no Mcp-Session-Id. Open a 2025-11-25 session with initialize, or name protocol version 2026-07-28 in the request's _meta.",
      );
      return;
    }
    if (sessions.size >= maxLegacySessions) {
      refuse(
        response,
        503,
        rpcCodes.internalError,
        `This server holds ${maxLegacySessions} sessions already: end one (DELETE) first.`,
      );
      return;
    }
    const server = legacyServer(core);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, server });
      },
      onsessionclosed: (id) => {
        sessions.delete(id);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    await transport.handleRequest(request, response, body);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const verdict = checkDoor(
      headerValues(request.rawHeaders, 'host'),
      headerValues(request.rawHeaders, 'origin'),
      port,
      listener,
    );
    if (!verdict.allowed) {
      refuse(response, 403, rpcCodes.invalidRequest, verdict.reason);
      return;
    }
    const pathname = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    if (pathname !== '/mcp' && !pathname.startsWith('/mcp/')) {
      response
        .writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
        .end('Not found: the MCP endpoint is /mcp.\n');
      return;
    }
    if (!authorized(request, pathname)) {
      refuse(
        response,
        401,
        rpcCodes.invalidRequest,
        'Unauthorized: this run of `loupe mcp` wants its credential (Authorization: Bearer <token>, or the URL it printed, /mcp/<token>).',
      );
      return;
    }
    if (request.method === 'GET' || request.method === 'DELETE') {
      const sessionId = headerValues(request.rawHeaders, 'mcp-session-id')[0];
      const session = sessionId === undefined ? undefined : sessions.get(sessionId);
      if (session) await session.transport.handleRequest(request, response);
      else if (sessionId !== undefined) refuse(response, 404, -32001, 'Session not found.');
      else response.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    if (request.method !== 'POST') {
      response.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    const bytes = await readBody(request);
    if (bytes === undefined) {
      refuse(response, 413, rpcCodes.invalidRequest, `The body is larger than ${maxBodyBytes} bytes.`);
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(bytes.toString('utf8'));
    } catch {
      refuse(response, 400, rpcCodes.parseError, 'Parse error: the body is not JSON.');
      return;
    }
    const message = readMessage(body);
    const versionHeader = headerValues(request.rawHeaders, 'mcp-protocol-version')[0];
    if (message.type === 'request' && isModern(message.request.method, message.request.params)) {
      const { id, method, params } = message.request;
      await modern(request, response, id, method, params);
      return;
    }
    if (versionHeader === modernProtocolVersion && message.type === 'request') {
      // The header names 2026-07-28 and the body carries no envelope: invalid params, as the revision says.
      const { id, method, params } = message.request;
      await modern(request, response, id, method, params);
      return;
    }
    if (versionHeader === modernProtocolVersion && message.type !== 'response') {
      const id = undefined;
      sendJson(
        response,
        400,
        errorMessage(
          id,
          new RpcFailure(
            rpcCodes.headerMismatch,
            `Header mismatch: MCP-Protocol-Version says ${modernProtocolVersion} but the body's _meta names no protocol version.`,
          ),
        ),
      );
      return;
    }
    await legacy(request, response, isJsonObject(body) || Array.isArray(body) ? body : undefined);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) refuse(response, 500, rpcCodes.internalError, asFailure(error).message);
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  const endpoint = `http://127.0.0.1:${port}/mcp`;
  return {
    url: `${endpoint}/${token}`,
    endpoint,
    token,
    port,
    async close() {
      for (const session of sessions.values()) await session.server.close().catch(() => undefined);
      sessions.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
