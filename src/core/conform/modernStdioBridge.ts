/**
 * The stdio bridge for the 2026-07-28 era: a loopback HTTP endpoint that passes each POST body, unchanged, to one
 * child process of the stdio server as a line, and answers the POST with the child's response line of the same
 * JSON-RPC id, unchanged (application/json). The era is stateless (no initialize, no session), so there is nothing
 * to translate: the bridge reads a body only to learn its id. Notifications (no id) are written and answered 202.
 * What the child writes meanwhile (notifications, or a request of its own) goes with the newest open request: as
 * Server-Sent Events before the response when that request accepts text/event-stream, else it is dropped (as a
 * plain JSON answer has no room for it). Two open requests with the same id are written one after the other, so
 * the answer of each is its own. The bridge refuses a Host or Origin not its own (403), bodies that are not JSON
 * (400, -32700) and batches (400: the era has none); a GET or DELETE gets 405, the era has no session stream.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { StdioTarget } from '../../shared/target.js';
import { childEnvironment } from '../wire/environment.js';
import { listenLoopback } from './loopbackServer.js';
import type { StdioBridge } from './stdioBridge.js';

export const modernBridgeNote =
  "a stdio server is judged through Loupe's loopback HTTP pass-through (2026-07-28): each POST body goes to the server unchanged and its answer comes back unchanged, but the HTTP-level checks (status codes, headers, Host validation, SSE) judge the bridge";

interface Pending {
  id: string | number;
  response: ServerResponse;
  stream: boolean;
  /** Lines the child wrote while this request was the newest open one. */
  extra: string[];
}

const idKey = (id: string | number): string => `${typeof id}:${String(id)}`;

function jsonError(response: ServerResponse, status: number, code: number, message: string): void {
  response
    .writeHead(status, { 'content-type': 'application/json' })
    .end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } }));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startModernStdioBridge(target: StdioTarget): Promise<StdioBridge> {
  const stderr: string[] = [];
  const child = spawn(target.command, target.args, {
    env: childEnvironment(target.env),
    stdio: ['pipe', 'pipe', 'pipe'],
    ...(target.cwd ? { cwd: target.cwd } : {}),
  });
  let exited: string | undefined;
  const spawned = new Promise<void>((resolve, reject) => {
    child.once('spawn', () => resolve());
    child.once('error', (error) => reject(error));
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    for (const line of chunk.split('\n')) if (line) stderr.push(line);
    if (stderr.length > 200) stderr.splice(0, stderr.length - 200);
  });
  // Open requests in the order they were written; a second one with an id already open waits its turn.
  const open: Pending[] = [];
  const waiting = new Map<string, (() => void)[]>();

  const finish = (pending: Pending, line: string): void => {
    open.splice(open.indexOf(pending), 1);
    if (pending.stream) {
      for (const each of [...pending.extra, line])
        pending.response.write(`event: message\ndata: ${each}\n\n`);
      pending.response.end();
    } else pending.response.writeHead(200, { 'content-type': 'application/json' }).end(line);
    const next = waiting.get(idKey(pending.id))?.shift();
    next?.();
  };

  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line.trim() === '') return;
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      stderr.push(`(not JSON on stdout) ${line.slice(0, 200)}`);
      return;
    }
    const fields =
      typeof message === 'object' && message !== null && !Array.isArray(message)
        ? (message as Record<string, unknown>)
        : {};
    const id = fields.id;
    if (!('method' in fields) && (typeof id === 'string' || typeof id === 'number')) {
      const pending = open.find((each) => each.id === id);
      if (pending) finish(pending, line);
      return;
    }
    open.at(-1)?.extra.push(line);
  });
  child.once('exit', (code, signal) => {
    exited = `the stdio server exited (${signal ?? `code ${String(code)}`})`;
    for (const pending of open.splice(0)) jsonError(pending.response, 502, -32603, `loupe bridge: ${exited}`);
  });

  let port = 0;
  const own = (value: string | undefined, hosts: string[]): boolean =>
    value === undefined || hosts.includes(value);

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const hosts = [`127.0.0.1:${port}`, `localhost:${port}`];
    if (
      !own(request.headers.host, hosts) ||
      !own(
        request.headers.origin,
        hosts.map((host) => `http://${host}`),
      )
    ) {
      jsonError(response, 403, -32000, 'Forbidden: Host or Origin is not this bridge');
      return;
    }
    if (request.method !== 'POST') {
      response.writeHead(405, { allow: 'POST', 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Method not allowed' } }),
      );
      return;
    }
    const body = await readBody(request);
    let message: unknown;
    try {
      message = JSON.parse(body);
    } catch {
      jsonError(response, 400, -32700, 'Parse error');
      return;
    }
    if (Array.isArray(message) || typeof message !== 'object' || message === null) {
      jsonError(
        response,
        400,
        -32600,
        'Invalid Request: one JSON-RPC message per POST (2026-07-28 has no batches)',
      );
      return;
    }
    if (exited) {
      jsonError(response, 502, -32603, `loupe bridge: ${exited}`);
      return;
    }
    // A line is a message: a body with line breaks (JSON whitespace) is written compact, otherwise byte for byte.
    const line = /[\r\n]/.test(body) ? JSON.stringify(message) : body;
    const id = (message as Record<string, unknown>).id;
    if (!('method' in message) || (typeof id !== 'string' && typeof id !== 'number')) {
      child.stdin.write(`${line}\n`);
      response.writeHead(202).end();
      return;
    }
    const key = idKey(id);
    if (open.some((each) => idKey(each.id) === key)) {
      const queue = waiting.get(key) ?? [];
      waiting.set(key, queue);
      await new Promise<void>((resolve) => queue.push(resolve));
    }
    const accept = request.headers.accept ?? '';
    const pending: Pending = { id, response, stream: accept.includes('text/event-stream'), extra: [] };
    if (pending.stream)
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    open.push(pending);
    // The client gave up: its answer has nowhere to go (the child's, when it comes, is dropped).
    response.once('close', () => {
      if (open.includes(pending) && !response.writableEnded) {
        open.splice(open.indexOf(pending), 1);
        waiting.get(key)?.shift()?.();
      }
    });
    child.stdin.write(`${line}\n`);
  };

  await spawned;
  const server = await listenLoopback(handle);
  port = server.port;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    stderr,
    close: async () => {
      await server.close();
      if (child.exitCode === null && child.signalCode === null) {
        const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.stdin.end();
        child.kill('SIGTERM');
        await gone;
      }
    },
  };
}
