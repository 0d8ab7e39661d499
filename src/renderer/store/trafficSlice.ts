import type { Direction, RecorderStats } from '../../shared/frames';
import type { LogEntry } from '../../shared/session';
import { FrameLog } from '../lib/frameLog';
import type { TrafficTerm } from '../lib/trafficQuery';
import type { SliceCreator } from './types';

export interface TrafficFilter {
  method: string;
  direction: Direction | 'all';
  /** The query being typed (filter syntax, see lib/trafficQuery.ts): its valid terms apply as typed. */
  text: string;
  /** Terms committed as chips (Enter in the query box). */
  terms: TrafficTerm[];
}

export interface TrafficSlice {
  /** Appended in place; frameVersion changes on each append so subscribers re-render. */
  frameLog: FrameLog;
  frameVersion: number;
  recorderStats: RecorderStats | null;
  /** Paused: the view holds at this many frames while the log keeps growing. */
  pausedAt: number | null;
  /** Clear hides frames up to this seq in the view only; the backend and the log keep them. */
  clearedThroughSeq: number;
  trafficFilter: TrafficFilter;
  selectedFrameSeq: number | null;
  /** notifications/message from the server, newest last, the latest maxLogEntries only (every one stays a frame). */
  logs: LogEntry[];
}

export const maxLogEntries = 500;

export const createTrafficSlice: SliceCreator<TrafficSlice> = () => ({
  frameLog: new FrameLog(),
  frameVersion: 0,
  recorderStats: null,
  pausedAt: null,
  clearedThroughSeq: 0,
  trafficFilter: { method: '', direction: 'all', text: '', terms: [] },
  selectedFrameSeq: null,
  logs: [],
});
