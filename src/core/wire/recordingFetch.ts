/**
 * A fetch for the SDK's HTTP transports that records everything on the wire:
 * - each POST body as the outbound frame, exactly as the SDK wrote it; GET and DELETE as 'http' frames;
 * - application/json bodies as inbound frames (the body text); event streams are teed: the SDK reads one
 *   branch, we parse the other and record each event's data text as one inbound frame;
 * - HTTP facts without a JSON-RPC body (202, 405 on GET, a 404 page) as 'http' frames with the body text.
 * Messages are delivered to Loupe's rpc layer from OUR parse of the raw text; the SDK's onmessage is unused.
 * Network failures become LoupeErrors here (connection-refused…); a POST answered with a status of 400 or
 * more becomes 'http-error' with the status as code.
 */
import { LoupeError } from '../../shared/errors.js';
import type { Frame, HttpInfo } from '../../shared/frames.js';
import type { JsonObject } from '../../shared/json.js';
import type { FrameRecorder } from '../recorder/frameRecorder.js';
import { networkFailure } from './networkFailure.js';
import { SseParser, type SseEvent } from './sseParser.js';

export type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;

export interface RecordingFetchOptions {
  recorder: FrameRecorder;
  onMessage(message: JsonObject, frame: Frame): void;
  /** Events of a type other than 'message' (legacy SSE: 'endpoint'), after they were recorded. */
  onEvent?(event: SseEvent, http: HttpInfo): void;
  /** An event stream we were reading has ended (error set when it broke rather than ended). */
  onStreamEnd?(http: HttpInfo, error: unknown): void;
  /** True while the wire is closing: stream errors are then expected and not reported. */
  isClosing(): boolean;
}

const bodyExcerptLength = 300;

export function recordingFetch(options: RecordingFetchOptions, baseFetch: FetchLike = fetch): FetchLike {
  const { recorder } = options;
  return async (url, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const href = String(url);
    const body = init?.body;
    const sentHeaders = mcpHeaders(init?.headers);
    if (typeof body === 'string')
      recorder.record('out', body, {
        http: { method, url: href, ...(sentHeaders ? { requestHeaders: sentHeaders } : {}) },
      });
    else recorder.record('out', '', { kind: 'http', http: { method, url: href } });

    let response: Response;
    try {
      response = await baseFetch(url, init);
    } catch (error) {
      if (options.isClosing()) throw error;
      throw networkFailure(error, href);
    }

    const contentType = response.headers.get('content-type') ?? undefined;
    const http: HttpInfo = { method, url: href, status: response.status };
    if (contentType) http.contentType = contentType;
    const essence = (contentType ?? '').split(';')[0].trim().toLowerCase();

    if (response.ok && essence === 'text/event-stream' && response.body) {
      if (method !== 'POST') recorder.record('in', '', { kind: 'http', http });
      const [forSdk, forUs] = response.body.tee();
      void readEventStream(forUs, http, options);
      return rebuild(response, forSdk);
    }
    if (!response.body || [101, 204, 205, 304].includes(response.status)) {
      recorder.record('in', '', { kind: 'http', http });
      return response;
    }
    const text = await response.text();
    if (response.ok && essence === 'application/json' && text.trim() !== '') {
      const recorded = recorder.record('in', text, { http });
      // Deliver after the SDK has seen this response (it takes Mcp-Session-Id from it): a reply sent
      // from a handler of these messages must already carry the session id.
      setImmediate(() => {
        for (const { frame, message } of recorded) if (message) options.onMessage(message, frame);
      });
    } else {
      recorder.record('in', text, { kind: 'http', http });
    }
    if (method === 'POST' && response.status >= 400) throw httpFailure(response, href, text);
    return rebuild(response, text);
  };
}

/** The Mcp-* headers of a request (names as sent), or undefined when there are none. Others may hold secrets. */
function mcpHeaders(headers: RequestInit['headers']): Record<string, string> | undefined {
  if (!headers) return undefined;
  const picked: Record<string, string> = {};
  new Headers(headers).forEach((value, name) => {
    if (name.toLowerCase().startsWith('mcp-')) picked[name] = value;
  });
  return Object.keys(picked).length > 0 ? picked : undefined;
}

/** The same response with a new body (the original one has been read or teed). */
function rebuild(response: Response, body: ReadableStream<Uint8Array> | string): Response {
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

function httpFailure(response: Response, url: string, text: string): LoupeError {
  const excerpt = text.trim().slice(0, bodyExcerptLength);
  const status = `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  return new LoupeError({
    kind: 'http-error',
    code: response.status,
    message: `HTTP ${status} from POST ${url}${excerpt ? `: ${excerpt}` : ''}`,
    data: { status: response.status, url, body: excerpt, ...jsonRpcError(text) },
  });
}

/** A JSON-RPC error in a refused POST's body (modern servers send -32022, -32020… with 400): kept whole. */
function jsonRpcError(text: string): { rpcError?: unknown } {
  if (text.length > 65_536) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    const error =
      typeof parsed === 'object' && parsed !== null && 'error' in parsed ? parsed.error : undefined;
    return typeof error === 'object' && error !== null ? { rpcError: error } : {};
  } catch {
    return {};
  }
}

async function readEventStream(
  stream: ReadableStream<Uint8Array>,
  http: HttpInfo,
  options: RecordingFetchOptions,
): Promise<void> {
  const { recorder } = options;
  const parser = new SseParser((event) => {
    if (event.data === '') return; // priming events and keep-alives carry no message
    if (event.event === 'message') {
      for (const { frame, message } of recorder.record('in', event.data, { http })) {
        if (message) options.onMessage(message, frame);
      }
      return;
    }
    recorder.record('in', event.data, { kind: 'http', http: { ...http } });
    options.onEvent?.(event, http);
  });
  // Let the SDK take the response headers (Mcp-Session-Id) before any message of the stream is delivered.
  await new Promise((resolve) => setImmediate(resolve));
  const decoder = new TextDecoder();
  const reader = stream.getReader();
  let failure: unknown;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
    parser.push(decoder.decode());
  } catch (error) {
    failure = error;
  } finally {
    reader.releaseLock();
  }
  if (!options.isClosing()) options.onStreamEnd?.(http, failure);
}
