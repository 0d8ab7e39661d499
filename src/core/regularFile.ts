/**
 * Reads a file that someone else wrote (a client config, its envFile, a snapshot) without trusting the path: it is
 * read only if it is a regular file, and never past a byte limit. `readFile` on `/dev/zero` reads forever (a
 * cloned repository's `.vscode/mcp.json` naming it as envFile grew Loupe to 7.9 GB); on a named pipe it waits
 * forever for a writer. Here the path is looked at first (stat), then opened without blocking, checked again
 * through the open handle (the path may have been swapped in between), and read in chunks up to the limit.
 */
import { constants, type Stats } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';

export type RegularFileRead =
  | { ok: true; bytes: Buffer }
  | {
      ok: false;
      /** False only when nothing is at the path. */
      exists: boolean;
      /** Why, in words, without the path: "no such file", "it is a folder", "… bytes is more than …". */
      reason: string;
      /** The refusal was the size: callers name it as a malformed file rather than an unreadable one. */
      tooLarge?: boolean;
    };

const chunkBytes = 1024 * 1024;

/** O_NONBLOCK where the platform has it: opening a named pipe then does not wait for a writer. */
const openFlags = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

function whatItIs(info: Stats): string {
  if (info.isDirectory()) return 'it is a folder';
  if (info.isCharacterDevice()) return 'it is not a regular file but a character device';
  if (info.isBlockDevice()) return 'it is not a regular file but a block device';
  if (info.isFIFO()) return 'it is not a regular file but a named pipe';
  if (info.isSocket()) return 'it is not a regular file but a socket';
  return 'it is not a regular file';
}

function failed(error: unknown): RegularFileRead {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return { ok: false, exists: false, reason: 'no such file' };
  if (code === 'EISDIR') return { ok: false, exists: true, reason: 'it is a folder' };
  if (code === 'EACCES' || code === 'EPERM') return { ok: false, exists: true, reason: 'permission denied' };
  return { ok: false, exists: true, reason: error instanceof Error ? error.message : String(error) };
}

function tooLarge(bytes: string, maxBytes: number): RegularFileRead {
  return {
    ok: false,
    exists: true,
    tooLarge: true,
    reason: `${bytes} bytes is more than the ${maxBytes.toLocaleString('en-US')} bytes allowed`,
  };
}

/** Reads to the end, or to one byte past the limit (which tells a file at the limit from one that grew past it). */
async function readUpTo(handle: FileHandle, expected: number, maxBytes: number): Promise<RegularFileRead> {
  const chunks: Buffer[] = [];
  let total = 0;
  while (total <= maxBytes) {
    // Chunks sized to what stat said is left (a small file costs a small buffer), at least 4 KiB, at most 1 MiB.
    const wanted = Math.max(4096, expected + 1 - total);
    const chunk = Buffer.alloc(Math.min(chunkBytes, maxBytes + 1 - total, wanted));
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
    if (bytesRead === 0) return { ok: true, bytes: Buffer.concat(chunks, total) };
    chunks.push(chunk.subarray(0, bytesRead));
    total += bytesRead;
  }
  return tooLarge('more than that', maxBytes);
}

/** The bytes of the file at `path` when it is a regular file of at most `maxBytes`; otherwise why not. */
export async function readRegularFile(path: string, maxBytes: number): Promise<RegularFileRead> {
  let info: Stats;
  try {
    info = await stat(path);
  } catch (error) {
    return failed(error);
  }
  if (!info.isFile()) return { ok: false, exists: true, reason: whatItIs(info) };
  if (info.size > maxBytes) return tooLarge(info.size.toLocaleString('en-US'), maxBytes);
  let handle: FileHandle;
  try {
    handle = await open(path, openFlags);
  } catch (error) {
    return failed(error);
  }
  try {
    const opened = await handle.stat();
    if (!opened.isFile()) return { ok: false, exists: true, reason: whatItIs(opened) };
    if (opened.size > maxBytes) return tooLarge(opened.size.toLocaleString('en-US'), maxBytes);
    return await readUpTo(handle, opened.size, maxBytes);
  } catch (error) {
    return failed(error);
  } finally {
    await handle.close();
  }
}
