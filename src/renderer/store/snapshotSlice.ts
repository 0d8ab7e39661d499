import type { LintReport } from '../../shared/contract';
import type { ListKind } from '../../shared/lists';
import type { Handshake } from '../../shared/session';
import type { Snapshot } from '../../shared/snapshot';
import type { FrameLog } from '../lib/frameLog';
import type { ListState } from './listsSlice';
import type { SliceCreator } from './types';

/** An opened snapshot, shaped like the live data so the same views show it read-only. */
export interface SnapshotView {
  snapshot: Snapshot;
  /** Which opening this is (1, 2, …): the views show each opened snapshot afresh, from the top of its lists. */
  opened: number;
  lists: Record<ListKind, ListState>;
  lint: LintReport;
  frameLog: FrameLog;
  handshake: Handshake | null;
}

export interface SnapshotSlice {
  snapshotView: SnapshotView | null;
  /** A snapshot that could not be opened or saved: the message shown in a banner. */
  snapshotError: string | null;
  snapshotBusy: boolean;
}

export const createSnapshotSlice: SliceCreator<SnapshotSlice> = () => ({
  snapshotView: null,
  snapshotError: null,
  snapshotBusy: false,
});
