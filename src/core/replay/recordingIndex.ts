/**
 * A snapshot's frames read as a recording: each request Loupe sent with the server's answer, the server's messages
 * that came while it was pending (progress, log messages, its own requests) and those that followed it until
 * Loupe's next message (a list_changed after the call that caused it). Checked whole before anything is served:
 * a recording that is truncated, lost frames or does not add up ends in one snapshot-invalid error naming why.
 */
import { LoupeError } from '../../shared/errors.js';
import type { Frame } from '../../shared/frames.js';
import { isJsonObject, type JsonObject } from '../../shared/json.js';
import type { Snapshot } from '../../shared/snapshot.js';
import { cursorOf, handshakeMethods, requestKey, requestSubject } from './requestKey.js';
import { findMember } from './spliceMember.js';

/** A server message to send again: its raw text cut around the member the client's value goes in. */
export interface ServerMessage {
  raw: string;
  t: number;
  method?: string;
  /** A server request (elicitation, sampling, roots): the replay waits for the client's answer. */
  request: boolean;
  /** A progress notification: the client's token goes between these two parts. */
  token?: [string, string];
}

export interface RecordedAnswer {
  /** The response text cut around its id: the client's id goes between. */
  parts: [string, string];
  raw: string;
  t: number;
  error: boolean;
  /** Over HTTP: the status and content type it came with (an event stream, or a 400 whose body is the error). */
  status?: number;
  contentType?: string;
  /** An HTTP refusal's body: sent as it was (its id is the server's null, not the request's). */
  verbatim?: true;
}

export interface Exchange {
  method: string;
  key: string;
  params: JsonObject;
  subject?: string;
  cursor?: string;
  t: number;
  during: ServerMessage[];
  answer?: RecordedAnswer;
  after: ServerMessage[];
}

export interface RecordingIndex {
  era: 'modern' | 'legacy';
  transport: string;
  sessionId?: string;
  capabilities: JsonObject;
  /** Exchanges by request key, in recorded order (a repeated request gets the next recorded answer). */
  exchanges: Map<string, Exchange[]>;
  byMethod: Map<string, Exchange[]>;
  /** What the server sent after each of Loupe's notifications, by method, in order. */
  afterNotification: Map<string, ServerMessage[][]>;
  /** Server messages before Loupe sent anything. */
  prelude: ServerMessage[];
  calls: number;
}

function invalid(message: string, path?: string): LoupeError {
  return new LoupeError({
    kind: 'snapshot-invalid',
    message: `Cannot replay this recording: ${message}`,
    ...(path ? { data: { path } } : {}),
  });
}

function parseRaw(frame: Frame, index: number): JsonObject {
  let value: unknown;
  try {
    value = JSON.parse(frame.raw);
  } catch {
    throw invalid(
      `frames[${index}] (seq ${frame.seq}) is a ${frame.kind} whose raw text is not JSON: the file was cut or edited.`,
      `frames[${index}].raw`,
    );
  }
  if (!isJsonObject(value))
    throw invalid(
      `frames[${index}] (seq ${frame.seq}) is a ${frame.kind} whose raw text is not a JSON object.`,
      `frames[${index}].raw`,
    );
  return value;
}

function cut(raw: string, path: string[], index: number, frame: Frame): [string, string] {
  const span = findMember(raw, path);
  if (!span)
    throw invalid(
      `frames[${index}] (seq ${frame.seq}) has no ${path.join('.')} member to answer with.`,
      `frames[${index}].raw`,
    );
  return [raw.slice(0, span[0]), raw.slice(span[1])];
}

function serverMessage(frame: Frame, index: number, message: JsonObject): ServerMessage {
  const method = typeof message.method === 'string' ? message.method : undefined;
  const out: ServerMessage = {
    raw: frame.raw,
    t: frame.t,
    request: frame.kind === 'request',
    ...(method ? { method } : {}),
  };
  if (method === 'notifications/progress')
    out.token = cut(frame.raw, ['params', 'progressToken'], index, frame);
  return out;
}

