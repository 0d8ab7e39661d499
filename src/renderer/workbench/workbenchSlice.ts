/** The workbench's own state, the window's (not a session's): the connect dialog, the palette, the notices' stack. */
import type { Target } from '../../shared/target';
import type { ConnectChoice } from '../store/sessionActions';
import type { SliceCreator } from '../store/types';

/** A saved server being edited (✎): the dialog's form starts from it. */
export interface EditedServer {
  target: Target;
  choice: ConnectChoice;
}

export interface WorkbenchSlice {
  /** The connect dialog, open for the session it was opened on (null: before any session was shown). */
  connectDialog: { session: string | null; edit?: EditedServer } | null;
  paletteOpen: boolean;
  /** The notices' stack shows only its first notice. */
  noticesCollapsed: boolean;
  /** Notices the person dismissed, by key (a notice that changes gets a new key and shows again). */
  dismissedNotices: readonly string[];
}

export const createWorkbenchSlice: SliceCreator<WorkbenchSlice> = () => ({
  connectDialog: null,
  paletteOpen: false,
  noticesCollapsed: false,
  dismissedNotices: [],
});
