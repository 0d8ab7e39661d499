/**
 * Temporary files of atomic writes, named so they can be found again: `.<name>.loupe-tmp-<pid>-<hex>`. A
 * writer killed mid-write (kill -9, a crash, power loss) leaves one behind, possibly hundreds of megabytes;
 * the next write into the same directory removes every one whose writer is gone or that is long untouched.
 */
import { randomBytes } from 'node:crypto';
import { readdir, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** A temporary file untouched this long is stale even if a process with its pid runs (pids are reused). */
export const staleAfterMs = 30 * 60_000;

const temporaryName = /^\..+\.loupe-tmp-(\d+)-[0-9a-f]+$/;
/** The name earlier versions used: `.<name>.<pid>.<8 hex>.tmp`. */
const earlierTemporaryName = /^\..+\.(\d+)\.[0-9a-f]{8}\.tmp$/;

export function temporaryPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.loupe-tmp-${process.pid}-${randomBytes(6).toString('hex')}`);
}

/** The writer's pid when name is one of our temporary files. */
export function temporaryWriter(name: string): number | undefined {
  const match = temporaryName.exec(name) ?? earlierTemporaryName.exec(name);
  return match ? Number(match[1]) : undefined;
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user. Only ESRCH says no such process.
    return !(typeof error === 'object' && error !== null && 'code' in error && error.code === 'ESRCH');
  }
}

/** Removes stale temporary files in directory; best effort, returns the names removed. */
export async function removeOrphanedTemporaries(directory: string, now = Date.now()): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(directory);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const pid = temporaryWriter(name);
    if (pid === undefined) continue;
    const path = join(directory, name);
    try {
      const status = await stat(path);
      if (!status.isFile()) continue;
      if (isRunning(pid) && now - status.mtimeMs < staleAfterMs) continue;
      await unlink(path);
      removed.push(name);
    } catch {
      // Gone already (its writer finished or another cleaner won), or not ours to remove.
    }
  }
  return removed;
}
