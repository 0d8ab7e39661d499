/**
 * A fetch for the SDK's HTTP transports that records everything on the wire:
 * - each POST body as the outbound frame, exactly as the SDK wrote it; GET and DELETE as 'http' frames;
 * - application/json bodies as inbound frames (the body text); event streams are teed: the SDK reads one
 *   branch, we parse the other and record each event's data text as one inbound frame;
 * - HTTP facts without a JSON-RPC body (202, 405 on GET, a 404 page) as 'http' frames with the body text.
 * Messages are delivered to Loupe's rpc layer from OUR parse of the raw text; the SDK's onmessage is unused.
 * Network failures become LoupeErrors here (connection-refused…); a POST answered with a status of 400 or
 * more becomes 'http-error' with the status as code.
 * Bodies are read within the limits (counted after decompression): a JSON body past them is recorded
 * truncated and the fetch fails with 'response-too-large' or 'frame-too-large' (see eventStream.ts for streams).
 */
import { LoupeError, type LoupeErrorData } from '../../shared/errors.js';
import type { Frame, HttpInfo } from '../../shared/frames.js';
import type { JsonObject } from '../../shared/json.js';
import type { FrameRecorder } from '../recorder/frameRecorder.js';
import type { MessageContext } from './wire.js';
import { decodeBody, readBounded } from './boundedBody.js';
import { carriedRequests, type CarriedRequests } from './carriedRequests.js';
import { readEventStream } from './eventStream.js';
import { keptPrefixBytes, tooLarge, truncatedNote, wireLimits, type WireLimits } from './limits.js';
import { networkFailure } from './networkFailure.js';
import { isHtml, pageTitle } from '../doctor/webPage.js';
import { wireFetch } from './nodeHttpFetch.js';
import type { SseEvent } from './sseParser.js';

export type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;

export interface RecordingFetchOptions {
  recorder: FrameRecorder;
  onMessage(message: JsonObject, frame: Frame, context?: MessageContext): void;
  /** Events of a type other than 'message' (legacy SSE: 'endpoint'), after they were recorded. */
  onEvent?(event: SseEvent, http: HttpInfo): void;
  /** An event stream we were reading has ended (error set when it broke rather than ended). */
  onStreamEnd?(http: HttpInfo, error: unknown): void;
  /** True while the wire is closing: stream errors are then expected and not reported. */
  isClosing(): boolean;
  /** Size limits (defaults of limits.ts when absent). */
  limits?: WireLimits;
  /** A request this fetch carried will get no answer: its stream ended or went past a limit. */
  onRequestFailed?(id: string | number, error: LoupeErrorData): void;
}

const bodyExcerptLength = 300;

export function recordingFetch(options: RecordingFetchOptions, baseFetch: FetchLike = wireFetch): FetchLike {
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

    // Our own abort, merged with the caller's: stops a body or stream past its limit for every reader.
    const stopper = new AbortController();
    const signal = init?.signal ? AbortSignal.any([init.signal, stopper.signal]) : stopper.signal;
    let response: Response;
    try {
      response = await baseFetch(url, { ...init, signal });
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
      const carried: CarriedRequests =
        method === 'POST' && typeof body === 'string'
          ? carriedRequests(body)
          : new Map<string | number, string>();
      const stop = (): void => stopper.abort(new Error('Loupe stopped reading: a size limit was passed'));
      void readEventStream(forUs, { http, carried, stop }, options);
      return rebuild(response, forSdk);
    }
    if (!response.body || [101, 204, 205, 304].includes(response.status)) {
      recorder.record('in', '', { kind: 'http', http });
      return response;
    }
    const limits = options.limits ?? wireLimits();
    const limit = Math.min(limits.maxFrameBytes, limits.maxResponseBytes);
    const read = await readBounded(response.body, limit);
    if (read.overflow) {
      stopper.abort(new Error('Loupe stopped reading: a size limit was passed'));
      const error = bodyTooLarge(limits, `The body of the response to ${method} ${href}`, read.seen);
      // A prefix only, as for stdio lines and SSE events: the frame must stay cheap to show and to save.
      const kept = read.bytes.subarray(0, keptPrefixBytes);
      recorder.record('in', decodeBody(kept).text, { http, invalid: truncatedNote(error, kept.length) });
      throw new LoupeError(error);
    }
    const { text, rawBase64 } = decodeBody(read.bytes);
    const exact = rawBase64 !== undefined ? { rawBase64 } : {};
    if (response.ok && essence === 'application/json' && text.trim() !== '') {
      const recorded = recorder.record('in', text, { http, ...exact });
      // Deliver after the SDK has seen this response (it takes Mcp-Session-Id from it): a reply sent
      // from a handler of these messages must already carry the session id.
      setImmediate(() => {
        for (const { frame, message } of recorded) if (message) options.onMessage(message, frame);
      });
    } else {
      recorder.record('in', text, { kind: 'http', http, ...exact });
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
  // An HTML error page is named by its title: its markup says nothing in one line (the frame keeps the body).
  const page = isHtml(response.headers.get('content-type') ?? '', text);
  const title = page ? pageTitle(text) : undefined;
  const said = page ? `: a web page${title !== undefined ? ` titled “${title}”` : ''}` : excerpt ? `: ${excerpt}` : '';
  return new LoupeError({
    kind: 'http-error',
    code: response.status,
    message: `HTTP ${status} from POST ${url}${said}`,
    data: { status: response.status, url, body: excerpt, ...jsonRpcError(text) },
  });
}

/** A JSON body is one frame and one response: the smaller limit is the one it passed. */
function bodyTooLarge(limits: WireLimits, what: string, seen: number): LoupeErrorData {
  return limits.maxResponseBytes <= limits.maxFrameBytes
    ? tooLarge('response-too-large', what, limits.maxResponseBytes, seen)
    : tooLarge('frame-too-large', what, limits.maxFrameBytes, seen);
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
