/**
 * Where a running Loupe (the desktop app or the browser host) waits for taps: a Unix socket and a per-run secret in
 * a folder only this user can open. $LOUPE_RUNTIME_DIR when set (tests), else ~/.cache/loupe/run. Not
 * $XDG_RUNTIME_DIR: hosts start their servers with a pared-down environment (the SDK's stdio transport passes HOME
 * but not XDG_RUNTIME_DIR), and a tap must find the same folder as the Loupe started from a terminal.
 * The folder is 0700, the socket and the secret file 0600; nothing listens on a TCP port.
 * (Windows would want a named pipe with a user-only ACL: not built yet, so taps there record to their journal only.)
 */
import { lstat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';

export interface LivePaths {
  directory: string;
  socket: string;
  secret: string;
}

export function livePaths(environment: NodeJS.ProcessEnv = process.env): LivePaths {
  const directory = environment.LOUPE_RUNTIME_DIR || join(environment.HOME || homedir(), '.cache', 'loupe', 'run');
  return { directory, socket: join(directory, 'live.sock'), secret: join(directory, 'live.secret') };
}

/** Why the folder is not one only this user can open (undefined when it is: a real folder, ours, mode 0700). */
export async function unsafeDirectory(directory: string): Promise<string | undefined> {
  const stats = await lstat(directory);
  if (!stats.isDirectory()) return `${directory} is not a folder`;
  const uid = process.getuid?.();
  if (uid !== undefined && stats.uid !== uid) return `${directory} belongs to another user`;
  if ((stats.mode & 0o077) !== 0) return `${directory} can be opened by other users (mode ${(stats.mode & 0o777).toString(8)})`;
  return undefined;
}
