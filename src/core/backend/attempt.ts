/**
 * One connection attempt of a session backend: its recorder, lists, calls and server-request desk. It is kept after
 * the attempt ends, so its frames, lists and calls stay visible and savable (createBackend.ts keeps the current one).
 */
import type { LoupeErrorData } from '../../shared/errors.js';
import type { RecorderStats } from '../../shared/frames.js';
import type { ListKind, ListResult } from '../../shared/lists.js';
import type { Handshake, SessionOptions, TapInfo } from '../../shared/session.js';
import type { Target } from '../../shared/target.js';
import { FrameRecorder } from '../recorder/frameRecorder.js';
import type { McpSession } from '../types.js';
import type { EventHub } from './eventHub.js';
import { createFrameBatcher, type FrameBatcher } from './frameBatcher.js';
import { lookupIn, pushedFrame } from './framePush.js';
import { ServerRequestDesk } from './serverRequests.js';
import { SessionMemory } from './sessionMemory.js';
import type { TaskBook } from './taskBook.js';
import type { TapControl } from './tapMethods.js';

/** Everything that belongs to one connection attempt; kept after it ends so its record stays visible. */
export interface Attempt {
  number: number;
  target: Target;
  options: SessionOptions;
  recorder: FrameRecorder;
  batcher: FrameBatcher;
  session?: McpSession;
  error?: LoupeErrorData;
  lists: Map<ListKind, ListResult>;
  walks: Map<ListKind, Promise<ListResult>>;
  calls: Map<string, AbortController>;
  desk: ServerRequestDesk;
  /** Its calls and list_changed re-walks, for a UI that re-attaches. */
  memory: SessionMemory;
  tasks?: TaskBook;
  stopWatching?: () => void;
  stopRecording: () => void;
  /** Disconnected or replaced: a connect still in flight must not bring it back. */
  ended: boolean;
  /** A tapped session (tapMethods.ts): no session of Loupe's own; the handshake read from the host's. */
  tapped?: TapInfo;
  handshake?: Handshake;
  tap?: TapControl;
}

export const emptyStats: RecorderStats = { total: 0, held: 0, overflow: 0, limit: 0 };

/**
 * A new attempt with its own recorder, its frames batched to the hub's onFrames: list pages without their raw text
 * (framePush.ts) unless `wholeFrames` (events read in process, never carried to a page).
 */
export function newAttempt(
  number: number,
  target: Target,
  effective: SessionOptions,
  hub: EventHub,
  wholeFrames = false,
): Attempt {
  const recorder = new FrameRecorder({ limit: effective.frameLimit, journalPath: effective.journalPath });
  const lookup = lookupIn((after, limit) => recorder.frames(after, limit));
  const batcher = createFrameBatcher(
    (frames) => hub.emit('onFrames', frames),
    16,
    wholeFrames ? undefined : (frame) => pushedFrame(frame, lookup),
  );
  return {
    number,
    target,
    options: effective,
    recorder,
    batcher,
    lists: new Map(),
    walks: new Map(),
    calls: new Map(),
    desk: new ServerRequestDesk(`r${number}`, (closed) => hub.emit('onServerRequestClosed', closed)),
    memory: new SessionMemory(),
    stopRecording: recorder.subscribe((frame) => batcher.push(frame)),
    ended: false,
  };
}

/** Ends an attempt's session (if any): its calls aborted, its pending server requests abandoned; the record stays. */
export async function endAttempt(current: Attempt): Promise<void> {
  current.ended = true;
  current.stopWatching?.();
  current.stopWatching = undefined;
  for (const controller of current.calls.values()) controller.abort('the session was closed');
  current.calls.clear();
  current.desk.abandon('the session was closed');
  const session = current.session;
  if (session?.isOpen) await session.close().catch(() => undefined);
  current.batcher.flush();
}
