/** Starts test/servers/hostileHttp.mjs in one mode and waits for the URL it prints. */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const hostileHttpPath = fileURLToPath(new URL('../../servers/hostileHttp.mjs', import.meta.url));
export const hostileStdioPath = fileURLToPath(new URL('../../servers/hostileStdio.mjs', import.meta.url));

export interface HostileServer {
  url: string;
  stop(): Promise<void>;
}

export async function startHostileHttp(
  mode: 'bomb' | 'sse-close' | 'invalid-utf8' | 'sse-giant' | 'legacy-giant',
  flags: string[] = [],
): Promise<HostileServer> {
  const child = spawn(process.execPath, [hostileHttpPath, '--mode', mode, ...flags], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the hostile server printed no URL in 20 s')), 20_000);
    createInterface({ input: child.stdout }).once('line', (line) => {
      clearTimeout(timer);
      resolve(line.trim());
    });
    child.once('exit', (code) => reject(new Error(`the hostile server exited with ${String(code)}`)));
  });
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  };
  return { url, stop };
}
