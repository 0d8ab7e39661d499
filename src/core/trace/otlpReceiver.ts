/**
 * OpenTelemetry in: a loopback OTLP/HTTP traces endpoint for the server under inspection, so its own spans join
 * Loupe's request spans (same trace id, its parent the request's span from the traceparent it read in _meta).
 *
 * The door: it listens on 127.0.0.1 only, on a free port. Only a POST to /<credential>/v1/traces is taken, the
 * credential a per-run random value (192 bits, compared in constant time) the person's server gets in its
 * environment (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) and no one else sees. A Host that is not this listener's
 * (127.0.0.1:<port> or localhost:<port>) is refused, against DNS rebinding; any Origin is refused: no web page
 * may post here, and an SDK sends none. Bodies are bounded (4 MiB, gzip included after inflating), only
 * application/x-protobuf and application/json are read, and every span is hostile input (otlpDecode.ts). Nothing is
 * written to disk; the spans live in memory, at most `maxSpans`, the rest counted as dropped.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import type { TraceSpan } from '../../shared/trace/spans.js';
import { checkDoor, headerValues } from '../tap/loopbackDoor.js';
import { decodeOtlpJson, decodeOtlpProtobuf, type DecodedSpans } from './otlpDecode.js';
import { ProtoReadError } from './protobufReader.js';

export interface OtlpReceiverStats {
  /** Export requests taken. */
  exports: number;
  spans: number;
  /** Spans left out: malformed, or past the limit. */
  dropped: number;
  /** Requests refused at the door (wrong Host, an Origin, no credential, too large, unreadable). */
  refused: number;
}

export interface OtlpReceiver {
  /** The traces URL, credential included: hand it to the server only. */
  tracesUrl: string;
  /** The variables that point an OpenTelemetry SDK at this receiver. */
  environment(): Record<string, string>;
  spans(): TraceSpan[];
  stats(): OtlpReceiverStats;
  /** Called with each batch of spans taken. */
  onSpans(listener: (spans: TraceSpan[]) => void): () => void;
  close(): Promise<void>;
}

export interface OtlpReceiverOptions {
  maxBodyBytes?: number;
  maxSpans?: number;
}

const defaultMaxBody = 4 * 1024 * 1024;
const defaultMaxSpans = 100_000;

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      reject(new Refusal(413, 'The body is larger than Loupe takes.'));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new Refusal(413, 'The body is larger than Loupe takes.'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function startOtlpReceiver(options: OtlpReceiverOptions = {}): Promise<OtlpReceiver> {
  const maxBody = options.maxBodyBytes ?? defaultMaxBody;
  const maxSpans = options.maxSpans ?? defaultMaxSpans;
  const credential = randomBytes(24).toString('base64url');
  const stored: TraceSpan[] = [];
  const listeners = new Set<(spans: TraceSpan[]) => void>();
  const stats: OtlpReceiverStats = { exports: 0, spans: 0, dropped: 0, refused: 0 };
  let port = 0;

  const take = async (request: IncomingMessage): Promise<{ json: boolean; decoded: DecodedSpans }> => {
    // The shared loopback door for the Host (every Host line, one of this listener's names); no Origin at all, since
    // no page, not even Loupe's own, posts spans here.
    if (headerValues(request.rawHeaders, 'origin').length > 0)
      throw new Refusal(403, 'No web page may post here.');
    const door = checkDoor(headerValues(request.rawHeaders, 'host'), [], port, 'The OTLP receiver');
    if (!door.allowed) throw new Refusal(403, door.reason);
    const path = (request.url ?? '').split('?')[0] ?? '';
    const match = /^\/([A-Za-z0-9_-]+)\/v1\/traces$/.exec(path);
    if (!match || !sameSecret(match[1] ?? '', credential)) throw new Refusal(404, 'Not found.');
    if (request.method !== 'POST') throw new Refusal(405, 'POST only.');
    const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/x-protobuf' && type !== 'application/json')
      throw new Refusal(415, 'OTLP/HTTP bodies are application/x-protobuf or application/json.');
    const encoding = (request.headers['content-encoding'] ?? 'identity').toLowerCase();
    if (encoding !== 'identity' && encoding !== 'gzip') throw new Refusal(415, 'Only gzip or no encoding.');
    let body = await readBody(request, maxBody);
    if (encoding === 'gzip') {
      try {
        body = gunzipSync(body, { maxOutputLength: maxBody });
      } catch {
        throw new Refusal(413, 'The body does not inflate within the size Loupe takes.');
      }
    }
    const room = Math.max(0, maxSpans - stored.length);
    try {
      if (type === 'application/json') {
        const parsed: unknown = JSON.parse(body.toString('utf8'));
        return { json: true, decoded: decodeOtlpJson(parsed, room) };
      }
      return { json: false, decoded: decodeOtlpProtobuf(body, room) };
    } catch (error) {
      if (error instanceof ProtoReadError || error instanceof SyntaxError)
        throw new Refusal(400, `The body is not an OTLP trace export: ${error.message}`);
      throw error;
    }
  };

  const answer = (request: IncomingMessage, response: ServerResponse): void => {
    take(request).then(
      ({ json, decoded }) => {
        stats.exports++;
        stats.spans += decoded.spans.length;
        stats.dropped += decoded.dropped;
        stored.push(...decoded.spans);
        if (decoded.spans.length > 0) for (const listener of listeners) listener(decoded.spans);
        if (json) {
          const partial =
            decoded.dropped > 0
              ? {
                  partialSuccess: {
                    rejectedSpans: String(decoded.dropped),
                    errorMessage: 'malformed or over the limit',
                  },
                }
              : {};
          response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(partial));
        } else response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
      },
      (error: unknown) => {
        stats.refused++;
        const status = error instanceof Refusal ? error.status : 500;
        const message = error instanceof Refusal ? error.message : 'The export could not be read.';
        if (!response.headersSent)
          response
            .writeHead(status, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' })
            .end(message);
      },
    );
  };

  const server = createServer(answer);
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const tracesUrl = `http://127.0.0.1:${port}/${credential}/v1/traces`;
  return {
    tracesUrl,
    environment: () => ({
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: tracesUrl,
      OTEL_TRACES_EXPORTER: 'otlp',
    }),
    spans: () => stored.slice(),
    stats: () => ({ ...stats }),
    onSpans(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Whether an environment already says where OpenTelemetry goes (the person's own choice wins). */
export function namesOtlpEndpoint(env: Readonly<Record<string, string>> | undefined): boolean {
  return Object.keys(env ?? {}).some((key) =>
    ['OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'].includes(key),
  );
}
