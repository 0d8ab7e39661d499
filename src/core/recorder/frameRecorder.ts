/**
 * The frame recorder: every message both ways with its exact raw text, in order, bounded in memory.
 *
 * - Raw text is parsed here: not JSON → 'invalid' with the parse error; JSON that is not a JSON-RPC 2.0
 *   envelope → 'invalid' with the reason. A batch (JSON array) becomes one frame per element, each with
 *   the element's exact source text, so every request can still be paired with its response.
 * - Requests are paired with responses by id and direction (out-request ↔ in-response, in-request ↔
 *   out-response): the response frame gets pairSeq and rttMs.
 * - Memory is a ring buffer of `limit` frames; when full the oldest is dropped and counted as overflow.
 *   The optional journal keeps every frame on disk as JSON Lines.
 */
import type { Direction, Frame, FrameKind, HttpInfo, RecorderStats } from '../../shared/frames.js';
import type { JsonObject } from '../../shared/json.js';
import type { FrameSource, Unsubscribe } from '../types.js';
import { classify, parseEnvelopes } from './envelope.js';
import { Journal } from './journal.js';

export const defaultFrameLimit = 200_000;
/** Unanswered requests remembered for pairing, per direction. */
const maxOpenRequests = 10_000;

export interface FrameRecorderOptions {
  /** Frames held in memory (default 200000). */
  limit?: number;
  /** Append every frame to this JSON Lines file. */
  journalPath?: string;
}

export interface RecordExtra {
  http?: HttpInfo;
  /** Record as this kind without parsing (stderr lines, HTTP facts). */
  kind?: 'stderr' | 'http';
  /** The message `raw` was serialized from, when Loupe wrote it: classified without parsing raw back. */
  message?: JsonObject;
  /** The exact bytes, base64, when raw is not byte-exact (kept on the first frame of the text). */
  rawBase64?: string;
  /**
   * The UTF-8 bytes raw was decoded from, exactly (the stdio wire gives them for a big line): the frame keeps them
   * instead of the text, off the JavaScript heap, and decodes them when `raw` is read (offHeapLength). The caller must
   * never write to them again.
   */
  utf8?: Buffer;
  /** Record as an 'invalid' frame with this parseError without parsing (a truncated, oversized message). */
  invalid?: string;
  /** MCP Apps: record as a message of this app (Frame.app), not of the server. */
  app?: string;
  /** MCP Apps: the message went between Loupe and the app (Frame.channel; needs app). */
  channel?: 'app';
  /** MCP Apps, channel 'app': which running copy of the app (two views of one app number their requests alike). */
  appInstance?: string;
  /** A tapped session: the fault the tap injected on this message (Frame.fault). */
  fault?: string;
  /** When the bytes arrived, on this recorder's clock (now()) and the wall clock: a tap records after passing them on. */
  t?: number;
  wall?: number;
}

/** A recorded frame and, for a valid JSON-RPC envelope, the message parsed from its raw text. */
export interface RecordedMessage {
  frame: Frame;
  message?: JsonObject;
}

interface OpenRequest {
  seq: number;
  t: number;
}

export class FrameRecorder implements FrameSource {
  readonly limit: number;
  private readonly origin = performance.now();
  private readonly journal: Journal | undefined;
  private ring: Frame[] = [];
  /** Index in ring of the oldest frame (moves once the ring is full). */
  private oldest = 0;
  private total = 0;
  private overflow = 0;
  private readonly listeners = new Set<(frame: Frame) => void>();
  /** Open requests by id: a Map keeps the string "1" and the number 1 apart, as JSON-RPC does. */
  private readonly openOut = new Map<string | number, OpenRequest>();
  private readonly openIn = new Map<string | number, OpenRequest>();
  /** Open requests of apps to Loupe (channel 'app'), by app and id, apart from the server's. */
  private readonly openFromApps = new Map<string, OpenRequest>();
  private annotator: ((frame: Frame) => void) | undefined;

  constructor(options: FrameRecorderOptions = {}) {
    const limit = options.limit ?? defaultFrameLimit;
    this.limit = Number.isFinite(limit) && limit >= 1 ? Math.floor(limit) : defaultFrameLimit;
    this.journal = options.journalPath ? new Journal(options.journalPath) : undefined;
  }

  /** Milliseconds since the recorder started: the clock of Frame.t. */
  now(): number {
    return round(performance.now() - this.origin);
  }

