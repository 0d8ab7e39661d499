/**
 * The app's Compare view: two records of a server side by side (two snapshot files, or a snapshot and the live
 * session), or the before/after of one list_changed the session saw. The diff itself is `loupe diff`'s
 * (src/shared/diff.ts), computed in the backend.
 */
import type { SnapshotDiff } from './diff.js';
import type { JsonObject } from './json.js';
import type { ListKind } from './lists.js';
import type { Target } from './target.js';

/** One side to compare: a snapshot file's exact text, or the backend's live session (its lists walked anew). */
export type CompareSource = { source: 'snapshot'; text: string } | { source: 'live' };

/** What the view says about each side, above its column. */
export interface CompareSideInfo {
  live: boolean;
  target: Target;
  /** ISO 8601 UTC: when the snapshot was taken, or when the live session was listed for this comparison. */
  testedAt: string;
  serverName?: string;
  serverVersion?: string;
  protocolVersion?: string;
  era?: 'modern' | 'legacy';
  toolCount: number;
}

export interface Comparison {
  left: CompareSideInfo;
  right: CompareSideInfo;
  diff: SnapshotDiff;
}

/** The before/after of one list of the live session (a list_changed), compared item by item. */
export interface ListComparisonRequest {
  kind: ListKind;
  before: JsonObject[];
  after: JsonObject[];
}
