/** The palette's session entries: one per session (switches to it), new, close, next and previous. */
import { nextSessionKeys, previousSessionKeys, statusWords } from '../sessions/sessionLabel';
import { sessionLabels, snapshotName } from '../sessions/stripFacts';
import { closeSession, showSession, switchSession } from '../sessions/sessionsActions';
import { newSessionToConnect } from '../workbench/workbenchActions';
import type { LoupeState } from '../store/store';
import type { PaletteEntry } from './paletteEntries';

export function sessionEntries(state: LoupeState): PaletteEntry[] {
  const labels = sessionLabels(state, snapshotName(state.snapshotView));
  const entries: PaletteEntry[] = state.sessionList.map((entry, index) => {
    const shown = entry.id === state.shownSession;
    const status = shown ? state.status : entry.status;
    const { label, detail } = labels[index] ?? { label: entry.id, detail: '' };
    return {
      id: `session:${entry.id}`,
      group: 'Session',
      label: `Session: ${label}${detail ? ` (${detail})` : ''}`,
      detail: `${entry.id} · ${statusWords(status)}${shown ? ' · shown' : ''}`,
      run: () => void showSession(entry.id),
    };
  });
  const add = (id: string, label: string, run: () => void, detail?: string): void => {
    entries.push({ id: `session-action:${id}`, group: 'Session', label, run, ...(detail ? { detail } : {}) });
  };
  add('new', 'New session', () => void newSessionToConnect(), 'the others stay connected');
  if (state.shownSession !== null)
    add('close', 'Close session', () => void closeSession(state.shownSession ?? ''));
  if (state.sessionList.length > 1) {
    add('next', 'Next session', () => void switchSession(1), nextSessionKeys);
    add('previous', 'Previous session', () => void switchSession(-1), previousSessionKeys);
  }
  return entries;
}
