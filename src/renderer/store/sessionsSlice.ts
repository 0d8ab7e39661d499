/** The sessions the page shows in its strip, and which one is on screen (the slices hold that one's state). */
import type { SessionStatus } from '../../shared/session';
import type { SliceCreator } from './types';

export interface SessionEntry {
  id: string;
  /** The latest status heard for it (the shown one's live status is `status`). */
  status: SessionStatus;
  openedAt: number;
  /** The server's name from its last handshake, kept after it closes so the label stays recognisable. */
  serverName?: string;
  /** The era of its last handshake, kept after it closes (the strip tells sessions of one server apart by it). */
  era?: 'modern' | 'legacy';
}

export interface SessionsSlice {
  sessionList: SessionEntry[];
  /** null: none yet (before start, or a test that holds no session). */
  shownSession: string | null;
}

export const createSessionsSlice: SliceCreator<SessionsSlice> = () => ({
  sessionList: [],
  shownSession: null,
});