  /** Records raw text sent or received; returns the frame(s) it became (several for a batch). */
  record(direction: Direction, raw: string, extra: RecordExtra = noExtra): RecordedMessage[] {
    // Read from `extra` field by field, no object spread: this runs twice per call of every session.
    if (extra.kind)
      return [{ frame: this.store(direction, raw, extra.kind, extra, undefined, extra.rawBase64, false) }];
    if (extra.invalid !== undefined) {
      const envelope = { parseError: extra.invalid };
      return [{ frame: this.store(direction, raw, 'invalid', extra, envelope, extra.rawBase64, false) }];
    }
    if (extra.message) {
      // What Loupe wrote: classified without parsing raw back.
      const envelope = classify(raw, extra.message);
      const frame = this.store(
        direction,
        envelope.raw,
        envelope.kind,
        extra,
        envelope,
        extra.rawBase64,
        true,
      );
      return [envelope.message ? { frame, message: envelope.message } : { frame }];
    }
    const envelopes = parseEnvelopes(raw);
    const recorded: RecordedMessage[] = [];
    for (let index = 0; index < envelopes.length; index++) {
      const envelope = envelopes[index];
      const bytes = index === 0 ? extra.rawBase64 : undefined;
      // The bytes are those of the whole text: a batch's elements keep their own text.
      const utf8 = envelope.raw === raw ? extra.utf8 : undefined;
      const frame = this.store(direction, envelope.raw, envelope.kind, extra, envelope, bytes, true, utf8);
      recorded.push(envelope.message ? { frame, message: envelope.message } : { frame });
    }
    return recorded;
  }

  /** Whether this app has a request to Loupe (channel 'app') with this id that no recorded frame answered yet. */
  appRequestOpen(app: string, instance: string, id: string | number): boolean {
    return this.openFromApps.has(JSON.stringify([app, instance, id]));
  }

  /** Ids of the requests sent in this direction that no recorded frame has answered yet. */
  openRequests(direction: Direction): (string | number)[] {
    return [...(direction === 'out' ? this.openOut : this.openIn).keys()];
  }

  /** Called with each frame after pairing, before it is stored, journaled and published (MCP Apps mark their frames). */
  setAnnotator(annotator: (frame: Frame) => void): void {
    this.annotator = annotator;
  }

  subscribe(listener: (frame: Frame) => void): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  frames(after = 0, limit = Number.POSITIVE_INFINITY): Frame[] {
    const held = this.ring.length;
    const firstSeq = this.total - held + 1;
    const from = Math.max(Math.floor(after) + 1, firstSeq);
    const to = Math.min(this.total, from + Math.max(0, limit) - 1);
    const out: Frame[] = [];
    for (let seq = from; seq <= to; seq++) out.push(this.ring[(this.oldest + seq - firstSeq) % held]);
    return out;
  }

  /** Every frame held in memory, oldest first. */
  all(): Frame[] {
    return this.frames(0);
  }

  stats(): RecorderStats {
    const stats: RecorderStats = {
      total: this.total,
      held: this.ring.length,
      overflow: this.overflow,
      limit: this.limit,
    };
    if (this.journal) stats.journalPath = this.journal.path;
    return stats;
  }

  /** The target's secret values: the journal writes them as "[redacted]" (connect() sets them). */
  redactSecrets(secrets: readonly string[]): void {
    this.journal?.redactSecrets(secrets);
  }

  /** Resolves once every frame recorded so far is in the journal (immediately without one). */
  flush(): Promise<void> {
    return this.journal ? this.journal.flush() : Promise.resolve();
  }

  /** The journal's write error, if writing it failed. */
  journalError(): Error | undefined {
    return this.journal?.error();
  }

  /** Flushes and closes the journal; the in-memory frames stay readable. */
  async close(): Promise<void> {
    await this.journal?.close();
  }

