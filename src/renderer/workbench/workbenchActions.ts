/** Actions of the workbench's own state (workbenchSlice.ts). */
import { openNewSession } from '../sessions/sessionsActions';
import { useLoupeStore } from '../store/store';
import type { EditedServer } from './workbenchSlice';

const { getState, setState } = useLoupeStore;

/** Opens the connect dialog for the session shown now: a connection made there replaces that session's. */
export function openConnectDialog(edit?: EditedServer): void {
  setState({ connectDialog: { session: getState().shownSession, ...(edit ? { edit } : {}) } });
}

/** A new session beside the others, and the connect dialog on it (from "+ New session" and the palette). */
export async function newSessionToConnect(): Promise<void> {
  if ((await openNewSession()) !== undefined) openConnectDialog();
}

export function closeConnectDialog(): void {
  setState({ connectDialog: null });
}

export function setPaletteOpen(open: boolean): void {
  setState({ paletteOpen: open });
}

export function togglePalette(): void {
  setState((state) => ({ paletteOpen: !state.paletteOpen }));
}

export function dismissNoticeKey(key: string): void {
  setState((state) =>
    state.dismissedNotices.includes(key) ? {} : { dismissedNotices: [...state.dismissedNotices, key] },
  );
}

export function setNoticesCollapsed(collapsed: boolean): void {
  setState({ noticesCollapsed: collapsed });
}
