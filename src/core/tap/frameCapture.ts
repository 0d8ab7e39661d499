/**
 * The tap's record of one frame (a stdio line, an SSE event's data, an HTTP body), bounded: it is handed the frame's
 * bytes as they pass, holds them while the frame is within the recording limit (--max-frame-bytes, 64 MiB unless
 * told), and past it keeps only its first bytes, its size and a SHA-256 digest of every byte. The bytes themselves
 * always pass on whole and unchanged; only the record is bounded.
 *
 * A frame past the limit is recorded as a marker: an 'invalid' frame whose raw text is the frame's head and whose
 * parseError names its size, its digest and the limit, ending as every truncated frame of Loupe's does (": only the
 * first N bytes are recorded", wire/limits.ts). Someone holding the bytes can check them against the digest.
 */
import { isUtf8 } from 'node:buffer';
import { createHash, type Hash } from 'node:crypto';
import type { Direction } from '../../shared/frames.js';
import type { FrameRecorder, RecordExtra } from '../recorder/frameRecorder.js';
import { defaultMaxFrameBytes, keptPrefixBytes } from '../wire/limits.js';

export { defaultMaxFrameBytes };

export interface Oversize {
  /** Every byte of the frame. */
  size: number;
  /** SHA-256 of every byte, hex. */
  sha256: string;
  /** Its first bytes (keptPrefixBytes). */
  head: Buffer;
}

export type Captured = { bytes: Buffer } | { oversize: Oversize };

/** The tap's recording limit: a positive whole number of bytes, or the default. */
export function frameLimit(limit: number | undefined): number {
  return limit !== undefined && Number.isFinite(limit) && limit >= 1
    ? Math.floor(limit)
    : defaultMaxFrameBytes;
}

export class FrameCapture {
  private held: Buffer[] = [];
  private size = 0;
  private hash: Hash | undefined;
  private head: Buffer | undefined;

  /** `borrowed`: the bytes pushed are views that change once push() returns, so what is held is copied. */
  constructor(
    private readonly limit: number,
    private readonly borrowed = false,
  ) {}

  /** Bytes the capture holds (at most the limit). */
  get heldBytes(): number {
    return this.hash ? 0 : this.size;
  }

  push(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.size += bytes.length;
    if (this.hash) {
      this.hash.update(bytes);
      // A limit under the head's size: the head still fills up to it.
      const head = this.head ?? Buffer.alloc(0);
      if (head.length < keptPrefixBytes)
        this.head = Buffer.concat([head, bytes.subarray(0, keptPrefixBytes - head.length)]);
      return;
    }
    if (this.size <= this.limit) {
      this.held.push(this.borrowed ? Buffer.from(bytes) : bytes);
      return;
    }
    // Past the limit: what is held goes into the digest and the head, and is let go of.
    const hash = createHash('sha256');
    const head: Buffer[] = [];
    let kept = 0;
    for (const part of [...this.held, bytes]) {
      hash.update(part);
      if (kept < keptPrefixBytes) {
        const taken = part.subarray(0, keptPrefixBytes - kept);
        head.push(taken);
        kept += taken.length;
      }
    }
    this.hash = hash;
    this.head = Buffer.from(Buffer.concat(head));
    this.held = [];
  }

  /** The frame is complete: its bytes, or past the limit what is known of it. The capture starts over. */
  finish(): Captured {
    const result: Captured = this.hash
      ? { oversize: { size: this.size, sha256: this.hash.digest('hex'), head: this.head ?? Buffer.alloc(0) } }
      : { bytes: this.held.length === 1 ? this.held[0] : Buffer.concat(this.held) };
    this.held = [];
    this.size = 0;
    this.hash = undefined;
    this.head = undefined;
    return result;
  }
}

/** The bytes as recorded text: UTF-8, with the exact bytes beside it when they are not. */
function asText(bytes: Buffer): { text: string; rawBase64?: string } {
  const text = bytes.toString('utf8');
  // Bytes that are not UTF-8 decode to U+FFFD: only a text holding one (sent as such or not) needs the check.
  if (!text.includes('\uFFFD') || isUtf8(bytes)) return { text };
  return { text, rawBase64: bytes.toString('base64') };
}

/** The marker's parseError: what passed, its size and digest, and how much of it is recorded. */
export function oversizeNote(what: string, oversize: Oversize, limit: number): string {
  return (
    `${what} of ${oversize.size} bytes passed the tap's recording limit of ${limit} bytes (--max-frame-bytes) and ` +
    `passed on unchanged; sha256 ${oversize.sha256}: only the first ${oversize.head.length} bytes are recorded`
  );
}

/**
 * Records a captured frame: its text (a message, or `extra.kind`), or past the limit the marker. A frame within the
 * limit that still cannot be held as one string or one journal line (a limit set near V8's string limit) is recorded
 * as the marker too: recording never ends the tap.
 */
export function recordCaptured(
  recorder: FrameRecorder,
  direction: Direction,
  captured: Captured,
  what: string,
  limit: number,
  extra: RecordExtra = {},
): void {
  let oversize: Oversize;
  if ('bytes' in captured) {
    try {
      const { text, rawBase64 } = asText(captured.bytes);
      recorder.record(direction, text, rawBase64 === undefined ? extra : { ...extra, rawBase64 });
      return;
    } catch (error) {
      if (!(error instanceof RangeError) && (error as NodeJS.ErrnoException).code !== 'ERR_STRING_TOO_LONG')
        throw error;
      oversize = {
        size: captured.bytes.length,
        sha256: createHash('sha256').update(captured.bytes).digest('hex'),
        head: captured.bytes.subarray(0, keptPrefixBytes),
      };
    }
  } else oversize = captured.oversize;
  const note = oversizeNote(what, oversize, limit);
  const head = asText(oversize.head);
  const exact = head.rawBase64 === undefined ? {} : { rawBase64: head.rawBase64 };
  // A stderr line or an HTTP fact has no parseError: the note leads its text.
  if (extra.kind) recorder.record(direction, `[loupe tap: ${note}] ${head.text}`, { ...extra });
  else recorder.record(direction, head.text, { ...extra, ...exact, invalid: note });
}
