/**
 * Runs the real `loupe` command (node bin/loupe.js) as a subprocess, and starts server-everything over
 * HTTP/SSE on 127.0.0.1. The CLI runs from out/node: a successful `npm run build` must have run since the
 * sources last changed (requireBuild).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { staleBuild } from '../helpers/buildFreshness.js';

export const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));
export const loupeBin = fileURLToPath(new URL('../../bin/loupe.js', import.meta.url));
// bin/loupe.js runs the bundle (scripts/bundleCli.mjs, part of npm run build:node).
const builtCli = fileURLToPath(new URL('../../out/node/bundle/loupe.js', import.meta.url));
const builtDemo = fileURLToPath(new URL('../../out/node/demo/server.js', import.meta.url));
export const everythingServer = fileURLToPath(new URL('../../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url));

/**
 * Fails with a clear message (not a confusing subprocess error, nor a pass against yesterday's code) when the CLI
 * is not built, its last build failed, or a source changed since (test/helpers/buildFreshness.ts).
 */
export function requireBuild(): void {
  if (!existsSync(builtCli) || !existsSync(builtDemo)) {
    throw new Error('The CLI tests run the built CLI: run `npm run build` first (out/node/bundle/loupe.js is missing).');
  }
  const stale = staleBuild(repositoryRoot);
  if (stale) throw new Error(`The CLI tests run the built CLI, and ${stale}.`);
}

export interface LoupeRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Wall time of the run, ms. */
  ms: number;
}

export async function runLoupe(args: string[], options: { timeoutMs?: number; cwd?: string; env?: Record<string, string> } = {}): Promise<LoupeRun> {
  const started = performance.now();
  const child = spawn(process.execPath, [loupeBin, ...args], {
    cwd: options.cwd ?? repositoryRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', ...options.env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const killer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 25_000);
  const [code] = (await once(child, 'close')) as [number | null];
  clearTimeout(killer);
  return { code, stdout, stderr, ms: performance.now() - started };
}

/** A long-running loupe (watch, web): lines as they arrive, and a way to stop it. */
export interface LoupeProcess {
  child: ChildProcess;
  stdoutLines: string[];
  stderrLines: string[];
  /** Resolves with the first stdout line matching, or rejects after timeoutMs. */
  waitForLine(match: (line: string) => boolean, timeoutMs?: number): Promise<string>;
  stop(): Promise<number | null>;
}

export function startLoupe(args: string[], options: { env?: Record<string, string> } = {}): LoupeProcess {
  const child = spawn(process.execPath, [loupeBin, ...args], {
    cwd: repositoryRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.env ? { env: { ...process.env, ...options.env } } : {}),
  });
  const stdoutLines: string[] = [];
  const stderrLines: string[] = [];
  const waiters: { match: (line: string) => boolean; resolve: (line: string) => void }[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    stdoutLines.push(line);
    for (const waiter of [...waiters]) {
      if (waiter.match(line)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  });
  createInterface({ input: child.stderr }).on('line', (line) => stderrLines.push(line));
  return {
    child,
    stdoutLines,
    stderrLines,
    waitForLine(match, timeoutMs = 15_000) {
      const seen = stdoutLines.find(match);
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching line in ${timeoutMs} ms; stdout: ${stdoutLines.join('\n')}; stderr: ${stderrLines.join('\n')}`)), timeoutMs);
        waiters.push({ match, resolve: (line) => (clearTimeout(timer), resolve(line)) });
      });
    },
    async stop() {
      if (child.exitCode !== null) return child.exitCode;
      const closed = once(child, 'close');
      child.kill('SIGINT');
      const [code] = (await closed) as [number | null];
      return code;
    },
  };
}

/** A port nothing listens on right now (taken and released). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  server.close();
  await once(server, 'close');
  return port;
}

export interface RunningEverything {
  url: string;
  stop(): Promise<void>;
}

/** server-everything over Streamable HTTP (…/mcp) or legacy SSE (…/sse) on a free port. */
export async function startEverything(mode: 'streamableHttp' | 'sse'): Promise<RunningEverything> {
  const port = await freePort();
  const child = spawn(process.execPath, [everythingServer, mode], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.resume();
  const lines = createInterface({ input: child.stderr });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server-everything ${mode} did not start in 15 s`)), 15_000);
    lines.on('line', (line) => {
      if (/listening on port|running on port/i.test(line)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server-everything ${mode} exited with ${String(code)}`));
    });
  });
  const path = mode === 'sse' ? '/sse' : '/mcp';
  return {
    url: `http://127.0.0.1:${port}${path}`,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    },
  };
}