  /**
   * Stores one frame. `extra` gives the clock (t, wall), http and fault; an envelope's frame (`asMessage`) also takes
   * the app, channel and app instance from it.
   */
  private store(
    direction: Direction,
    raw: string,
    kind: FrameKind,
    extra: RecordExtra,
    envelope: Pick<Frame, 'method' | 'id' | 'parseError'> | undefined,
    rawBase64: string | undefined,
    asMessage: boolean,
    utf8?: Buffer,
  ): Frame {
    const seq = ++this.total;
    const t = extra.t ?? this.now();
    const wall = extra.wall ?? Date.now();
    const bytes = utf8 !== undefined && utf8.length >= offHeapLength ? utf8 : undefined;
    // While the frame is stored (paired, annotated, journaled, published) its text is at hand; after, a big frame's
    // text is read from its bytes (see offHeapLength).
    let text: string | undefined = raw;
    const frame: Frame =
      bytes === undefined
        ? { seq, t, wall, direction, kind, raw, bytes: Buffer.byteLength(raw, 'utf8') }
        : {
            seq,
            t,
            wall,
            direction,
            kind,
            get raw(): string {
              return text ?? bytes.toString('utf8');
            },
            set raw(value: string) {
              Object.defineProperty(this, 'raw', {
                value,
                writable: true,
                enumerable: true,
                configurable: true,
              });
            },
            bytes: bytes.length,
          };
    if (rawBase64 !== undefined) frame.rawBase64 = rawBase64;
    if (envelope !== undefined) {
      if (envelope.method !== undefined) frame.method = envelope.method;
      if (envelope.id !== undefined) frame.id = envelope.id;
      if (envelope.parseError !== undefined) frame.parseError = envelope.parseError;
    }
    if (extra.http) frame.http = extra.http;
    if (asMessage && extra.app !== undefined) {
      frame.app = extra.app;
      if (extra.channel) frame.channel = extra.channel;
    }
    if (extra.fault !== undefined) frame.fault = extra.fault;
    if (frame.channel === 'app') this.pairAppChannel(frame, extra.appInstance ?? '');
    else this.pair(frame);
    try {
      this.annotator?.(frame);
    } catch {
      // An annotator's fault must never stop the recording.
    }
    if (this.ring.length < this.limit) {
      this.ring.push(frame);
    } else {
      this.ring[this.oldest] = frame;
      this.oldest = (this.oldest + 1) % this.limit;
      this.overflow++;
    }
    this.journal?.append(JSON.stringify(frame));
    for (const listener of this.listeners) {
      try {
        listener(frame);
      } catch {
        // A listener's fault must never stop the recording.
      }
    }
    text = undefined;
    return frame;
  }

  /** An app's request to Loupe and Loupe's answer to it, by app and id (a server's ids are another space). */
  private pairAppChannel(frame: Frame, instance: string): void {
    if (frame.id === undefined || frame.app === undefined) return;
    const key = JSON.stringify([frame.app, instance, frame.id]);
    if (frame.kind === 'request' && frame.direction === 'in') {
      this.openFromApps.set(key, { seq: frame.seq, t: frame.t });
      if (this.openFromApps.size > maxOpenRequests)
        this.openFromApps.delete(this.openFromApps.keys().next().value as string);
      return;
    }
    if ((frame.kind !== 'response' && frame.kind !== 'error') || frame.direction !== 'out') return;
    const request = this.openFromApps.get(key);
    if (!request) return;
    this.openFromApps.delete(key);
    frame.pairSeq = request.seq;
    frame.rttMs = round(frame.t - request.t);
  }

  private pair(frame: Frame): void {
    if (frame.id === undefined) return;
    const key = frame.id;
    if (frame.kind === 'request') {
      const open = frame.direction === 'out' ? this.openOut : this.openIn;
      open.set(key, { seq: frame.seq, t: frame.t });
      // Requests never answered must not grow the map forever: forget the oldest.
      if (open.size > maxOpenRequests) open.delete(open.keys().next().value as string | number);
      return;
    }
    if (frame.kind !== 'response' && frame.kind !== 'error') return;
    const open = frame.direction === 'in' ? this.openOut : this.openIn;
    const request = open.get(key);
    if (!request) return;
    open.delete(key);
    frame.pairSeq = request.seq;
    frame.rttMs = round(frame.t - request.t);
  }
}

/**
 * A frame of this many bytes or more, recorded with the bytes it was decoded from (RecordExtra.utf8: the stdio wire's
 * big lines), keeps them instead of its text, off the JavaScript heap, and decodes them each time `raw` is read. A
 * recorder keeps every frame for the session (snapshots, the error doctor, lint of the session): 1,000 pages of 25 KB
 * as strings were copied by every young collection until promoted, most of the young generation's work in a
 * 50,000-tool `loupe list` (bench/README.md, "Big lists"). The bytes are the chunk the wire read, so keeping them costs
 * no copy; encoding a text to keep its bytes cost about as much as the collections it spared. Below this size a
 * Buffer would cost more than the string it holds.
 */
export const offHeapLength = 4096;

/** record()'s default: nothing extra (one object, not a new one per frame). */
const noExtra: RecordExtra = {};

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}
