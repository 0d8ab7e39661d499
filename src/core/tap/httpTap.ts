/**
 * The HTTP tap: a reverse proxy on 127.0.0.1 in front of a Streamable HTTP or legacy SSE server (with faults, or to
 * https://; a plain tap of an http:// server passes bytes at the TCP level instead, httpPassThrough.ts). Every
 * request goes upstream with its method, path, query, headers (Mcp-Session-Id, MCP-Protocol-Version, Mcp-*,
 * Last-Event-ID, Authorization…) and body; every response comes back with its status, headers and body, streams as
 * they flow.
 * Requests paths are kept, so the tapped URL is the upstream's with the proxy's origin (a legacy `endpoint` event's
 * relative URL then points at the proxy too).
 *
 * Recorded like Loupe's own HTTP frames: each POSTed JSON-RPC message 'out', each JSON body or SSE event 'in', other
 * exchanges as 'http' facts. Only Mcp-* request headers are recorded, and the values of secret-looking headers are
 * redacted from the journal; what goes upstream is untouched.
 */
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import { request as httpsRequest } from 'node:https';
import { LoupeError } from '../../shared/errors.js';
import type { HttpInfo } from '../../shared/frames.js';
import type { FrameRecorder } from '../recorder/frameRecorder.js';
import { FaultMatcher, faultMark, type FaultRule } from './faultRules.js';
import { FrameCapture, frameLimit } from './frameCapture.js';
import { startPassThrough } from './httpPassThrough.js';
import { answerRefusal, ownHosts, requestDoor } from './loopbackDoor.js';
import {
  closeTap,
  listenLoopback,
  mcpHeaders,
  recordAnswer,
  recordRequest,
  secretLearner,
  sseRecording,
  tappedUrl,
  upstreamFailure,
} from './httpTapParts.js';
import { MessageSubjects } from './messageSubjects.js';
import { bodyMessages, readBody, sendRest, type ProxyBody } from './proxyBody.js';
import { QuietRecording, type Arrival } from './quietRecording.js';
import { StreamCutter } from './streamCutter.js';

export interface HttpTapOptions {
  upstream: URL;
  recorder: FrameRecorder;
  port?: number;
  faults?: readonly FaultRule[];
  /**
   * Pass on a Host header that does not name the proxy (conform: the suite's DNS-rebinding probe sends a foreign
   * Host, which must reach the server as sent, and the server's own check answers it). A Host (or Origin) naming the
   * proxy still becomes the upstream's. Without it the tap refuses a foreign Host or Origin itself (loopbackDoor.ts).
   */
  keepForeignHost?: boolean;
  /**
   * Record once the traffic is quiet (quietRecording.ts) instead of as each message passes: what `loupe tap` does,
   * so the recorder never slows the relay. Off for a caller that sorts frames by when they are recorded (conform).
   */
  recordWhenQuiet?: boolean;
  /**
   * The recording limit of one body or SSE event (default 64 MiB): a longer one passes whole and unchanged, and is
   * recorded as a marker with its size, digest and first bytes (frameCapture.ts).
   */
  maxFrameBytes?: number;
}

export interface HttpTap {
  /** The tapped endpoint: the upstream URL on the proxy's origin. */
  url: string;
  close(): Promise<void>;
}

const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'host',
  'content-length',
]);

