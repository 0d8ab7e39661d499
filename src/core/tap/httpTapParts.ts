/**
 * What the two HTTP taps share: the HTTP proxy (httpTap.ts, for faults, https:// and conform) and the TCP
 * pass-through (httpPassThrough.ts, for a plain `loupe tap --url http://…`). Both learn the secrets a host sends, keep
 * its Mcp-* headers for the record, record an answer's body the same way, and listen on 127.0.0.1 only.
 */
import type { Server, Socket } from 'node:net';
import { LoupeError } from '../../shared/errors.js';
import type { HttpInfo } from '../../shared/frames.js';
import { looksSecret } from '../../shared/target.js';
import type { FrameRecorder } from '../recorder/frameRecorder.js';
import { recordCaptured, type Captured } from './frameCapture.js';
import type { Arrival, QuietRecording } from './quietRecording.js';
import { TapSse } from './tapSse.js';

/** Remembers the values of secret-looking request headers: the journal redacts them (what goes upstream is untouched). */
export function secretLearner(recorder: FrameRecorder): (fields: Iterable<[string, unknown]>) => void {
  const secrets = new Set<string>();
  return (fields) => {
    let added = false;
    for (const [name, value] of fields) {
      if (typeof value !== 'string' || !looksSecret(name) || secrets.has(value)) continue;
      secrets.add(value);
      const space = value.indexOf(' ');
      if (space > 0) secrets.add(value.slice(space + 1));
      added = true;
    }
    if (added) recorder.redactSecrets([...secrets]);
  };
}

/** The request headers kept in the record: Mcp-* and Last-Event-ID (names lowercased). */
export function mcpHeaders(fields: Iterable<[string, unknown]>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of fields) {
    if ((name.startsWith('mcp-') || name === 'last-event-id') && typeof value === 'string')
      kept[name] = value;
  }
  return kept;
}

/** Whether nothing was captured (a body that is empty). */
function empty(body: Captured): boolean {
  return 'bytes' in body && body.bytes.length === 0;
}

/**
 * Records a request: its body as the message(s) sent (past the recording limit, its marker), or, with none, the
 * request line as an HTTP fact; `fault`: the fault the tap injected on it.
 */
export function recordRequest(
  recorder: FrameRecorder,
  info: HttpInfo,
  body: Captured,
  at: Arrival,
  limit: number,
  fault?: string,
): void {
  const marked = fault === undefined ? {} : { fault };
  if (!empty(body))
    recordCaptured(recorder, 'out', body, 'A request body', limit, { http: info, ...at, ...marked });
  else
    recorder.record('out', `${info.method ?? 'GET'} ${info.url ?? '/'}`, {
      kind: 'http',
      http: info,
      ...at,
      ...marked,
    });
}

/**
 * Records an answer's body: JSON as the message(s) it carries, anything else (or nothing) as an HTTP fact; past the
 * recording limit, its marker.
 */
export function recordAnswer(
  recorder: FrameRecorder,
  http: HttpInfo,
  statusMessage: string,
  body: Captured,
  at: Arrival,
  limit: number,
): void {
  if (empty(body)) {
    recorder.record('in', `${http.status ?? ''} ${statusMessage}`.trim(), { kind: 'http', http, ...at });
    return;
  }
  const json = (http.contentType ?? '').includes('json');
  recordCaptured(
    recorder,
    'in',
    body,
    'An answer body',
    limit,
    json ? { http, ...at } : { kind: 'http', http, ...at },
  );
}

/** Listens on 127.0.0.1 (never another interface); a port in use is a usage error naming it. */
export async function listenLoopback(server: Server, port: number | undefined): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new LoupeError({
          kind: 'usage',
          message:
            error.code === 'EADDRINUSE'
              ? `tap --port ${port ?? 0}: the port is in use.`
              : `tap could not listen: ${error.message}`,
        }),
      ),
    );
    server.listen(port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  return typeof address === 'object' && address !== null ? address.port : 0;
}

/** The tapped endpoint: the upstream's path and query on the proxy's origin. */
export function tappedUrl(upstream: URL, port: number): string {
  return new URL(upstream.pathname + upstream.search, `http://127.0.0.1:${port}`).href;
}

/** The text a host gets (and the record keeps) when the upstream cannot be reached. */
export function upstreamFailure(upstream: URL, error: Error): string {
  return `loupe tap: the upstream ${upstream.origin} did not answer: ${error.message}`;
}

/** Ends a tap: its connections cut, its listener closed, what it holds recorded. */
export function closeTap(server: Server, sockets: Set<Socket>, later: QuietRecording): Promise<void> {
  return new Promise<void>((resolve) => {
    for (const socket of sockets) socket.destroy();
    server.close(() => {
      later.flush();
      resolve();
    });
  });
}

/** The recording of an answer's SSE stream: each event's message 'in', timed by `arrived()` (tapSse.ts). */
export function sseRecording(
  recorder: FrameRecorder,
  http: HttpInfo,
  arrived: () => Arrival,
  limit: number,
): TapSse {
  return new TapSse(recorder, http, arrived, limit);
}
