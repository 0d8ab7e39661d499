/**
 * A fetch over node:http / node:https, for the URLs Node's fetch refuses (blockedPorts.ts). It does what the
 * wire needs of fetch and no more: method, headers, a text or byte body, abort signals, a streamed body
 * (event streams stay open), gzip/deflate/br bodies decoded as fetch would. Redirects are returned, not followed.
 * Connection failures reject like fetch's (a TypeError whose cause carries the errno code), so networkFailure()
 * names them the same way.
 */
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import type { FetchLike } from './recordingFetch.js';
import { isBlockedPort } from './blockedPorts.js';

/**
 * node:http, node:https (TLS), node:zlib: loaded on the first request, not when the wire modules are imported, which
 * every session does, a stdio one included (they were a tenth of a `loupe list`'s start-up). Synchronous: Node's own.
 */
const http = () => process.getBuiltinModule('node:http');
const https = () => process.getBuiltinModule('node:https');
const zlib = () => process.getBuiltinModule('node:zlib');
const streams = () => process.getBuiltinModule('node:stream');

/** Statuses whose response has no body (the Response constructor refuses one). */
const bodilessStatuses = new Set([101, 204, 205, 304]);

export const nodeHttpFetch: FetchLike = (input, init = {}) => {
  const url = new URL(String(input));
  const signal = init.signal ?? undefined;
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  const body = bodyBytes(init.body);
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => (headers[name] = value));
  if (body !== undefined) headers['content-length'] = String(body.byteLength);
  const request = (url.protocol === 'https:' ? https().request : http().request)(url, {
    method: (init.method ?? 'GET').toUpperCase(),
    headers,
  });
  return new Promise<Response>((resolve, reject) => {
    const onAbort = (): void => {
      const reason = abortReason(signal);
      request.destroy(reason);
      reject(reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    request.once('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      reject(new TypeError('fetch failed', { cause: error }));
    });
    request.once('response', (message) => {
      message.once('close', () => signal?.removeEventListener('abort', onAbort));
      resolve(toResponse(message));
    });
    request.end(body);
  });
};

/** Node's fetch, or node:http where fetch would refuse the port. */
export const wireFetch: FetchLike = (input, init) =>
  isBlockedPort(String(input)) ? nodeHttpFetch(input, init) : fetch(input, init);

function toResponse(message: IncomingMessage): Response {
  const headers = new Headers();
  for (let index = 0; index + 1 < message.rawHeaders.length; index += 2) {
    headers.append(message.rawHeaders[index], message.rawHeaders[index + 1]);
  }
  const status = message.statusCode ?? 500;
  if (bodilessStatuses.has(status)) {
    message.resume();
    return new Response(null, { status, statusText: message.statusMessage, headers });
  }
  const decoded = decoding(message, headers.get('content-encoding'));
  const stream = streams().Readable.toWeb(decoded) as ReadableStream<Uint8Array>;
  return new Response(stream, { status, statusText: message.statusMessage, headers });
}

/** The body stream decoded as fetch decodes it (one coding; anything else passes through as sent). */
function decoding(message: IncomingMessage, coding: string | null): Readable {
  const name = (coding ?? '').trim().toLowerCase();
  const decoder =
    name === 'gzip' || name === 'x-gzip'
      ? zlib().createGunzip()
      : name === 'deflate'
        ? zlib().createInflate()
        : name === 'br'
          ? zlib().createBrotliDecompress()
          : undefined;
  if (!decoder) return message;
  message.once('error', (error) => decoder.destroy(error));
  return message.pipe(decoder);
}

function bodyBytes(body: RequestInit['body']): Uint8Array | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (body instanceof URLSearchParams) return Buffer.from(body.toString(), 'utf8');
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  if (ArrayBuffer.isView(body)) return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  throw new TypeError('Loupe sends only text or byte bodies to a server on a port fetch refuses');
}

function abortReason(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  return reason instanceof Error ? reason : new DOMException('This operation was aborted', 'AbortError');
}
