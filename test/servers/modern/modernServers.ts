/** The modern test server (loupeModern.mjs) as a stdio target, and started over HTTP on 127.0.0.1. */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { StdioTarget, UrlTarget } from '../../../src/shared/target.js';

export const modernServerPath = fileURLToPath(new URL('./loupeModern.mjs', import.meta.url));

export function modernStdio(...flags: string[]): StdioTarget {
  return { transport: 'stdio', command: process.execPath, args: [modernServerPath, ...flags] };
}

export interface RunningModernServer {
  url: string;
  target: UrlTarget;
  stop(): Promise<void>;
}

export async function startModernHttp(...flags: string[]): Promise<RunningModernServer> {
  const child = spawn(process.execPath, [modernServerPath, '--transport', 'http', ...flags], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr.resume();
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('the modern HTTP test server printed no URL in 10 s')),
      10_000,
    );
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve(line.trim());
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the modern HTTP test server exited with ${String(code)}`));
    });
  });
  return {
    url,
    target: { transport: 'http', url },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