function checkFrames(snapshot: Snapshot): void {
  if (snapshot.framesDropped > 0) {
    throw invalid(
      `${snapshot.framesDropped} frames were dropped from memory before it was saved (the recorder's limit): the recording is incomplete.`,
      'framesDropped',
    );
  }
  let previous = 0;
  for (const [index, frame] of snapshot.frames.entries()) {
    if (frame.seq <= previous)
      throw invalid(
        `frames[${index}] has seq ${frame.seq} after ${previous}: frames are out of order.`,
        `frames[${index}].seq`,
      );
    previous = frame.seq;
    // A frame whose text does not have the length recorded with it was cut or edited after it was saved.
    if (frame.rawBase64 === undefined && Buffer.byteLength(frame.raw, 'utf8') !== frame.bytes) {
      throw invalid(
        `frames[${index}] (seq ${frame.seq}) holds ${Buffer.byteLength(frame.raw, 'utf8')} bytes of text but recorded ${frame.bytes}: the frame was cut or edited.`,
        `frames[${index}].raw`,
      );
    }
  }
}

export function indexRecording(snapshot: Snapshot): RecordingIndex {
  checkFrames(snapshot);
  const index: RecordingIndex = {
    era: snapshot.era ?? 'legacy',
    transport: snapshot.transport ?? snapshot.target.transport,
    ...(snapshot.sessionId === undefined ? {} : { sessionId: snapshot.sessionId }),
    capabilities: snapshot.capabilities ?? {},
    exchanges: new Map(),
    byMethod: new Map(),
    afterNotification: new Map(),
    prelude: [],
    calls: 0,
  };
  const bySeq = new Map<number, Exchange>();
  let last: Exchange | ServerMessage[] = index.prelude;
  for (const [position, frame] of snapshot.frames.entries()) {
    if (frame.channel === 'app' || frame.kind === 'stderr' || frame.kind === 'invalid') continue;
    if (frame.kind === 'http') {
      // An HTTP refusal (a 400 to server/discover, its body a JSON-RPC error with id null): the answer, sent as it was.
      if (
        frame.direction === 'in' &&
        !Array.isArray(last) &&
        !last.answer &&
        (frame.http?.status ?? 0) >= 400
      ) {
        last.answer = {
          parts: [frame.raw, ''],
          raw: frame.raw,
          t: frame.t,
          error: true,
          ...httpFacts(frame),
          verbatim: true,
        };
      }
      continue;
    }
    const message = parseRaw(frame, position);
    if (frame.direction === 'out') {
      if (frame.kind === 'request') {
        const method = typeof message.method === 'string' ? message.method : '';
        const params = isJsonObject(message.params) ? message.params : {};
        const subject = requestSubject(params);
        const cursor = cursorOf(params);
        const exchange: Exchange = {
          method,
          key: requestKey(method, params),
          params,
          t: frame.t,
          during: [],
          after: [],
          ...(subject === undefined ? {} : { subject }),
          ...(cursor === undefined ? {} : { cursor }),
        };
        bySeq.set(frame.seq, exchange);
        push(index.exchanges, exchange.key, exchange);
        push(index.byMethod, method, exchange);
        last = exchange;
      } else if (frame.kind === 'notification') {
        const steps: ServerMessage[] = [];
        push(index.afterNotification, typeof message.method === 'string' ? message.method : '', steps);
        last = steps;
      }
      continue;
    }
    if (frame.kind === 'response' || frame.kind === 'error') {
      const exchange = frame.pairSeq === undefined ? undefined : bySeq.get(frame.pairSeq);
      if (!exchange) continue;
      exchange.answer = {
        parts: cut(frame.raw, ['id'], position, frame),
        raw: frame.raw,
        t: frame.t,
        error: frame.kind === 'error',
        ...httpFacts(frame),
      };
      continue;
    }
    const step = serverMessage(frame, position, message);
    if (Array.isArray(last)) last.push(step);
    else (last.answer ? last.after : last.during).push(step);
  }
  const handshake = handshakeMethods
    .flatMap((method) => index.byMethod.get(method) ?? [])
    .find((exchange) => exchange.answer && !exchange.answer.error);
  if (!handshake) {
    throw invalid(
      snapshot.connected
        ? 'it holds no answered initialize or server/discover exchange (the frames were cut).'
        : `the recorded session never connected (${snapshot.error?.message ?? 'no handshake'}); there is nothing to serve.`,
      'frames',
    );
  }
  index.calls = [...index.byMethod.entries()]
    .filter(([method]) =>
      ['tools/call', 'resources/read', 'prompts/get', 'completion/complete'].includes(method),
    )
    .reduce((sum, [, list]) => sum + list.length, 0);
  return index;
}

function httpFacts(frame: Frame): { status?: number; contentType?: string } {
  return {
    ...(frame.http?.status === undefined ? {} : { status: frame.http.status }),
    ...(frame.http?.contentType === undefined ? {} : { contentType: frame.http.contentType }),
  };
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
