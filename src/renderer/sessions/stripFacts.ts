/** What the strip and the palette know of each session for its label: status, server, era, snapshot, replay. */
import { stringField } from '../../shared/json';
import { describeTarget } from '../../shared/target';
import { isServedReplay } from '../replay/replayActions';
import type { SnapshotView } from '../store/snapshotSlice';
import type { LoupeState } from '../store/types';
import { stashedSnapshot } from './sessionStore';
import { stripLabels, type StripFacts, type StripLabel } from './stripLabels';

/** The name of a snapshot's server (else its target), as the strip shows a session that has it open. */
export function snapshotName(view: SnapshotView | null): string | undefined {
  if (!view) return undefined;
  return stringField(view.snapshot.serverInfo, 'name') ?? describeTarget(view.snapshot.target);
}

/** The label of every session of the strip, in its order (the shown one read from the slices). */
export function sessionLabels(
  state: Pick<LoupeState, 'sessionList' | 'shownSession' | 'status'>,
  shownSnapshot: string | undefined,
): StripLabel[] {
  return stripLabels(
    state.sessionList.map((entry): StripFacts => {
      const shown = entry.id === state.shownSession;
      const status = shown ? state.status : entry.status;
      const snapshot = shown ? shownSnapshot : snapshotName(stashedSnapshot(entry.id));
      const url = status.state !== 'idle' && 'url' in status.target ? status.target.url : undefined;
      return {
        id: entry.id,
        status,
        ...(entry.serverName === undefined ? {} : { serverName: entry.serverName }),
        ...(entry.era === undefined ? {} : { era: entry.era }),
        ...(snapshot === undefined ? {} : { snapshot }),
        ...(url !== undefined && isServedReplay(url) ? { replay: true } : {}),
      };
    }),
  );
}
