/** Real servers for the session tests: server-everything over each transport, free ports, inline stdio servers. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, connect as netConnect } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { StdioTarget } from '../../../src/shared/target.js';

export const everythingPath = fileURLToPath(
  new URL('../../../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url),
);

export const everythingStdio: StdioTarget = {
  transport: 'stdio',
  command: process.execPath,
  args: [everythingPath, 'stdio'],
};

/** A stdio target running `node -e <source>`. */
export function inlineServer(source: string): StdioTarget {
  return { transport: 'stdio', command: process.execPath, args: ['-e', source] };
}

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function waitForPort(port: number, deadline: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const attempt = (): void => {
      const socket = netConnect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`port ${port} did not open`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

export interface RunningServer {
  port: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** server-everything in streamableHttp or sse mode on a free port of 127.0.0.1. */
export async function startEverything(mode: 'streamableHttp' | 'sse'): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [everythingPath, mode], {
    env: { ...process.env, PORT: String(port) },
    stdio: 'ignore',
  });
  await waitForPort(port, Date.now() + 25_000); // generous: a busy CI box is slow to start express
  return {
    port,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}
