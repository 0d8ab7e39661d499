/** `page 12…` on stderr while a listing runs, only on a TTY and only once it has taken a moment. */
import type { ListProgress } from '../shared/lists.js';
import type { Terminal } from './terminal.js';
import { formatCount } from './terminal.js';

export const progressDelayMs = 300;

export interface ProgressLine {
  onProgress(progress: ListProgress): void;
  /** Clears the line (call before printing anything else on stderr). */
  done(): void;
}

export function listProgress(terminal: Terminal, startedAt = performance.now()): ProgressLine {
  let shown = false;
  return {
    onProgress(progress) {
      if (!terminal.stderrIsTty || performance.now() - startedAt < progressDelayMs) return;
      shown = true;
      terminal.errRaw(`\r\x1b[Kpage ${formatCount(progress.pages + 1)}… (${formatCount(progress.items)} ${progress.kind} so far)`);
    },
    done() {
      if (shown) terminal.errRaw('\r\x1b[K');
      shown = false;
    },
  };
}
