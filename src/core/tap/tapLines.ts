/**
 * The lines of one direction of a stdio tap, for the record: split on '\n', each line exactly as it crossed the pipe
 * (a '\r' before the '\n' is part of it: the journal is the bytes), held only up to the recording limit
 * (frameCapture.ts). Past the limit a line is recorded as a marker with its size, digest and head, and the lines
 * after it are recorded as usual.
 */
import type { Direction } from '../../shared/frames.js';
import type { FrameRecorder, RecordExtra } from '../recorder/frameRecorder.js';
import { FrameCapture, recordCaptured } from './frameCapture.js';

export class TapLines {
  private readonly capture: FrameCapture;
  /** Bytes of the current line have arrived. */
  private open = false;

  /**
   * `extra()` gives each line's extras as it is recorded (its arrival time); `what` names a line in a marker
   * ("A stdout line"). `borrowed`: the chunks pushed are views that change after push() returns (a ring's), so a
   * line is copied as it is held.
   */
  constructor(
    private readonly recorder: FrameRecorder,
    private readonly direction: Direction,
    private readonly limit: number,
    private readonly what: string,
    private readonly extra: () => RecordExtra,
    borrowed = false,
  ) {
    this.capture = new FrameCapture(limit, borrowed);
  }

  push(chunk: Buffer): void {
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(0x0a, start);
      if (newline === -1) {
        if (start < chunk.length) {
          this.capture.push(chunk.subarray(start));
          this.open = true;
        }
        return;
      }
      this.capture.push(chunk.subarray(start, newline));
      this.open = false;
      this.record();
      start = newline + 1;
    }
  }

  /** The source ended: a last line without '\n' is recorded as it is. */
  end(): void {
    if (!this.open) return;
    this.open = false;
    this.record();
  }

  private record(): void {
    recordCaptured(this.recorder, this.direction, this.capture.finish(), this.what, this.limit, this.extra());
  }
}
