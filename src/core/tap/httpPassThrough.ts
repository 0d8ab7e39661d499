/**
 * The HTTP tap at the TCP level, for a plain `loupe tap --url http://…` (no fault rules): each connection of the
 * host gets its own connection to the upstream, and the bytes pass as they are. Only one thing is changed: a
 * request's Host line (and its Origin line, when it has one) names the upstream instead of the tap (a server that
 * checks them against DNS rebinding would refuse the tap's). Everything else — methods, status, every header, chunked
 * bodies, SSE streams, keep-alive, the connection's close — is the upstream's own, byte for byte.
 *
 * The door (loopbackDoor.ts): a request whose Host is not the tap's own address, or whose Origin is another site's, is
 * answered 403 by the tap and never reaches the upstream; nor does anything after it on that connection. So does a
 * request the tap cannot read far enough to check (not an HTTP/1.x request line, a head over 64 KB, a broken chunk).
 *
 * Why not the HTTP proxy (httpTap.ts): Node's HTTP server and client in the path parse and rebuild every message,
 * which costs about three times the CPU of passing the bytes (bench/README "Tap"). Here requests are read on the
 * byte path only as far as their heads (to find the Host line, and the end of each request); answers pass untouched
 * and are read for the record once the traffic is quiet (quietRecording.ts), so recording never slows the relay.
 *
 * Recorded as the HTTP proxy records: each POSTed body 'out' with its Mcp-* headers, each JSON answer or SSE event
 * 'in', other exchanges as 'http' facts; secret-looking header values redacted from the journal only.
 */
import { connect, createServer, type Socket } from 'node:net';
import type { HttpInfo } from '../../shared/frames.js';
import type { FrameRecorder } from '../recorder/frameRecorder.js';
import { FrameCapture, frameLimit } from './frameCapture.js';
import { field, Http1Reader, type BodyRule, type Http1Head } from './http1Reader.js';
import { checkDoor, ownHosts, refusalBytes } from './loopbackDoor.js';
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
import { QuietRecording, type Arrival } from './quietRecording.js';
import type { TapSse } from './tapSse.js';

export interface PassThroughOptions {
  upstream: URL;
  recorder: FrameRecorder;
  port?: number;
  /** The recording limit of one body or SSE event (frameCapture.ts). */
  maxFrameBytes?: number;
}

/** What every connection of one tap shares. */
interface Link {
  upstream: URL;
  /** The tap's own port (its address is checked against it). */
  port: number;
  recorder: FrameRecorder;
  limit: number;
}

export interface PassThrough {
  url: string;
  close(): Promise<void>;
}

/**
 * The head with its Host line's value `host` and, when it has an Origin line naming the tap, that line's value
 * `origin`; names and spacing as sent (the head as sent when there is nothing to change).
 */
export function withUpstreamNames(head: Http1Head, host: string, origin: string, port: number): Buffer {
  const sentHost = field(head, 'host');
  const sentOrigin = field(head, 'origin');
  const ownOrigin =
    sentOrigin !== undefined && ownHosts(port).some((name) => sentOrigin.toLowerCase() === `http://${name}`);
  if ((sentHost === undefined || sentHost === host) && !ownOrigin) return head.bytes;
  let text = head.bytes.toString('latin1');
  if (sentHost !== undefined)
    text = text.replace(/(\r\nhost[ \t]*:[ \t]*)[^\r\n]*/i, (_, name: string) => `${name}${host}`);
  if (ownOrigin)
    text = text.replace(/(\r\norigin[ \t]*:[ \t]*)[^\r\n]*/i, (_, name: string) => `${name}${origin}`);
  return Buffer.from(text, 'latin1');
}

/** Every value of a field of the head (names lowercased). */
function values(head: Http1Head, name: string): string[] {
  return head.fields.filter(([key]) => key === name).map(([, value]) => value);
}

const requestLine = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+) (\S+) HTTP\/1\.[01]$/;
const statusLine = /^HTTP\/1\.[01] (\d{3})(?: (.*))?$/;

