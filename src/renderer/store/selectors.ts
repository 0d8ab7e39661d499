/**
 * Views read through these so an opened snapshot shows in the same views as a live session: while a
 * snapshot is open its data wins, read-only.
 */
import type { LintReport } from '../../shared/contract';
import type { ListKind } from '../../shared/lists';
import type { Handshake, TapInfo } from '../../shared/session';
import type { FrameLog } from '../lib/frameLog';
import type { ListState } from './listsSlice';
import type { LoupeState } from './types';

export function selectList(kind: ListKind): (state: LoupeState) => ListState {
  return (state) => state.snapshotView?.lists[kind] ?? state.lists[kind];
}

export function selectLint(state: LoupeState): LintReport | null {
  return state.snapshotView?.lint ?? state.lint;
}

export function selectFrameLog(state: LoupeState): FrameLog {
  return state.snapshotView?.frameLog ?? state.frameLog;
}

export function selectHandshake(state: LoupeState): Handshake | null {
  if (state.snapshotView) return state.snapshotView.handshake;
  return state.status.state === 'connected' ? state.status.handshake : null;
}

export function selectReadOnly(state: LoupeState): boolean {
  return state.snapshotView !== null || selectTapped(state) !== undefined;
}

/** A tapped session (`loupe tap` between a host and its server): Loupe watches it and sends nothing on it. */
export function selectTapped(state: LoupeState): TapInfo | undefined {
  return state.status.state === 'idle' ? undefined : state.status.tapped;
}

/**
 * Where the lists come from: the live session, or one opening of a snapshot. The list views key their scroll
 * position on it, so an opened snapshot shows its lists from the top (not scrolled as the live list was).
 */
export function selectListSource(state: LoupeState): string {
  return state.snapshotView ? `snapshot-${state.snapshotView.opened}` : 'live';
}
