/**
 * A walk's progress, with the rows of each page, pushed to a view in batches: the first page goes out at once
 * (the rows a person sees first), later pages are gathered for `intervalMs` and go out as one progress, so a
 * fast server's 1,000 pages are a few dozen events rather than 1,000 renders. A slow server's pages (each more
 * than `intervalMs` apart) each go out as they arrive.
 *
 * `stop()` sends what is waiting as counts only: the walk's result follows and is the authoritative list, so the
 * last rows need not cross twice, but the last progress still says how far the walk got.
 */
import type { ListProgress } from '../../shared/lists.js';

export interface ProgressStream {
  push(progress: ListProgress): void;
  stop(): void;
}

export function createProgressStream(
  emit: (progress: ListProgress) => void,
  intervalMs = 50,
): ProgressStream {
  let waiting: ListProgress | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const tick = () => {
    timer = undefined;
    if (stopped || !waiting) return;
    const progress = waiting;
    waiting = undefined;
    emit(progress);
    timer = setTimeout(tick, intervalMs);
  };

  /** The later progress's counts, with the rows of both (the later ones follow on from the earlier). */
  const merge = (earlier: ListProgress, later: ListProgress): ListProgress => {
    const rows = earlier.rows && later.rows ? earlier.rows.concat(later.rows) : undefined;
    const joined =
      rows !== undefined && (earlier.offset ?? 0) + (earlier.rows?.length ?? 0) === (later.offset ?? 0);
    return joined ? { ...later, rows, offset: earlier.offset ?? 0 } : later;
  };

  return {
    push(progress) {
      if (stopped) return;
      waiting = waiting ? merge(waiting, progress) : progress;
      if (timer === undefined) tick();
    },
    stop() {
      if (stopped) return;
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      if (waiting) emit({ kind: waiting.kind, pages: waiting.pages, items: waiting.items });
      waiting = undefined;
    },
  };
}