/** One host connection and its upstream connection. */
function pair(client: Socket, link: Link, later: QuietRecording): Socket {
  const { upstream, port, recorder, limit } = link;
  const learn = secretLearner(recorder);
  const server = connect({
    host: upstream.hostname.replace(/^\[|\]$/g, ''),
    port: Number(upstream.port || 80),
  });
  client.setNoDelay(true);
  server.setNoDelay(true);
  /** The methods of the requests sent and not yet answered, in order (HTTP/1.1 answers in order). */
  const asked: string[] = [];
  /** Bytes of an answer have passed to the host. */
  let relayed = false;
  /** Why the upstream could not be reached (the host is told so, as an HTTP 502, once). */
  let failure: string | undefined;
  let told = false;

  // Host → upstream: read as far as each request's head, forwarded at once.
  let request: { info: HttpInfo; body: FrameCapture; at: Arrival } | undefined;
  /** Why the tap refused a request of this connection: nothing from the host goes upstream after it. */
  let refusal: Buffer | undefined;
  /** Bytes of a request went upstream on this connection. */
  let forwarded = false;
  const send = (bytes: Buffer): void => {
    if (refusal !== undefined || failure !== undefined || server.destroyed) return;
    forwarded = true;
    if (!server.write(bytes)) client.pause();
  };
  const refuse = (reason: string, method?: string, path?: string): void => {
    if (refusal !== undefined) return;
    refusal = refusalBytes(reason);
    later.record('in', `403 ${reason}`, {
      kind: 'http',
      http: { ...(method ? { method, url: path ?? '/' } : {}), status: 403 },
    });
    // The answers to requests already upstream come first (HTTP/1.1 answers in order): the upstream is told there
    // is nothing more, and the refusal follows its last answer. With none, it is the only answer.
    if (!forwarded) {
      server.destroy();
      client.end(refusal);
    } else server.end();
  };
  const requests = new Http1Reader({
    head: (head): BodyRule => {
      const parts = requestLine.exec(head.line);
      if (!parts) {
        refuse('loupe tap refuses what is not an HTTP/1.x request.');
        return 'opaque';
      }
      const [, method, path] = parts;
      const verdict = checkDoor(values(head, 'host'), values(head, 'origin'), port, 'loupe tap');
      if (!verdict.allowed) {
        refuse(verdict.reason, method, path);
        return 'opaque';
      }
      send(withUpstreamNames(head, upstream.host, upstream.origin, port));
      learn(head.fields);
      const info: HttpInfo = { method, url: path };
      const sentHeaders = mcpHeaders(head.fields);
      if (Object.keys(sentHeaders).length > 0) info.requestHeaders = sentHeaders;
      request = { info, body: new FrameCapture(limit), at: later.now() };
      asked.push(method);
      // A protocol switch: what follows is not HTTP, and passes unread.
      return field(head, 'upgrade') !== undefined ? 'opaque' : 'framed';
    },
    raw: send,
    data: (bytes) => request?.body.push(bytes),
    end: () => {
      const done = request;
      request = undefined;
      if (!done) return;
      const body = done.body.finish();
      const empty = 'bytes' in body && body.bytes.length === 0;
      later.defer(
        (at) => recordRequest(recorder, done.info, body, at, limit),
        empty ? done.at : later.now(),
        'bytes' in body ? body.bytes.length : 0,
      );
      if (failure !== undefined) answerFailure();
    },
    // A request the tap cannot follow could hide another one it never checked.
    opaque: (reason) => refuse(`loupe tap refuses a request it cannot read (${reason}).`),
  });

  // Upstream → host: passed on as it comes, read for the record later.
  let arrived: Arrival = later.now();
  let answer: { http: HttpInfo; message: string; body: FrameCapture; stream?: TapSse } | undefined;
  const answers = new Http1Reader({
    head: (head): BodyRule => {
      const parts = statusLine.exec(head.line);
      if (!parts) return 'opaque';
      const status = Number(parts[1]);
      if (status === 101) return 'opaque';
      // 100 Continue and other interim answers: the final one follows for the same request.
      if (status < 200) return 'none';
      const method = asked.shift() ?? 'GET';
      const contentType = field(head, 'content-type') ?? '';
      const http: HttpInfo = { method, status, ...(contentType ? { contentType } : {}) };
      answer = { http, message: parts[2] ?? '', body: new FrameCapture(limit) };
      if (contentType.startsWith('text/event-stream')) {
        recorder.record('in', `${method} stream ${status}`, { kind: 'http', http, ...arrived });
        answer.stream = sseRecording(recorder, http, () => arrived, limit);
      }
      return method === 'HEAD' || status === 204 || status === 304 ? 'none' : 'framed';
    },
    raw: () => undefined,
    data: (bytes) => {
      if (!answer) return;
      if (answer.stream) answer.stream.push(bytes);
      else answer.body.push(bytes);
    },
    end: () => {
      const done = answer;
      answer = undefined;
      if (!done || done.stream) return;
      recordAnswer(recorder, done.http, done.message, done.body.finish(), arrived, limit);
    },
  });
  const read = (chunk: Buffer) => (at: Arrival) => {
    arrived = at;
    answers.push(chunk);
  };

  const answerFailure = (): void => {
    if (told || asked.length === 0 || client.destroyed) return;
    told = true;
    const text = failure ?? '';
    const method = asked.shift() ?? 'GET';
    later.record('in', text, { kind: 'http', http: { method, status: 502 } });
    const body = Buffer.from(text, 'utf8');
    client.end(
      Buffer.concat([
        Buffer.from(
          `HTTP/1.1 502 Bad Gateway\r\ncontent-type: text/plain\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n`,
          'latin1',
        ),
        body,
      ]),
    );
  };

  client.on('data', (chunk: Buffer) => {
    if (requests.isOpaque) send(chunk);
    else requests.push(chunk);
  });
  server.on('data', (chunk: Buffer) => {
    relayed = true;
    if (!client.write(chunk)) server.pause();
    later.defer(read(chunk), undefined, chunk.length);
  });
  client.on('drain', () => server.resume());
  server.on('drain', () => client.resume());
  client.on('end', () => server.end());
  server.on('end', () => {
    later.defer((at) => {
      arrived = at;
      answers.finish();
    });
    if (refusal !== undefined) client.end(refusal);
    else client.end();
  });
  server.on('error', (error) => {
    if (failure !== undefined) return;
    // Before any answer the host is told why, as the HTTP proxy tells it (once its request is whole); after one,
    // the host sees the connection end, as it would direct.
    if (relayed) {
      client.destroy();
      return;
    }
    failure = upstreamFailure(upstream, error);
    if (request === undefined) answerFailure();
  });
  client.on('error', () => server.destroy());
  client.on('close', () => server.destroy());
  return server;
}

export async function startPassThrough(options: PassThroughOptions): Promise<PassThrough> {
  const { upstream, recorder } = options;
  const limit = frameLimit(options.maxFrameBytes);
  const later = new QuietRecording(recorder);
  const sockets = new Set<Socket>();
  const track = (socket: Socket): void => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  // Half-open both ways: a host that ends its side after the request still gets the whole answer.
  let port = 0;
  const listener = createServer({ allowHalfOpen: true }, (client) => {
    track(client);
    track(pair(client, { upstream, port, recorder, limit }, later));
  });
  port = await listenLoopback(listener, options.port);
  return {
    url: tappedUrl(upstream, port),
    close: () => closeTap(listener, sockets, later),
  };
}
