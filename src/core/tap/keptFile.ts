/**
 * Rewriting a file someone else owns the layout of (a client config holding tokens): the new text replaces the old in
 * one step, and the file stays what it was — its mode (a 0600 config stays 0600, whatever the umask), its owner and
 * group (where this process may set them: a file it cannot give back to its owner is not rewritten), and, when the
 * path is a symbolic link, the link (the file it points to is the one rewritten).
 *
 * How: the new text goes to a temporary file beside the real file, created exclusively and user-only, given the old
 * file's owner and mode, written and synced; only then renamed over the old one. A failure on the way (a full disk,
 * a file size limit) removes the temporary file and leaves the old file as it was. A backup of the old bytes is made
 * the same way first, with the same mode and owner (it holds the same secrets).
 */
import type { Stats } from 'node:fs';
import { open, readFile, realpath, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { LoupeError } from '../../shared/errors.js';

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Writes bytes to a new file at `path` (refused if anything is there) with the mode and owner of `like`. */
async function writeNew(path: string, bytes: Buffer | string, like: Stats): Promise<void> {
  const file = await open(path, 'wx', 0o600);
  try {
    try {
      if (like.uid !== process.getuid?.() || like.gid !== process.getgid?.())
        await file.chown(like.uid, like.gid);
    } catch (error) {
      throw new LoupeError(
        {
          kind: 'io-error',
          message: `the file belongs to user ${like.uid} (group ${like.gid}), and Loupe cannot give a rewritten copy back to them (${message(error)})`,
        },
        { cause: error },
      );
    }
    await file.chmod(like.mode & 0o7777);
    await file.writeFile(bytes);
    await file.sync();
  } catch (error) {
    await file.close().catch(() => undefined);
    await unlink(path).catch(() => undefined);
    throw error;
  }
  await file.close();
}

export interface KeptWrite {
  /** The copy of the old bytes, beside the path as given. */
  backup: string;
  /** The file rewritten: the path, or the file its symbolic link points to. */
  written: string;
}

/**
 * Copies the file at `path` to `<path>.loupe-backup-<time>`, then replaces its content with `text`, keeping its mode,
 * owner and (for a link) the link. On failure nothing at `path` has changed, no backup or temporary file is left, and
 * the error (io-error) says so.
 */
export async function replaceKeepingFile(
  path: string,
  text: string,
  now: Date = new Date(),
): Promise<KeptWrite> {
  const failed = (error: unknown): LoupeError =>
    new LoupeError(
      {
        kind: 'io-error',
        message: `${path} could not be rewritten, and is unchanged: ${message(error)}`,
        data: { path },
      },
      { cause: error },
    );
  let target: string;
  let status: Stats;
  let old: Buffer;
  try {
    target = await realpath(path);
    status = await stat(target);
    if (!status.isFile()) throw new Error('it is not a regular file');
    old = await readFile(target);
  } catch (error) {
    throw failed(error);
  }
  const backup = `${path}.loupe-backup-${now.toISOString().replace(/[:.]/g, '-')}`;
  const temporary = join(dirname(target), `.${basename(target)}.loupe-${process.pid}.tmp`);
  try {
    await writeNew(backup, old, status);
  } catch (error) {
    throw failed(error);
  }
  try {
    await writeNew(temporary, text, status);
    await rename(temporary, target);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    // Nothing was changed: a backup of an unchanged file is only one more copy of its secrets.
    await unlink(backup).catch(() => undefined);
    throw failed(error);
  }
  return { backup, written: target };
}
