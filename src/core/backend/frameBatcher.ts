/**
 * Frames are recorded one by one but pushed to the UI in batches: everything recorded within one
 * macrotask turn (or `delayMs`) goes out as one onFrames payload. The carrier batches again on top.
 */
import type { Frame } from '../../shared/frames.js';

export interface FrameBatcher {
  push(frame: Frame): void;
  /** Emit whatever is waiting now. */
  flush(): void;
  stop(): void;
}

export function createFrameBatcher(emit: (frames: Frame[]) => void, delayMs = 16): FrameBatcher {
  let waiting: Frame[] = [];
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
      waiting.push(frame);
      timer ??= setTimeout(flush, delayMs);
    },
    flush,
    stop() {
      flush();
      stopped = true;
    },
  };
}
