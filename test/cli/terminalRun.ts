/**
 * The built `loupe` on a real pseudo-terminal: script(1) gives it one (stdin, stdout and stderr are the pty), as a
 * person's terminal would. The test reads the screen as it grows, types into it, and can signal loupe itself (script
 * runs `exec node bin/loupe.js …`, so its child is loupe's own process).
 */
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { loupeBin, repositoryRoot } from './loupe.js';

export interface TerminalRun {
  /** Everything the terminal showed so far (stdout and stderr, \r\n line ends). */
  screen(): string;
  /** Types text (a line ends with \r, as Enter sends). */
  type(text: string): void;
  /** Resolves once the screen shows text (rejects when loupe exits first). */
  shows(text: string): Promise<void>;
  /** Sends a signal to loupe's process (not to script). */
  signal(name: NodeJS.Signals): void;
  /** loupe's exit code. */
  exited: Promise<number | null>;
}

const quote = (word: string): string => `'${word.replace(/'/g, "'\\''")}'`;

export function onTerminal(args: string[], timeoutMs = 90_000): TerminalRun {
  const command = `exec ${[process.execPath, loupeBin, ...args].map(quote).join(' ')}`;
  const child = spawn('script', ['-q', '-e', '-c', command, '/dev/null'], {
    cwd: repositoryRoot,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  let screen = '';
  const watchers = new Set<() => void>();
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    screen += chunk;
    for (const watcher of [...watchers]) watcher();
  });
  const killer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const exited = once(child, 'close').then(([code]) => {
    clearTimeout(killer);
    for (const watcher of [...watchers]) watcher();
    return code as number | null;
  });
  let closed = false;
  void exited.then(() => (closed = true));
  return {
    screen: () => screen,
    type: (text) => child.stdin.write(text),
    shows: (text) =>
      new Promise<void>((resolve, reject) => {
        const check = (): void => {
          if (screen.includes(text)) {
            watchers.delete(check);
            resolve();
          } else if (closed || child.exitCode !== null) {
            watchers.delete(check);
            reject(new Error(`loupe exited before showing ${JSON.stringify(text)}:\n${screen}`));
          }
        };
        watchers.add(check);
        check();
      }),
    signal: (name) => {
      const pid = Number(
        execFileSync('ps', ['-o', 'pid=', '--ppid', String(child.pid)], { encoding: 'utf8' }).trim(),
      );
      if (!Number.isInteger(pid) || pid <= 0) throw new Error('loupe has no process under script');
      process.kill(pid, name);
    },
    exited,
  };
}
