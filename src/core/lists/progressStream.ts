/**
 * A walk's progress, with the rows of each page, pushed to a view in batches: the first page goes out at once
 * (the rows a person sees first), later pages are gathered for `intervalMs` and go out as one progress, so a
 * fast server's 1,000 pages are a few dozen events rather than 1,000 renders. A slow server's pages (each more
 * than `intervalMs` apart) each go out as they arrive.
 *
 * `finish()` sends what is waiting, rows included, as the walk's last progress (`last`, with the walk's own counts):
 * every row crosses once, so a view puts the list together from the rows and the walk's result need not carry the
 * items again (ListOutline). Each progress names the walk (`walk`), so the rows of two walks are never joined.
 */
import type { ListKind, ListProgress } from '../../shared/lists.js';

export interface ProgressStream {
  push(progress: ListProgress): void;
  /** The walk ended with `pages` pages and `items` items: what is waiting goes out now, marked last; nothing after. */
  finish(end: { pages: number; items: number }): void;
}

export function createProgressStream(
  emit: (progress: ListProgress) => void,
  { kind, walk }: { kind: ListKind; walk: number },
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
      const tagged = { ...progress, walk };
      waiting = waiting ? merge(waiting, tagged) : tagged;
      if (timer === undefined) tick();
    },
    finish({ pages, items }) {
      if (stopped) return;
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      const rows = waiting?.rows ?? [];
      const offset = waiting?.rows ? (waiting.offset ?? 0) : items;
      emit({ kind, pages, items, rows, offset, walk, last: true });
      waiting = undefined;
    },
  };
}
