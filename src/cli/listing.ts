/** Walks one list to its end (or its named failure) with the CLI's page limit, timeout and progress line. */
import type { JsonObject } from '../shared/json.js';
import type { ListKind, ListResult } from '../shared/lists.js';
import { walkList } from '../core/lists/pageWalker.js';
import type { McpSession } from '../core/types.js';
import type { CliOptions } from './arguments.js';
import { listProgress } from './progress.js';
import type { Terminal } from './terminal.js';

/** The CLI's page limit and timeout as walk options (skills/list and other walks outside `walk`). */
export function pageOptions(options: CliOptions): { pageLimit?: number; timeoutMs?: number } {
  return {
    ...(options.pageLimit !== undefined ? { pageLimit: options.pageLimit } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  };
}

/** onPage: each page's items and where they start in the list, as they arrive (list --json lints them then). */
export async function walk(
  session: McpSession,
  kind: ListKind,
  options: CliOptions,
  terminal: Terminal,
  onPage?: (rows: readonly JsonObject[], offset: number) => void,
): Promise<ListResult> {
  const progress = listProgress(terminal);
  try {
    return await walkList(session, kind, {
      ...(options.pageLimit !== undefined ? { pageLimit: options.pageLimit } : {}),
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      onProgress: (update) => {
        progress.onProgress(update);
        if (onPage && update.rows) onPage(update.rows, update.offset ?? update.items - update.rows.length);
      },
    });
  } finally {
    progress.done();
  }
}
