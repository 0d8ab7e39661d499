/**
 * Starts the built browser host (`node out/node/host/main.js`) as a real process, exactly as `npm run web`
 * does, and reads the URL from its first stdout line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));
export const hostMain = join(repositoryRoot, 'out', 'node', 'host', 'main.js');
export const testServers = {
  paginating: join(repositoryRoot, 'test', 'servers', 'paginating.mjs'),
  fault: join(repositoryRoot, 'test', 'servers', 'fault.mjs'),
  v2: join(repositoryRoot, 'test', 'servers', 'v2', 'server.mjs'),
};

export interface HttpServerProcess {
  /** http://127.0.0.1:<port>/mcp, from the server's first stdout line. */
  url: string;
  stop(): Promise<void>;
}

/** Starts a test server that listens on 127.0.0.1 and prints its endpoint URL as its first stdout line. */
export async function startHttpServerProcess(script: string, args: string[]): Promise<HttpServerProcess> {
  const child = spawn(process.execPath, [script, ...args], { cwd: repositoryRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  const stderr: string[] = [];
  createInterface({ input: child.stderr }).on('line', (line) => stderr.push(line));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} printed no URL in 15 s: ${stderr.join('\n')}`)), 15_000);
    createInterface({ input: child.stdout }).once('line', (line) => {
      clearTimeout(timer);
      resolve(line.trim());
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${String(code)}: ${stderr.join('\n')}`));
    });
  });
  return {
    url,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface HostProcess {
  /** With the token: http://127.0.0.1:<port>/?token=… */
  url: string;
  /** http://127.0.0.1:<port> */
  origin: string;
  port: number;
  child: ChildProcess;
  stderr: string[];
  stop(): Promise<void>;
}

/** `env`: added to the host's environment (e.g. LOUPE_RUNTIME_DIR: where taps find it). */
export async function startHostProcess(targetArguments: string[] = [], env: Record<string, string> = {}): Promise<HostProcess> {
  const settingsDir = mkdtempSync(join(tmpdir(), 'loupe-e2e-'));
  const child = spawn(process.execPath, [hostMain, '--port', '0', '--settings', join(settingsDir, 'settings.json'), ...targetArguments], {
    cwd: repositoryRoot,
    // Each host its own runtime folder unless told: taps of other tests (or of the user) never reach it.
    env: { ...process.env, LOUPE_RUNTIME_DIR: join(settingsDir, 'run'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stderr: string[] = [];
  createInterface({ input: child.stderr }).on('line', (line) => stderr.push(line));
  const firstLine = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the host printed no URL in 15 s: ${stderr.join('\n')}`)), 15_000);
    createInterface({ input: child.stdout }).once('line', (line) => {
      clearTimeout(timer);
      resolve(line);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the host exited with ${String(code)}: ${stderr.join('\n')}`));
    });
  });
  // A host that dies during a test leaves the page saying "Backend disconnected": say why, in the test's output.
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (stopping) return;
    process.stderr.write(
      `the browser host exited during the test (code ${String(code)}, signal ${String(signal)}):\n${stderr.join('\n')}\n`,
    );
  });
  const match = /^Loupe is at (http:\/\/127\.0\.0\.1:(\d+))\/\?token=[A-Za-z0-9_-]+$/.exec(firstLine);
  if (!match) throw new Error(`unexpected first line: ${firstLine}`);
  return {
    url: firstLine.slice('Loupe is at '.length),
    origin: match[1],
    port: Number(match[2]),
    child,
    stderr,
    async stop() {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGINT');
      await exited;
    },
  };
}
