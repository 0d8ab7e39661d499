/**
 * Reading our branch of an event stream: each event's data becomes one inbound frame (exact bytes kept
 * beside the text when it is not valid UTF-8). Sizes are bounded: an event past maxFrameBytes, or a POST's
 * whole stream past maxResponseBytes, is recorded truncated, the fetch is stopped and the requests the
 * stream carried fail with the named error. A POST stream that ends before answering its requests, with
 * no event id to resume from (see the SDK's resumption), fails them with 'disconnected' right away.
 */
import { LoupeError, type LoupeErrorData } from '../../shared/errors.js';
import type { HttpInfo } from '../../shared/frames.js';
import { decodeLatin1 } from './boundedBody.js';
import type { CarriedRequests } from './carriedRequests.js';
import { tooLarge, truncatedNote, wireLimits } from './limits.js';
import type { RecordingFetchOptions } from './recordingFetch.js';
import { SseParser } from './sseParser.js';

export interface EventStreamContext {
  http: HttpInfo;
  /** For a POST: the requests whose answers are due on this stream; answered ones are removed. */
  carried: CarriedRequests;
  /** Stops the fetch under the stream (the SDK's branch then ends too). */
  stop(): void;
}

export async function readEventStream(
  stream: ReadableStream<Uint8Array>,
  context: EventStreamContext,
  options: RecordingFetchOptions,
): Promise<void> {
  const { recorder } = options;
  const { http, carried } = context;
  const limits = options.limits ?? wireLimits();
  const source = `${http.method ?? 'GET'} ${http.url ?? ''}`;
  let stopped: LoupeErrorData | undefined;
  const halt = (error: LoupeErrorData, prefix: string): void => {
    if (stopped) return;
    stopped = error;
    const note = truncatedNote(error, prefix.length);
    recorder.record('in', decodeLatin1(prefix).text, { http: { ...http }, invalid: note });
    for (const id of carried.keys()) options.onRequestFailed?.(id, error);
    carried.clear();
    context.stop();
  };
  const parser = new SseParser(
    (event) => {
      if (stopped || event.data === '') return; // priming events and keep-alives carry no message
      const { text, rawBase64 } = decodeLatin1(event.data);
      const exact = rawBase64 !== undefined ? { rawBase64 } : {};
      if (event.event === 'message') {
        for (const { frame, message } of recorder.record('in', text, { http, ...exact })) {
          if ((frame.kind === 'response' || frame.kind === 'error') && frame.id !== undefined)
            carried.delete(frame.id);
          // A request on a POST's stream was caused by the requests that POST carried.
          if (message && frame.kind === 'request' && http.method === 'POST')
            options.onMessage(message, frame, { carriedBy: [...carried.keys()] });
          else if (message) options.onMessage(message, frame);
        }
        return;
      }
      recorder.record('in', text, { kind: 'http', http: { ...http }, ...exact });
      options.onEvent?.({ ...event, data: text }, http);
    },
    {
      maxEventLength: limits.maxFrameBytes,
      onOversize: (prefix, seen) =>
        halt(
          tooLarge('frame-too-large', `An event of the stream of ${source}`, limits.maxFrameBytes, seen),
          prefix,
        ),
    },
  );
  // Let the SDK take the response headers (Mcp-Session-Id) before any message of the stream is delivered.
  await new Promise((resolve) => setImmediate(resolve));
  const reader = stream.getReader();
  let failure: unknown;
  let seen = 0;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      let bytes = Buffer.from(value.buffer, value.byteOffset, value.length);
      if (seen === 0 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
        bytes = bytes.subarray(3);
      seen += value.length;
      parser.push(bytes.toString('latin1'));
      if (!stopped && http.method === 'POST' && seen > limits.maxResponseBytes) {
        const error = tooLarge(
          'response-too-large',
          `The response to ${source}`,
          limits.maxResponseBytes,
          seen,
        );
        halt(error, parser.abandon());
      }
      if (stopped) break;
    }
  } catch (error) {
    failure = error;
  } finally {
    if (stopped) await reader.cancel().catch(() => undefined);
    else reader.releaseLock();
  }
  if (options.isClosing()) return;
  if (!stopped && carried.size > 0 && !parser.sawEventId) {
    for (const [id, method] of carried) options.onRequestFailed?.(id, cutShort(method, id, http, failure));
  }
  options.onStreamEnd?.(http, stopped ? new LoupeError(stopped) : failure);
}

function cutShort(method: string, id: string | number, http: HttpInfo, failure: unknown): LoupeErrorData {
  const how = failure
    ? `The response stream broke (${failure instanceof Error ? failure.message : JSON.stringify(failure)})`
    : 'The server closed the response stream';
  return {
    kind: 'disconnected',
    message: `${how} before answering ${method}, and gave no event id to resume from`,
    data: { method, requestId: id, url: http.url ?? null },
  };
}
