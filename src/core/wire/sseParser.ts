/**
 * An incremental Server-Sent Events parser (the WHATWG event-stream format): feed it text in chunks of any
 * size, it calls back once per complete event. Comments and events without data are skipped.
 * Fed with latin1-decoded bytes (one character per byte), it works on bytes: lengths are byte counts and
 * an event's data converts back to its exact bytes (the format's syntax is all ASCII).
 * An event whose data passes maxEventLength is not buffered further: it is reported once with a prefix
 * and the rest of it is dropped up to the blank line that ends it.
 */
import { keptPrefixBytes } from './limits.js';

export interface SseEvent {
  /** The event type; 'message' when the stream named none. */
  event: string;
  data: string;
  id?: string;
  retry?: number;
}

export interface SseParserOptions {
  maxEventLength?: number;
  /** An event passed maxEventLength: the first characters of its data and how many were read so far. */
  onOversize?(prefix: string, seen: number): void;
}

export class SseParser {
  /** The start of a line whose end has not arrived yet. */
  private partial: string[] = [];
  private partialLength = 0;
  /** The last chunk ended with '\r': a '\n' starting the next one belongs to it. */
  private afterCr = false;
  private data: string[] = [];
  private dataLength = 0;
  private event = '';
  private id: string | undefined;
  private retry: number | undefined;
  /** Dropping the rest of an oversized event; midLine: inside a line of it. */
  private skipping = false;
  private midLine = false;
  private sawId = false;
  private readonly maxEventLength: number;

  constructor(
    private readonly onEvent: (event: SseEvent) => void,
    private readonly options: SseParserOptions = {},
  ) {
    this.maxEventLength = options.maxEventLength ?? Number.POSITIVE_INFINITY;
  }

  /** Whether the stream has set a non-empty event id (it can then be resumed with Last-Event-ID). */
  get sawEventId(): boolean {
    return this.sawId;
  }

  push(text: string): void {
    let start = this.afterCr && text.startsWith('\n') ? 1 : 0;
    if (text !== '') this.afterCr = false;
    const terminator = /[\r\n]/g;
    terminator.lastIndex = start;
    for (let match = terminator.exec(text); match; match = terminator.exec(text)) {
      let index = match.index;
      this.endLine(text.slice(start, index));
      if (text[index] === '\r') {
        if (index + 1 === text.length) this.afterCr = true;
        else if (text[index + 1] === '\n') index++;
      }
      start = index + 1;
      terminator.lastIndex = start;
    }
    if (start < text.length) this.addPartial(text.slice(start));
  }

  /** Drops the event being read and returns the first characters of its data (a stream cut short). */
  abandon(): string {
    const prefix = this.prefix();
    this.resetEvent();
    return prefix;
  }

  private addPartial(piece: string): void {
    if (this.skipping) {
      this.midLine = true;
      return;
    }
    // A data line's field name is not data: count its value only (as for complete lines).
    const field = this.partial.length
      ? 0
      : piece.startsWith('data: ')
        ? 6
        : piece.startsWith('data:')
          ? 5
          : 0;
    this.partial.push(piece);
    this.partialLength += piece.length - field;
    if (this.dataLength + this.partialLength > this.maxEventLength) {
      this.oversize();
      this.midLine = true;
    }
  }

  private endLine(piece: string): void {
    const line = this.partial.length ? this.partial.join('') + piece : piece;
    this.partial = [];
    this.partialLength = 0;
    if (this.skipping) {
      if (this.midLine) this.midLine = false;
      else if (line === '') {
        this.skipping = false;
        this.resetEvent();
      }
      return;
    }
    this.line(line);
    if (this.dataLength > this.maxEventLength) this.oversize();
  }

  private oversize(): void {
    const seen = this.dataLength + this.partialLength;
    const prefix = this.prefix();
    this.resetEvent();
    this.skipping = true;
    this.options.onOversize?.(prefix, seen);
  }

  /** The first characters of the pending event's data (with the data line being read, its field name cut). */
  private prefix(): string {
    let line = '';
    for (const piece of this.partial) {
      if (line.length >= keptPrefixBytes + 6) break;
      line += piece.slice(0, keptPrefixBytes + 6 - line.length);
    }
    const value = line.startsWith('data:') ? line.slice(line.startsWith('data: ') ? 6 : 5) : '';
    const data = this.data.join('\n').slice(0, keptPrefixBytes);
    const joined = data && value ? `${data}\n${value}` : data || value;
    return joined.slice(0, keptPrefixBytes);
  }

  private resetEvent(): void {
    this.partial = [];
    this.partialLength = 0;
    this.data = [];
    this.dataLength = 0;
    this.event = '';
  }

  private line(line: string): void {
    if (line === '') {
      this.dispatch();
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') {
      this.dataLength += value.length + (this.data.length ? 1 : 0);
      this.data.push(value);
    } else if (field === 'event') this.event = value;
    else if (field === 'id' && !value.includes('\0')) {
      this.id = value;
      if (value !== '') this.sawId = true;
    } else if (field === 'retry' && /^\d+$/.test(value)) this.retry = Number(value);
  }

  private dispatch(): void {
    const data = this.data;
    const event = this.event;
    this.data = [];
    this.dataLength = 0;
    this.event = '';
    if (data.length === 0) return;
    const out: SseEvent = { event: event || 'message', data: data.join('\n') };
    if (this.id !== undefined) out.id = this.id;
    if (this.retry !== undefined) out.retry = this.retry;
    this.retry = undefined;
    this.onEvent(out);
  }
}
