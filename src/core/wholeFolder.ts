/**
 * Writes a folder of files whole: <parent>/<name>/ with each file at its path (folders 0700, files 0600). The files go
 * to a staging folder beside it first and are renamed into place at once, so a failure midway leaves what was on disk
 * as it was and no half-written copy. A folder already there that holds other bytes (a person's edits, an older copy)
 * is never overwritten: it is moved aside whole to <name>.before-<UTC> and the caller says where. One that holds the
 * same bytes is left alone. A symbolic link or a file at that name is refused, never followed.
 */
import type { Stats } from 'node:fs';
import { chmod, lstat, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { LoupeError } from '../shared/errors.js';

export interface FolderFile {
  /** Safe path segments inside the folder (checked by the caller: no '', '.', '..' or separators). */
  segments: readonly string[];
  bytes: Buffer;
}

export interface FolderWrite {
  folder: string;
  /** The folder already held exactly these files: nothing was written. */
  unchanged: boolean;
  /** Where an earlier, different copy was moved, whole. */
  kept?: string;
  /** The paths (with /) that differ, are new, or were in the earlier copy only. */
  changed: string[];
  /** Every file of the new copy, as written (absolute paths, in the order given). */
  written: string[];
}

async function filesUnder(folder: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) files.push(...(await filesUnder(path)));
    else files.push(path);
  }
  return files;
}

async function lstatOrNothing(path: string): Promise<Stats | undefined> {
  try {
    return await lstat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The paths of the earlier copy that differ from the new files (or exist on one side only). */
async function differences(folder: string, files: readonly FolderFile[]): Promise<string[]> {
  const before = new Map<string, string>();
  for (const absolute of await filesUnder(folder))
    before.set(relative(folder, absolute).split(sep).join('/'), absolute);
  const changed: string[] = [];
  const ours = new Set<string>();
  for (const file of files) {
    const path = file.segments.join('/');
    ours.add(path);
    const earlier = before.get(path);
    const bytes = earlier ? await readFile(earlier).catch(() => undefined) : undefined;
    if (!bytes?.equals(file.bytes)) changed.push(path);
  }
  for (const path of before.keys()) if (!ours.has(path)) changed.push(path);
  return changed;
}

export async function writeWholeFolder(
  parent: string,
  name: string,
  files: readonly FolderFile[],
): Promise<FolderWrite> {
  const target = join(parent, name);
  await mkdir(parent, { recursive: true, mode: 0o700 });
  const present = await lstatOrNothing(target);
  if (present && (present.isSymbolicLink() || !present.isDirectory()))
    throw new LoupeError({
      kind: 'usage',
      message: `${target} is ${present.isSymbolicLink() ? 'a symbolic link' : 'not a folder'}: Loupe writes only into a folder of its own there and follows no link. Move it away, or write to another folder.`,
    });
  const changed = present ? await differences(target, files) : files.map((file) => file.segments.join('/'));
  if (present && changed.length === 0) return { folder: target, unchanged: true, changed, written: [] };
  const staging = await mkdtemp(join(parent, `.${name}.writing-`));
  try {
    await chmod(staging, 0o700);
    for (const file of files) {
      const path = join(staging, ...file.segments);
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      await writeFile(path, file.bytes, { mode: 0o600, flag: 'wx' });
    }
    let kept: string | undefined;
    if (present) {
      kept = `${target}.before-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      await rename(target, kept);
    }
    try {
      await rename(staging, target);
    } catch (error) {
      // The earlier copy goes back: the person's folder is never left missing.
      if (kept) await rename(kept, target).catch(() => undefined);
      throw error;
    }
    const written = files.map((file) => join(target, ...file.segments));
    return { folder: target, unchanged: false, changed, written, ...(kept ? { kept } : {}) };
  } catch (error) {
    await rm(staging, { recursive: true, force: true }).catch(() => undefined);
    throw error;
  }
}
