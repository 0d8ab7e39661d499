/**
 * A running browser host (src/host/startHost.ts) that listens for taps in a folder of its own, and a contract client
 * of it over a real WebSocket, as the page has; and the waits a person would do (until a thing is shown).
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoupeApi } from '../../src/shared/contract.js';
import { webSocketProtocols } from '../../src/shared/webSocketCredential.js';
import { startHost, type RunningHost } from '../../src/host/startHost.js';
import { livePaths, type LivePaths } from '../../src/core/tap/livePaths.js';
import { clientOver, tryWebSocket } from '../host/hostClient.js';

export interface LiveHost {
  host: RunningHost;
  paths: LivePaths;
  api: LoupeApi;
  close(): Promise<void>;
}

export async function startLiveHost(): Promise<LiveHost> {
  const rendererDir = await mkdtemp(join(tmpdir(), 'loupe-renderer-'));
  await mkdir(join(rendererDir, 'assets'));
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Loupe test page</title>');
  const paths = livePaths({ LOUPE_RUNTIME_DIR: join(await mkdtemp(join(tmpdir(), 'loupe-live-')), 'run') });
  const host = await startHost({ port: 0, rendererDir, settingsPath: null, taps: paths });
  const token = new URL(host.url).searchParams.get('token') ?? '';
  const opened = await tryWebSocket(`ws://127.0.0.1:${host.port}/ws`, webSocketProtocols(token), {
    Origin: `http://127.0.0.1:${host.port}`,
  });
  if (opened.outcome !== 'open') throw new Error(`refused with ${opened.outcome}`);
  const socket = opened.socket;
  return {
    host,
    paths,
    api: clientOver(socket),
    async close() {
      socket.close();
      await host.close();
    },
  };
}

/** Asks again (every 100 ms) until `probe` gives a value; fails naming `what` after `ms`. */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
