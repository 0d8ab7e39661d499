/** Several sessions at once: what the backend says about each session it holds. */
import type { LoupeErrorData } from './errors.js';
import type { JsonObject } from './json.js';
import type { ListDiff, ListResult } from './lists.js';
import type { CallOutcome, SessionStatus } from './session.js';

export interface SessionInfo {
  /** The backend's name for the session ("s1", "s2", …); never reused while the backend runs. */
  id: string;
  status: SessionStatus;
  /** When the session was opened (ms since the epoch). */
  openedAt: number;
}

/** A tool call as the backend keeps it for its session, so a UI that re-attaches shows it again. */
export interface KeptCall {
  callId: string;
  tool: string;
  arguments: JsonObject;
  /** Wall clock, ms, when the call was sent. */
  startedAt: number;
  state: 'running' | 'done' | 'failed' | 'cancelled';
  outcome?: CallOutcome;
  error?: LoupeErrorData;
}

/** A list re-walked after notifications/X/list_changed, as the backend keeps it: the list before, the diff, the list after. */
export interface KeptListChange {
  /** Wall clock, ms, when the new list arrived. */
  at: number;
  diff: ListDiff;
  before: JsonObject[];
  result: ListResult;
}
