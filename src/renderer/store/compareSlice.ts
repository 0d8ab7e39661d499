/**
 * The Compare view's state and the session's list_changed history. A history entry keeps the list before and
 * after the change, so the Compare view can open it; the history is bounded and starts over with each session.
 */
import type { ChangeClass, ItemChangeKind, SnapshotDiff } from '../../shared/diff';
import type { JsonObject } from '../../shared/json';
import type { ListKind } from '../../shared/lists';
import type { SliceCreator } from './types';

/** One chosen side: a snapshot file's text, or the live session. */
export type CompareChoice = { source: 'snapshot'; text: string; fileName: string } | { source: 'live' };

/** What the header of one column says. */
export interface CompareSideLabel {
  title: string;
  detail: string;
  live: boolean;
  /** The side's serverInfo.name, as recorded (absent: none sent, or a list_changed of one session). */
  server?: string;
}

export interface OpenComparison {
  left: CompareSideLabel;
  right: CompareSideLabel;
  diff: SnapshotDiff;
}

export interface CompareFilter {
  classes: Record<ChangeClass, boolean>;
  kinds: Record<ItemChangeKind, boolean>;
  text: string;
}

/** One list_changed the live session saw. */
export interface ListChangeEntry {
  id: number;
  /** Wall clock, ms since 1970. */
  at: number;
  kind: ListKind;
  added: number;
  removed: number;
  changed: number;
  /** The server changed a list it did not declare listChanged for. */
  undeclared: boolean;
  /** The server announced a change again during this walk, this many walks in a row with none: not followed. */
  echoes?: number;
  before: JsonObject[];
  after: JsonObject[];
}

export const maxHistoryEntries = 50;

export interface CompareSlice {
  compareLeft: CompareChoice | null;
  compareRight: CompareChoice | null;
  comparison: OpenComparison | null;
  compareBusy: boolean;
  compareError: string | null;
  compareFilter: CompareFilter;
  /** Row id of the highlighted change. */
  compareSelected: string | null;
  listHistory: ListChangeEntry[];
}

export function allShown(): CompareFilter {
  return {
    classes: { breaking: true, drift: true, compatible: true },
    kinds: { added: true, removed: true, changed: true },
    text: '',
  };
}

export const createCompareSlice: SliceCreator<CompareSlice> = () => ({
  compareLeft: null,
  compareRight: null,
  comparison: null,
  compareBusy: false,
  compareError: null,
  compareFilter: allShown(),
  compareSelected: null,
  listHistory: [],
});
