/** Several sessions at once: what the backend says about each session it holds. */
import type { SessionStatus } from './session.js';

export interface SessionInfo {
  /** The backend's name for the session ("s1", "s2", …); never reused while the backend runs. */
  id: string;
  status: SessionStatus;
  /** When the session was opened (ms since the epoch). */
  openedAt: number;
}