export async function startHttpTap(options: HttpTapOptions): Promise<HttpTap> {
  const { upstream, recorder } = options;
  if (upstream.protocol !== 'http:' && upstream.protocol !== 'https:') {
    throw new LoupeError({
      kind: 'usage',
      message: `tap --url wants an http:// or https:// URL, got ${upstream.protocol}`,
    });
  }
  const matcher = new FaultMatcher(options.faults ?? []);
  const faulty = matcher.rules.length > 0;
  const limit = frameLimit(options.maxFrameBytes);
  // With nothing to change but Host, an http:// upstream is tapped at the TCP level (httpPassThrough.ts): the bytes
  // pass as they are, with no HTTP server and client rebuilding each message. Faults, https:// and conform's foreign
  // Host need the proxy.
  if (
    upstream.protocol === 'http:' &&
    !faulty &&
    options.recordWhenQuiet === true &&
    !options.keepForeignHost
  )
    return startPassThrough({
      upstream,
      recorder,
      maxFrameBytes: limit,
      ...(options.port === undefined ? {} : { port: options.port }),
    });
  // Recorded once the traffic is quiet (quietRecording.ts): the proxy relays first.
  const later = new QuietRecording(recorder, options.recordWhenQuiet !== true);
  const subjects = new MessageSubjects();
  const learn = secretLearner(recorder);
  const sockets = new Set<import('node:net').Socket>();

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (!options.keepForeignHost) {
      // A request for another name than ours, or from another site's page, never goes upstream.
      const verdict = requestDoor(request, ownPort, 'loupe tap');
      if (!verdict.allowed) {
        later.record('in', `403 ${verdict.reason}`, {
          kind: 'http',
          http: { method: request.method ?? 'GET', url: request.url ?? '/', status: 403 },
        });
        answerRefusal(request, response, verdict.reason);
        return;
      }
    }
    learn(Object.entries(request.headers));
    const method = request.method ?? 'GET';
    const path = request.url ?? '/';
    const body = await readBody(request, limit);
    const info: HttpInfo = { method, url: path };
    const sentHeaders = mcpHeaders(Object.entries(request.headers));
    if (Object.keys(sentHeaders).length > 0) info.requestHeaders = sentHeaders;
    let fired: FaultRule | undefined;
    // A body past the limit is not read whole: the rules do not see it, and it is recorded once it has passed.
    const whole = 'whole' in body ? body.whole : undefined;
    if (whole) {
      for (const text of faulty && whole.length > 0 ? bodyMessages(whole.toString('utf8')) : []) {
        const parsed = subjects.read('out', text);
        fired ??= matcher.match(parsed.subject);
        // The answer's subject: the request's method and tool, for rules written for direction 'in'.
        fired ??= matcher.match({ ...parsed.subject, direction: 'in' });
      }
      // A delay holds the request before it goes upstream (its answer comes that much later): marked on it.
      const held =
        fired?.action.kind === 'delay'
          ? faultMark(fired, `delayed ${fired.action.ms} ms: held before it went upstream`)
          : undefined;
      later.defer(
        (at) => recordRequest(recorder, info, { bytes: whole }, at, limit, held),
        undefined,
        whole.length,
      );
    }
    const action = fired?.action;
    if (fired && action) {
      if (action.kind === 'status') {
        const text = `Injected by loupe tap (fault rule ${fired.index})`;
        response.writeHead(action.status, { 'content-type': 'text/plain' }).end(text);
        later.record('in', `${action.status} ${text}`, {
          kind: 'http',
          http: { status: action.status, contentType: 'text/plain' },
          fault: faultMark(fired, `answered HTTP ${action.status} by the tap, not sent upstream`),
        });
        return;
      }
      if (action.kind === 'close') {
        later.record('in', 'connection closed', {
          kind: 'http',
          http: { method },
          fault: faultMark(fired, 'closed the connection, not sent upstream'),
        });
        request.socket.destroy();
        return;
      }
      if (action.kind === 'drop') {
        later.record('in', 'no answer', {
          kind: 'http',
          http: { method },
          fault: faultMark(fired, 'dropped: the request is never answered'),
        });
        return;
      }
      if (action.kind === 'error') {
        const parsed = subjects.read('out', whole?.toString('utf8') ?? '');
        const text = JSON.stringify({
          jsonrpc: '2.0',
          id: parsed.id ?? null,
          error: { code: action.code, message: `Injected by loupe tap (fault rule ${fired.index})` },
        });
        response.writeHead(200, { 'content-type': 'application/json' }).end(text);
        later.record('in', text, {
          http: { status: 200, contentType: 'application/json' },
          fault: faultMark(fired, `injected JSON-RPC error ${action.code}, not sent upstream`),
        });
        return;
      }
      if (action.kind === 'delay') await new Promise((resolve) => setTimeout(resolve, action.ms));
    }
    forward(request, response, body, info, fired);
  };

  const forward = (
    request: IncomingMessage,
    response: ServerResponse,
    body: ProxyBody,
    info: HttpInfo,
    fired: FaultRule | undefined,
  ): void => {
    const method = info.method ?? 'GET';
    const path = info.url ?? '/';
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(request.headers))
      if (!hopByHop.has(name) && value !== undefined) headers[name] = value;
    const sentHost = request.headers.host;
    headers.host =
      options.keepForeignHost && sentHost !== undefined && !namesProxy(sentHost) ? sentHost : upstream.host;
    // Likewise an Origin naming the proxy is the upstream's own origin to the server (a foreign one passes as sent
    // with keepForeignHost, and is refused before this without).
    const origin = request.headers.origin;
    if (typeof origin === 'string' && namesProxyOrigin(origin)) headers.origin = upstream.origin;
    if ('whole' in body) {
      if (body.whole.length > 0) headers['content-length'] = String(body.whole.length);
    } else if (request.headers['content-length'] !== undefined)
      headers['content-length'] = request.headers['content-length'];
    const send = upstream.protocol === 'https:' ? httpsRequest : httpRequest;
    const outgoing = send(new URL(path, upstream), { method, headers }, (answer) =>
      relay(answer, response, method, fired),
    );
    outgoing.on('error', (error) => {
      const text = upstreamFailure(upstream, error);
      later.record('in', text, { kind: 'http', http: { method, status: 502 } });
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
      response.end(text);
    });
    // The host went away before its answer was whole: the upstream's request goes too. (The response's close, not
    // the request's: a request closes once its body is read, which for a body past the limit is while it is sent.)
    response.on('close', () => {
      if (!response.writableFinished) outgoing.destroy();
    });
    if ('whole' in body) outgoing.end(body.whole);
    else
      sendRest(body, request, outgoing, (captured) =>
        later.defer((at) => recordRequest(recorder, info, captured, at, limit)),
      );
  };

  const relay = (
    answer: IncomingMessage,
    response: ServerResponse,
    method: string,
    fired: FaultRule | undefined,
  ): void => {
    const status = answer.statusCode ?? 502;
    const contentType = answer.headers['content-type'] ?? '';
    const http: HttpInfo = { method, status, ...(contentType ? { contentType } : {}) };
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(answer.headers))
      if (!hopByHop.has(name) && value !== undefined) headers[name] = value;
    if (
      answer.headers['content-length'] !== undefined &&
      fired?.action.kind !== 'truncate' &&
      fired?.action.kind !== 'corrupt'
    )
      headers['content-length'] = answer.headers['content-length'];
    response.writeHead(status, answer.statusMessage, headers);
    if (contentType.startsWith('text/event-stream')) {
      // A stream's head goes at once (the client learns it is a stream); a body's goes with its first bytes.
      response.flushHeaders();
      relayStream(answer, response, http, fired);
      return;
    }
    const alter =
      fired && (fired.action.kind === 'truncate' || fired.action.kind === 'corrupt') ? fired : undefined;
    if (alter) {
      relayAltered(answer, response, http, alter);
      return;
    }
    // The answer is timed by its last bytes relayed, before the host can have read them: a reader that stamps what it
    // got (the conformance suite's checks) never sees the answer later than its own stamp.
    let passed: Arrival | undefined;
    const capture = new FrameCapture(limit);
    answer.on('data', (chunk: Buffer) => {
      passed = later.now();
      relayChunk(answer, response, chunk);
      capture.push(chunk);
    });
    answer.on('end', () => {
      const at = passed ?? later.now();
      response.end();
      const body = capture.finish();
      later.defer(
        (when) => recordAnswer(recorder, http, answer.statusMessage ?? '', body, when, limit),
        at,
        'bytes' in body ? body.bytes.length : 0,
      );
    });
    answer.on('error', () => response.destroy());
  };

  /** A chunk of the answer to the host; the upstream waits while the host does not read. */
  const relayChunk = (answer: IncomingMessage, response: ServerResponse, chunk: Buffer): void => {
    if (response.write(chunk)) return;
    answer.pause();
    response.once('drain', () => answer.resume());
  };

  /** A truncate or corrupt rule fired: the body is changed as a whole, so it is held whole. */
  const relayAltered = (
    answer: IncomingMessage,
    response: ServerResponse,
    http: HttpInfo,
    alter: FaultRule,
  ): void => {
    const chunks: Buffer[] = [];
    answer.on('data', (chunk: Buffer) => chunks.push(chunk));
    answer.on('end', () => {
      const whole = chunks.length === 1 ? (chunks[0] ?? Buffer.alloc(0)) : Buffer.concat(chunks);
      const text = whole.toString('utf8');
      const changed =
        alter.action.kind === 'truncate'
          ? whole.subarray(0, alter.action.bytes ?? Math.floor(whole.length / 2)).toString('utf8')
          : text.replace(':', ';');
      response.end(changed);
      later.record('in', changed, {
        http,
        fault: faultMark(
          alter,
          alter.action.kind === 'truncate'
            ? `truncated to ${Buffer.byteLength(changed)} of ${whole.length} bytes`
            : 'corrupted JSON',
        ),
      });
    });
    answer.on('error', () => response.destroy());
  };

  const relayStream = (
    answer: IncomingMessage,
    response: ServerResponse,
    http: HttpInfo,
    fired: FaultRule | undefined,
  ): void => {
    // The parser runs later (quietRecording.ts); each event is timed by the chunk that completed it.
    let arrived: Arrival = later.now();
    const parser = sseRecording(recorder, http, () => arrived, limit);
    const pass = (bytes: Buffer): void => {
      relayChunk(answer, response, bytes);
      later.defer(
        (at) => {
          arrived = at;
          parser.push(bytes);
        },
        undefined,
        bytes.length,
      );
    };
    later.record('in', `${http.method ?? 'GET'} stream ${http.status ?? ''}`.trim(), {
      kind: 'http',
      http,
    });
    // A drop-stream rule: passed on whole events at a time, so the stream can be cut between two of them.
    const cutter =
      fired?.action.kind === 'drop-stream' ? new StreamCutter(fired.action.events, limit) : undefined;
    let cut = false;
    answer.on('data', (chunk: Buffer) => {
      if (cut) return;
      if (!cutter) return pass(chunk);
      const step = cutter.push(chunk);
      for (const bytes of step.pass) pass(bytes);
      if (!step.cut) return;
      cut = true;
      const events = cutter.events;
      later.record('in', 'stream dropped', {
        kind: 'http',
        http,
        fault: faultMark(
          fired as FaultRule,
          `dropped the SSE stream after ${events} event${events === 1 ? '' : 's'}`,
        ),
      });
      response.destroy();
      answer.destroy();
    });
    answer.on('end', () => {
      const rest = cut ? undefined : cutter?.rest();
      if (rest) pass(rest);
      response.end();
    });
    answer.on('error', () => response.destroy());
  };

  let ownPort = 0;
  const namesProxy = (host: string): boolean => ownHosts(ownPort).includes(host.trim().toLowerCase());
  const namesProxyOrigin = (origin: string): boolean =>
    ownHosts(ownPort).some((name) => origin.trim().toLowerCase() === `http://${name}`);

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
      response.end(`loupe tap: ${message}`);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const port = await listenLoopback(server, options.port);
  ownPort = port;
  const url = tappedUrl(upstream, port);
  return {
    url,
    close: () => closeTap(server, sockets, later),
  };
}
