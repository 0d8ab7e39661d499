/**
 * Writes a snapshot atomically: the text goes to a temporary file in the same directory, is flushed to
 * disk (fsync), then renamed over the destination, so a reader never sees half a file and a crash
 * leaves either the old file or the new one. Failures are LoupeErrors of kind 'io-error'.
 */
import { randomBytes } from 'node:crypto';
import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { LoupeError } from '../../shared/errors.js';
import type { Snapshot } from '../../shared/snapshot.js';
import { serializeSnapshot } from './serializeSnapshot.js';

function ioError(action: string, path: string, error: unknown): LoupeError {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
  const reason = error instanceof Error ? error.message : String(error);
  return new LoupeError({ kind: 'io-error', message: `Could not ${action} ${path}: ${reason}`, ...(code ? { data: { code } } : {}) }, { cause: error });
}

/** Writes text to path atomically (temp file in the same directory, fsync, rename). */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    const handle = await open(temporary, 'wx', 0o644);
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw ioError('write', path, error);
  }
  // Make the rename itself durable where the platform allows syncing a directory.
  try {
    const directory = await open(dirname(path), 'r');
    await directory.sync().finally(() => directory.close());
  } catch {
    // Windows and some file systems cannot open or sync a directory; the rename is still atomic.
  }
}

export async function writeSnapshot(path: string, snapshot: Snapshot): Promise<void> {
  await writeFileAtomic(path, serializeSnapshot(snapshot));
}
