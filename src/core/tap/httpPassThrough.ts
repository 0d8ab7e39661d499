/**
 * The HTTP tap at the TCP level, for a plain `loupe tap --url http://…` (no fault rules): each connection of the
 * host gets its own connection to the upstream, and the bytes pass as they are. Only one thing is changed: a
 * request's Host line names the upstream (a server that checks Host against DNS rebinding would refuse the proxy's).
 * Everything else — methods, status, every header, chunked bodies, SSE streams, keep-alive, the connection's close —
 * is the upstream's own, byte for byte.
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
import type { SseParser } from '../wire/sseParser.js';
import { field, Http1Reader, type BodyRule, type Http1Head } from './http1Reader.js';
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

export interface PassThroughOptions {
  upstream: URL;
  recorder: FrameRecorder;
  port?: number;
}

export interface PassThrough {
  url: string;
  close(): Promise<void>;
}

/** The head with its Host line's value `host`, its name and spacing as sent (the head as sent when none). */
export function withHost(head: Http1Head, host: string): Buffer {
  const sent = field(head, 'host');
  if (sent === undefined || sent === host) return head.bytes;
  const text = head.bytes.toString('latin1');
  return Buffer.from(
    text.replace(/(\r\nhost[ \t]*:[ \t]*)[^\r\n]*/i, (_, name: string) => `${name}${host}`),
    'latin1',
  );
}

const requestLine = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+) (\S+) HTTP\/1\.[01]$/;
const statusLine = /^HTTP\/1\.[01] (\d{3})(?: (.*))?$/;

/** One host connection and its upstream connection. */
function pair(client: Socket, upstream: URL, recorder: FrameRecorder, later: QuietRecording): Socket {
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
  let request: { info: HttpInfo; body: Buffer[]; at: Arrival } | undefined;
  const send = (bytes: Buffer): void => {
    if (failure === undefined && !server.destroyed && !server.write(bytes)) client.pause();
  };
  const requests = new Http1Reader({
    head: (head): BodyRule => {
      const parts = requestLine.exec(head.line);
      if (!parts) {
        send(head.bytes);
        return 'opaque';
      }
      send(withHost(head, upstream.host));
      const [, method, path] = parts;
      learn(head.fields);
      const info: HttpInfo = { method, url: path };
      const sentHeaders = mcpHeaders(head.fields);
      if (Object.keys(sentHeaders).length > 0) info.requestHeaders = sentHeaders;
      request = { info, body: [], at: later.now() };
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
      const body = done.body.length === 1 ? done.body[0] : Buffer.concat(done.body);
      later.defer(
        (at) => recordRequest(recorder, done.info, body, at),
        done.body.length > 0 ? later.now() : done.at,
      );
      if (failure !== undefined) answerFailure();
    },
  });

  // Upstream → host: passed on as it comes, read for the record later.
  let arrived: Arrival = later.now();
  let answer: { http: HttpInfo; message: string; body: Buffer[]; stream?: SseParser } | undefined;
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
      answer = { http, message: parts[2] ?? '', body: [] };
      if (contentType.startsWith('text/event-stream')) {
        recorder.record('in', `${method} stream ${status}`, { kind: 'http', http, ...arrived });
        answer.stream = sseRecording(recorder, http, () => arrived);
      }
      return method === 'HEAD' || status === 204 || status === 304 ? 'none' : 'framed';
    },
    raw: () => undefined,
    data: (bytes) => {
      if (!answer) return;
      if (answer.stream) answer.stream.push(bytes.toString('latin1'));
      else answer.body.push(bytes);
    },
    end: () => {
      const done = answer;
      answer = undefined;
      if (!done || done.stream) return;
      const whole = done.body.length === 1 ? done.body[0] : Buffer.concat(done.body);
      recordAnswer(recorder, done.http, done.message, whole, arrived);
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
    later.defer(read(chunk));
  });
  client.on('drain', () => server.resume());
  server.on('drain', () => client.resume());
  client.on('end', () => server.end());
  server.on('end', () => {
    later.defer((at) => {
      arrived = at;
      answers.finish();
    });
    client.end();
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
  const later = new QuietRecording(recorder);
  const sockets = new Set<Socket>();
  const track = (socket: Socket): void => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  // Half-open both ways: a host that ends its side after the request still gets the whole answer.
  const listener = createServer({ allowHalfOpen: true }, (client) => {
    track(client);
    track(pair(client, upstream, recorder, later));
  });
  const port = await listenLoopback(listener, options.port);
  return {
    url: tappedUrl(upstream, port),
    close: () => closeTap(listener, sockets, later),
  };
}
