/**
 * The events of an answer's SSE stream, for the HTTP tap's record: an incremental parser of the event-stream format
 * (WHATWG: lines ended by CRLF, LF or CR; `data` lines joined by '\n'; a blank line ends an event) that works on the
 * bytes as they passed and holds an event's data only up to the recording limit (frameCapture.ts). Past it the event
 * is recorded as a marker with its size, digest and first bytes; the events after it are recorded as usual.
 *
 * Each event's message is recorded 'in', timed by `arrived()` (the chunk that completed it). An event with empty data
 * (a priming event, a keep-alive) carries no message and is not recorded; one of another type than 'message' (legacy
 * SSE's 'endpoint') is an HTTP fact, as Loupe's own sessions record them (eventStream.ts).
 */
import type { HttpInfo } from '../../shared/frames.js';
import type { FrameRecorder } from '../recorder/frameRecorder.js';
import { FrameCapture, recordCaptured } from './frameCapture.js';
import type { Arrival } from './quietRecording.js';

const lf = 0x0a;
const cr = 0x0d;
const newline = Buffer.from('\n');
/** Field names and the values the record needs (an event's type) are short: longer ones are not followed. */
const maxName = 64;
const maxValue = 1024;

type LineMode = 'name' | 'data' | 'value' | 'skip';

export class TapSse {
  private readonly capture: FrameCapture;
  /** The current event's data lines so far. */
  private dataLines = 0;
  private type = '';
  /** The last chunk ended with '\r': a '\n' starting the next one belongs to it. */
  private afterCr = false;
  private mode: LineMode = 'name';
  private name = '';
  private value = '';
  /** A data line's value may start with one space, which is not data. */
  private spaceAllowed = false;

  constructor(
    private readonly recorder: FrameRecorder,
    private readonly http: HttpInfo,
    private readonly arrived: () => Arrival,
    private readonly limit: number,
  ) {
    this.capture = new FrameCapture(limit);
  }

  push(chunk: Buffer): void {
    let at = 0;
    if (this.afterCr && chunk.length > 0) {
      this.afterCr = false;
      if (chunk[0] === lf) at = 1;
    }
    let nextLf = -2;
    let nextCr = -2;
    while (at < chunk.length) {
      if (nextLf !== -1 && nextLf < at) nextLf = chunk.indexOf(lf, at);
      if (nextCr !== -1 && nextCr < at) nextCr = chunk.indexOf(cr, at);
      const end =
        nextLf === -1
          ? nextCr === -1
            ? chunk.length
            : nextCr
          : nextCr === -1
            ? nextLf
            : Math.min(nextLf, nextCr);
      if (end > at) this.text(chunk.subarray(at, end));
      if (end === chunk.length) return;
      if (chunk[end] === cr) {
        if (end + 1 === chunk.length) this.afterCr = true;
        at = end + 1 < chunk.length && chunk[end + 1] === lf ? end + 2 : end + 1;
      } else at = end + 1;
      this.endLine();
    }
  }

  /** Part of a line (no terminator in it). */
  private text(piece: Buffer): void {
    switch (this.mode) {
      case 'data':
        if (this.spaceAllowed) {
          this.spaceAllowed = false;
          if (piece[0] === 0x20) piece = piece.subarray(1);
        }
        this.capture.push(piece);
        return;
      case 'value':
        if (this.value.length < maxValue) this.value += piece.subarray(0, maxValue).toString('latin1');
        return;
      case 'skip':
        return;
      case 'name': {
        const colon = piece.indexOf(0x3a);
        this.name += piece.subarray(0, colon === -1 ? maxName : Math.min(colon, maxName)).toString('latin1');
        if (colon === -1) {
          if (this.name.length >= maxName) this.mode = 'skip';
          return;
        }
        this.field(this.name);
        const rest = piece.subarray(colon + 1);
        if (rest.length > 0) this.text(rest);
      }
    }
  }

  /** The line's field name is known (its colon came): what its value is for. */
  private field(name: string): void {
    if (name === 'data') {
      if (this.dataLines > 0) this.capture.push(newline);
      this.dataLines += 1;
      this.mode = 'data';
      this.spaceAllowed = true;
    } else if (name === 'event') this.mode = 'value';
    else this.mode = 'skip';
  }

  private endLine(): void {
    if (this.mode === 'name') {
      // A line without a colon: an empty one ends the event; a field name alone has an empty value.
      if (this.name === '') this.dispatch();
      else if (this.name === 'data') this.field('data');
      else if (this.name === 'event') this.type = '';
    } else if (this.mode === 'value') {
      this.type = (this.value.startsWith(' ') ? this.value.slice(1) : this.value).slice(0, maxValue);
    }
    this.mode = 'name';
    this.name = '';
    this.value = '';
    this.spaceAllowed = false;
  }

  private dispatch(): void {
    const lines = this.dataLines;
    const type = this.type || 'message';
    this.dataLines = 0;
    this.type = '';
    if (lines === 0) return;
    const captured = this.capture.finish();
    if ('bytes' in captured && captured.bytes.length === 0) return;
    // An event of another type (legacy SSE's 'endpoint') is a fact of the transport, not a message.
    const extra =
      type === 'message'
        ? { http: this.http, ...this.arrived() }
        : { kind: 'http' as const, http: this.http, ...this.arrived() };
    recordCaptured(this.recorder, 'in', captured, 'An SSE event', this.limit, extra);
  }
}
