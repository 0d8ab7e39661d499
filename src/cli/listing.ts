/** Walks one list to its end (or its named failure) with the CLI's page limit, timeout and progress line. */
import type { JsonObject } from '../shared/json.js';
import type { ListKind, ListResult } from '../shared/lists.js';
import { streamList, walkList, type StreamedList } from '../core/lists/pageWalker.js';
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

export async function walk(
  session: McpSession,
  kind: ListKind,
  options: CliOptions,
  terminal: Terminal,
): Promise<ListResult> {
  const progress = listProgress(terminal);
  try {
    return await walkList(session, kind, {
      ...pageOptions(options),
      onProgress: (update) => progress.onProgress(update),
    });
  } finally {
    progress.done();
  }
}

/**
 * Walks one list as walk() does, keeping no items: each page's items go to onItems as they arrive (`loupe list`
 * keeps of them only what it prints).
 */
export async function walkStreamed(
  session: McpSession,
  kind: ListKind,
  options: CliOptions,
  terminal: Terminal,
  onItems: (rows: readonly JsonObject[], offset: number) => void,
): Promise<StreamedList> {
  const progress = listProgress(terminal);
  try {
    return await streamList(session, kind, onItems, {
      ...pageOptions(options),
      onProgress: (update) => progress.onProgress(update),
    });
  } finally {
    progress.done();
  }
}
