/**
 * `loupe board <snapshot files or folders>`: the board of those snapshots as Markdown on stdout, with --html as one
 * self-contained page, with --json as its data. A folder contributes its *.json entries (not its subfolders' files),
 * in name order. A file that is not a readable snapshot (corrupt, foreign, a folder named x.json) is a row of its own
 * carrying its error: the board is still printed, one stderr line names each such file, and the exit code is 1.
 * A board never quietly leaves a server out.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { LoupeError, toErrorData } from '../../shared/errors.js';
import { buildBoard, type BoardEntry } from '../../core/board/boardData.js';
import { boardDocument } from '../../core/board/boardDocument.js';
import { renderHtml, renderMarkdown } from '../../core/board/renderBoard.js';
import { readSnapshot } from '../../core/snapshot/readSnapshot.js';
import type { Invocation } from '../arguments.js';
import { describeError } from '../errorReport.js';
import { printable, terminalJson, type Terminal } from '../terminal.js';

async function expand(path: string): Promise<string[]> {
  let isDirectory: boolean;
  try {
    isDirectory = (await stat(path)).isDirectory();
  } catch {
    return [path]; // readSnapshot names the missing file.
  }
  if (!isDirectory) return [path];
  const names = (await readdir(path)).filter((name) => name.endsWith('.json')).sort();
  return names.map((name) => join(path, name));
}

async function entry(file: string): Promise<BoardEntry> {
  try {
    return { file, snapshot: await readSnapshot(file) };
  } catch (error) {
    return { file, unreadable: toErrorData(error) };
  }
}

export async function boardCommand(invocation: Invocation, terminal: Terminal): Promise<number> {
  const files: string[] = [];
  for (const path of invocation.files ?? []) files.push(...(await expand(path)));
  if (files.length === 0)
    throw new LoupeError({
      kind: 'io-error',
      message: `No snapshot files (*.json) in ${(invocation.files ?? []).join(', ')}.`,
    });
  const entries: BoardEntry[] = [];
  for (const file of files) entries.push(await entry(file));
  const board = buildBoard(entries);
  if (invocation.options.json) terminal.out(terminalJson(board, 2));
  else if (invocation.options.html) terminal.out(renderHtml(boardDocument(board)).trimEnd());
  else
    for (const line of renderMarkdown(boardDocument(board)).trimEnd().split('\n'))
      terminal.out(printable(line));
  const unreadable = entries.flatMap((item) => ('unreadable' in item ? [item.unreadable] : []));
  for (const error of unreadable) terminal.err(`loupe: board: ${describeError(error)}`);
  if (unreadable.length > 0) {
    terminal.err(
      `loupe: ${unreadable.length} of ${entries.length} files could not be read as snapshots (their rows say why)`,
    );
    return 1;
  }
  return 0;
}
