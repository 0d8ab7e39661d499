/**
 * Splits a byte stream into lines on '\n'. Splitting happens on bytes, so a multi-byte UTF-8 character
 * cut across chunks is reassembled before decoding; a trailing '\r' is removed ('\r\n' line ends).
 * A line that is not valid UTF-8 is handed over with its exact bytes beside the decoded text.
 * A line longer than maxLineBytes is not buffered past the limit: the splitter reports it once (with a
 * prefix of its bytes) and drops the rest of it up to the next '\n'.
 */
import { isUtf8 } from 'node:buffer';
import { keptPrefixBytes } from './limits.js';

export interface LineSplitterOptions {
  maxLineBytes?: number;
  /**
   * A UTF-8 line of at least this many bytes is handed over with its bytes as well (a view of the chunk read, which
   * the stream never writes again): a frame recorder keeps them instead of the text (frameRecorder.ts, offHeapLength).
   */
  bytesFrom?: number;
  /** A line passed maxLineBytes: the first bytes of it and how many bytes of it were read so far. */
  onOversize?(prefix: Buffer, seen: number): void;
}

export class LineSplitter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Inside an oversized line: bytes are dropped up to the next '\n'. */
  private discarding = false;
  private readonly maxLineBytes: number;
  private readonly bytesFrom: number;

  constructor(
    private readonly onLine: (line: string, exactBytes?: Buffer, utf8?: Buffer) => void,
    private readonly options: LineSplitterOptions = {},
  ) {
    this.maxLineBytes = options.maxLineBytes ?? Number.POSITIVE_INFINITY;
    this.bytesFrom = options.bytesFrom ?? Number.POSITIVE_INFINITY;
  }

  push(chunk: Buffer): void {
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(0x0a, start);
      const stop = newline === -1 ? chunk.length : newline;
      if (this.discarding) {
        if (newline !== -1) this.discarding = false;
      } else if (this.pendingBytes + stop - start > this.maxLineBytes) {
        this.oversize(chunk.subarray(start, stop));
        this.discarding = newline === -1;
      } else if (newline === -1) {
        if (stop > start) {
          this.pending.push(chunk.subarray(start, stop));
          this.pendingBytes += stop - start;
        }
      } else if (this.pending.length) {
        const line = Buffer.concat([...this.pending, chunk.subarray(start, stop)]);
        this.reset();
        this.emit(line, 0, line.length);
      } else {
        // A whole line inside the chunk (the usual case): decoded in place, no view of it made.
        this.emit(chunk, start, stop);
      }
      if (newline === -1) return;
      start = newline + 1;
    }
  }

  /** Emits what is left after the last newline (a final line without '\n'), if anything. */
  end(): void {
    if (this.discarding || this.pending.length === 0) return;
    const line = Buffer.concat(this.pending);
    this.reset();
    if (line.length) this.emit(line, 0, line.length);
  }

  private reset(): void {
    this.pending = [];
    this.pendingBytes = 0;
  }

  private oversize(piece: Buffer): void {
    const seen = this.pendingBytes + piece.length;
    const parts: Buffer[] = [];
    let kept = 0;
    for (const part of [...this.pending, piece]) {
      if (kept >= keptPrefixBytes) break;
      const taken = part.subarray(0, keptPrefixBytes - kept);
      parts.push(taken);
      kept += taken.length;
    }
    this.reset();
    this.options.onOversize?.(Buffer.concat(parts), seen);
  }

  /** Hands over the line in buffer[start, stop), without a trailing '\r'. */
  private emit(buffer: Buffer, start: number, stop: number): void {
    const end = stop > start && buffer[stop - 1] === 0x0d ? stop - 1 : stop;
    const text = buffer.toString('utf8', start, end);
    // Bytes that are not UTF-8 decode to U+FFFD: only a line holding one (sent as such or not) needs the check.
    if (!text.includes('\uFFFD')) {
      if (end - start >= this.bytesFrom) this.onLine(text, undefined, buffer.subarray(start, end));
      else this.onLine(text, undefined);
      return;
    }
    const bytes = buffer.subarray(start, end);
    this.onLine(text, isUtf8(bytes) ? undefined : bytes);
  }
}
