/**
 * `loupe board <snapshot files or folders>`: the board of those snapshots as Markdown on stdout, or with --html as
 * one self-contained page. A folder contributes its *.json files (not its subfolders), in name order. A file that
 * is not a readable snapshot fails the board (exit 1, naming the file): a board never quietly leaves a server out.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { LoupeError } from '../../shared/errors.js';
import type { Snapshot } from '../../shared/snapshot.js';
import { buildBoard } from '../../core/board/boardData.js';
import { boardDocument } from '../../core/board/boardDocument.js';
import { renderHtml, renderMarkdown } from '../../core/board/renderBoard.js';
import { readSnapshot } from '../../core/snapshot/readSnapshot.js';
import type { Invocation } from '../arguments.js';
import { printable, type Terminal } from '../terminal.js';

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

export async function boardCommand(invocation: Invocation, terminal: Terminal): Promise<number> {
  const files: string[] = [];
  for (const path of invocation.files ?? []) files.push(...(await expand(path)));
  if (files.length === 0)
    throw new LoupeError({
      kind: 'io-error',
      message: `No snapshot files (*.json) in ${(invocation.files ?? []).join(', ')}.`,
    });
  const snapshots: { file: string; snapshot: Snapshot }[] = [];
  for (const file of files) snapshots.push({ file, snapshot: await readSnapshot(file) });
  const blocks = boardDocument(buildBoard(snapshots));
  if (invocation.options.html) terminal.out(renderHtml(blocks).trimEnd());
  else for (const line of renderMarkdown(blocks).trimEnd().split('\n')) terminal.out(printable(line));
  return 0;
}
