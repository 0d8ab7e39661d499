import type { PushedFrame } from '../../shared/frames';
import type { TrafficFilter } from '../store/trafficSlice';
import type { FrameLog } from './frameLog';
import { matchesTerm, parseTrafficQuery, type TrafficTerm } from './trafficQuery';

/** The method a frame is about: its own, or its request's for a response. */
export function frameMethod(frame: PushedFrame, log: FrameLog): string | undefined {
  if (frame.method) return frame.method;
  if (frame.pairSeq !== undefined) return log.bySeq(frame.pairSeq)?.method;
  return undefined;
}

/** The filter's checks, worked out once per filter: the query text parsed, the terms joined. */
export interface CompiledFilter {
  method: string;
  direction: TrafficFilter['direction'];
  terms: TrafficTerm[];
  /** Nothing to check: every frame passes. */
  passAll: boolean;
}

export function compileFilter(filter: TrafficFilter): CompiledFilter {
  const terms = [...filter.terms, ...parseTrafficQuery(filter.text).terms];
  return {
    method: filter.method.toLowerCase(),
    direction: filter.direction,
    terms,
    passAll: filter.direction === 'all' && filter.method === '' && terms.length === 0,
  };
}

/** Whether the filter searches the frames' text (which list pages cross without: see FrameLog.withoutText). */
export function searchesText(filter: CompiledFilter): boolean {
  return filter.terms.some((term) => term.field === 'text');
}

export function matchesFrame(frame: PushedFrame, filter: CompiledFilter, log: FrameLog): boolean {
  if (filter.passAll) return true;
  if (filter.direction !== 'all' && frame.direction !== filter.direction) return false;
  const method = frameMethod(frame, log);
  if (filter.method !== '' && !(method ?? '').toLowerCase().includes(filter.method)) return false;
  return filter.terms.every((term) => matchesTerm(frame, method, term));
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
    const compiled = compileFilter(view.filter);
    // A text search looks again once list pages' texts were read in (FrameLog.fill): they may match now.
    const fills = searchesText(compiled) ? view.log.fills : 0;
    const key = JSON.stringify([view.filter, view.clearedThroughSeq, fills]);
    if (key !== this.key || view.log !== this.log || view.limit < this.scanned) {
      this.key = key;
      this.log = view.log;
      this.scanned = 0;
      this.positions = [];
    }
    const { frames } = view.log;
    const end = Math.min(view.limit, frames.length);
    for (let index = this.scanned; index < end; index += 1) {
      const frame = frames[index];
      if (frame.seq <= view.clearedThroughSeq) continue;
      if (matchesFrame(frame, compiled, view.log)) this.positions.push(index);
    }
    this.scanned = end;
    // The same array, grown in place: callers re-render on the store's frameVersion and read its length.
    return this.positions;
  }
}
