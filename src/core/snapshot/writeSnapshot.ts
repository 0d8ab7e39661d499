/**
 * Writes a snapshot atomically: the text goes to a temporary file in the same directory, is flushed to
 * disk (fsync), then renamed over the destination, so a reader never sees half a file and a crash
 * leaves either the old file or the new one. The file is readable by its owner alone (0600: a snapshot
 * holds a session's traffic). Temporary files left by a killed writer are removed by the next write
 * (temporaryFiles.ts). Failures are LoupeErrors of kind 'io-error'.
 */
import { open, rename, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { LoupeError } from '../../shared/errors.js';
import type { Snapshot } from '../../shared/snapshot.js';
import { serializeSnapshot } from './serializeSnapshot.js';
import { removeOrphanedTemporaries, temporaryPathFor } from './temporaryFiles.js';

function ioError(action: string, path: string, error: unknown): LoupeError {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
  const reason = error instanceof Error ? error.message : String(error);
  return new LoupeError({ kind: 'io-error', message: `Could not ${action} ${path}: ${reason}`, ...(code ? { data: { code } } : {}) }, { cause: error });
}

/**
 * Writes text (a string, or chunks as they are produced) to path atomically and owner-only: temp file in
 * the same directory, fsync, rename.
 */
export async function writeFileAtomic(path: string, text: string | AsyncIterable<string>): Promise<void> {
  await removeOrphanedTemporaries(dirname(path));
  const temporary = temporaryPathFor(path);
  try {
    const handle = await open(temporary, 'wx', 0o600);
    try {
      if (typeof text === 'string') await handle.writeFile(text, 'utf8');
      else for await (const chunk of text) await handle.write(chunk, null, 'utf8');
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
