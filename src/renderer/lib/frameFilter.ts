import type { Frame } from '../../shared/frames';
import type { TrafficFilter } from '../store/trafficSlice';
import type { FrameLog } from './frameLog';

/** The method a frame is about: its own, or its request's for a response. */
export function frameMethod(frame: Frame, log: FrameLog): string | undefined {
  if (frame.method) return frame.method;
  if (frame.pairSeq !== undefined) return log.bySeq(frame.pairSeq)?.method;
  return undefined;
}

export function matchesFrame(frame: Frame, filter: TrafficFilter, log: FrameLog): boolean {
  if (filter.direction !== 'all' && frame.direction !== filter.direction) return false;
  if (filter.method !== '') {
    const method = frameMethod(frame, log) ?? '';
    if (!method.toLowerCase().includes(filter.method.toLowerCase())) return false;
  }
  if (filter.text !== '' && !frame.raw.toLowerCase().includes(filter.text.toLowerCase())) return false;
  return true;
}

export interface FrameWindow {
  log: FrameLog;
  filter: TrafficFilter;
  /** Frames with seq at or below this are hidden (Clear). */
  clearedThroughSeq: number;
  /** Only the first `limit` frames of the log are in view (Pause). */
  limit: number;
}

/**
 * Positions in the log of the frames in view. Kept per log and extended as frames arrive, so a batch
 * costs work proportional to the batch, not to the whole log.
 */
export class FrameIndex {
  private key = '';
  private log: FrameLog | undefined;
  private scanned = 0;
  private positions: number[] = [];

  compute(view: FrameWindow): number[] {
    const key = JSON.stringify([view.filter, view.clearedThroughSeq]);
    if (key !== this.key || view.log !== this.log || view.limit < this.scanned) {
      this.key = key;
      this.log = view.log;
      this.scanned = 0;
      this.positions = [];
    }
    const { frames } = view.log;
    const end = Math.min(view.limit, frames.length);
    const unfiltered =
      view.filter.direction === 'all' && view.filter.method === '' && view.filter.text === '';
    for (let index = this.scanned; index < end; index += 1) {
      const frame = frames[index];
      if (frame.seq <= view.clearedThroughSeq) continue;
      if (unfiltered || matchesFrame(frame, view.filter, view.log)) this.positions.push(index);
    }
    this.scanned = end;
    // The same array, grown in place: callers re-render on the store's frameVersion and read its length.
    return this.positions;
  }
}
