/**
 * Two plain pipes for a server's stdin and stdout, as a shell gives them, for the stdio tap's fast path: Node's own
 * child stdio are socket pairs, which cost a tapped 10,000-tool listing about a quarter more than pipes, and whose
 * descriptors the event loop owns (non-blocking) so a thread could not read them with blocking reads.
 *
 * Node makes no anonymous pipes, so these are FIFOs made by `mkfifo` in a fresh user-only folder and unlinked as
 * soon as both ends are open: nothing else can open them. Each end is opened so that no open blocks (a non-blocking
 * reader first, then the writer, then the blocking reader kept). Undefined where that cannot be done (Windows, no
 * mkfifo): the tap then uses the event-loop path.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ServerPipes {
  /** The server's stdin (read end) and our end that writes to it. */
  serverStdin: number;
  toServer: number;
  /** The server's stdout (write end) and our end that reads it. */
  serverStdout: number;
  fromServer: number;
}

function openPair(path: string): { read: number; write: number } {
  const probe = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const write = openSync(path, constants.O_WRONLY);
    try {
      return { read: openSync(path, constants.O_RDONLY), write };
    } catch (error) {
      closeSync(write);
      throw error;
    }
  } finally {
    closeSync(probe);
  }
}

export function serverPipes(): ServerPipes | undefined {
  if (process.platform === 'win32') return undefined;
  let folder: string | undefined;
  const opened: number[] = [];
  try {
    folder = mkdtempSync(join(tmpdir(), 'loupe-tap-'));
    const stdin = join(folder, 'stdin');
    const stdout = join(folder, 'stdout');
    execFileSync('mkfifo', ['-m', '600', stdin, stdout], { stdio: 'ignore', timeout: 5000 });
    const inPair = openPair(stdin);
    opened.push(inPair.read, inPair.write);
    const outPair = openPair(stdout);
    opened.push(outPair.read, outPair.write);
    return {
      serverStdin: inPair.read,
      toServer: inPair.write,
      serverStdout: outPair.write,
      fromServer: outPair.read,
    };
  } catch {
    for (const fd of opened) closeSync(fd);
    return undefined;
  } finally {
    if (folder) rmSync(folder, { recursive: true, force: true });
  }
}
