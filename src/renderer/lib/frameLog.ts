import type { Frame } from '../../shared/frames';

/**
 * The renderer's frame store: appended in place (batches arrive every few tens of ms; no copy of the
 * whole array per batch). Components re-render on the store's frameVersion, not on a new array.
 */
export class FrameLog {
  readonly frames: Frame[] = [];

  get length(): number {
    return this.frames.length;
  }

  get lastSeq(): number {
    return this.frames.length === 0 ? 0 : this.frames[this.frames.length - 1].seq;
  }

  /** Appends frames newer than the last one held; returns how many were added. */
  append(batch: readonly Frame[]): number {
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

  bySeq(seq: number): Frame | undefined {
    const index = this.indexOfSeq(seq);
    return index < 0 ? undefined : this.frames[index];
  }

  static of(frames: readonly Frame[]): FrameLog {
    const log = new FrameLog();
    log.append([...frames].sort((a, b) => a.seq - b.seq));
    return log;
  }
}
