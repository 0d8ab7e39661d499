import type { Frame, PushedFrame } from '../../shared/frames';

/**
 * The renderer's frame store: appended in place (batches arrive every few tens of ms; no copy of the
 * whole array per batch). Components re-render on the store's frameVersion, not on a new array.
 * A list page arrives without its raw text (PushedFrame); `fill` puts in the whole frame once read by seq, and
 * `missing` names the seqs the backend no longer held when asked (store/frameTexts.ts).
 */
export class FrameLog {
  readonly frames: PushedFrame[] = [];
  /** Seqs whose text was asked for and could not be read (the backend no longer held it), with why. */
  readonly missing = new Map<number, string>();
  /** Bumped by each fill: what was searched before may match now. */
  fills = 0;

  get length(): number {
    return this.frames.length;
  }

  get lastSeq(): number {
    return this.frames.length === 0 ? 0 : this.frames[this.frames.length - 1].seq;
  }

  /** Appends frames newer than the last one held; returns how many were added. */
  append(batch: readonly PushedFrame[]): number {
    let added = 0;
    for (const frame of batch) {
      if (frame.seq <= this.lastSeq) continue;
      this.frames.push(frame);
      added += 1;
    }
    return added;
  }

  /** Position of the frame with this seq (frames are in seq order, with gaps after overflow). */
  indexOfSeq(seq: number): number {
    let low = 0;
    let high = this.frames.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const value = this.frames[middle].seq;
      if (value === seq) return middle;
      if (value < seq) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  bySeq(seq: number): PushedFrame | undefined {
    const index = this.indexOfSeq(seq);
    return index < 0 ? undefined : this.frames[index];
  }

  /** Frames that arrived without their text, now read whole (same seqs); returns how many were put in. */
  fill(whole: readonly Frame[]): number {
    let filled = 0;
    for (const frame of whole) {
      const index = this.indexOfSeq(frame.seq);
      if (index < 0 || !('rawLeft' in this.frames[index])) continue;
      this.frames[index] = frame;
      filled += 1;
    }
    if (filled > 0) this.fills += 1;
    return filled;
  }

  /** Seqs of the frames held without their text (and not known to be gone), oldest first. */
  withoutText(): number[] {
    const seqs: number[] = [];
    for (const frame of this.frames)
      if ('rawLeft' in frame && !this.missing.has(frame.seq)) seqs.push(frame.seq);
    return seqs;
  }

  static of(frames: readonly PushedFrame[]): FrameLog {
    const log = new FrameLog();
    log.append([...frames].sort((a, b) => a.seq - b.seq));
    return log;
  }
}
