/**
 * Frames are recorded one by one but pushed to the UI in batches: everything recorded within one
 * macrotask turn (or `delayMs`) goes out as one onFrames payload. The carrier batches again on top.
 * `shape` says what of each frame crosses (framePush.ts: a list page without its raw text); by default all of it.
 */
import type { Frame, PushedFrame } from '../../shared/frames.js';

export interface FrameBatcher {
  push(frame: Frame): void;
  /** Emit whatever is waiting now. */
  flush(): void;
  stop(): void;
}

export function createFrameBatcher(
  emit: (frames: PushedFrame[]) => void,
  delayMs = 16,
  shape: (frame: Frame) => PushedFrame = (frame) => frame,
): FrameBatcher {
  let waiting: PushedFrame[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (waiting.length === 0) return;
    const batch = waiting;
    waiting = [];
    emit(batch);
  };
  return {
    push(frame) {
      if (stopped) return;
      // Shaped now, while the recorder surely still holds the request a list page answers.
      waiting.push(shape(frame));
      timer ??= setTimeout(flush, delayMs);
    },
    flush,
    stop() {
      flush();
      stopped = true;
    },
  };
}
