/**
 * A backend served over an in-memory channel pair and a contract client on the other end: exactly what a
 * carrier delivers (every message round-trips through JSON), with every event the client saw recorded.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createContractClient, memoryChannelPair, serveContract, type MessageChannel } from '../../src/shared/carrier.js';
import type { BackendEvents, EventName, LoupeApi } from '../../src/shared/contract.js';
import { eventNames } from '../../src/shared/contract.js';
import type { StdioTarget } from '../../src/shared/target.js';
import { createBackend, type Backend, type BackendOptions } from '../../src/core/backend/createBackend.js';
import { staleBuild } from '../helpers/buildFreshness.js';

export const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));

const checked = new Set<string>();

/**
 * A compiled file under out/node (the demo server, the host's main), checked once per test process: it must
 * exist, and the last `npm run build:node` must have succeeded after every file of `sourceDirs` last changed.
 * Otherwise it throws, naming why and "run npm run build" (a failed or stale build is never tested).
 */
export function ensureBuilt(relativePath: string, sourceDirs: string[]): string {
  const path = join(repositoryRoot, relativePath);
  if (checked.has(path)) return path;
  if (!existsSync(path)) throw new Error(`${relativePath} is not built: run npm run build`);
  const stale = staleBuild(repositoryRoot, [...sourceDirs, 'tsconfig.node.json', 'tsconfig.base.json']);
  if (stale) throw new Error(`${relativePath} cannot be tested: ${stale}`);
  checked.add(path);
  return path;
}

export function ensureDemoBuilt(): string {
  return ensureBuilt('out/node/demo/server.js', ['src/demo']);
}

export function demoStdio(): StdioTarget {
  return { transport: 'stdio', command: process.execPath, args: [ensureDemoBuilt()] };
}

export interface Harness {
  api: LoupeApi;
  backend: Backend;
  /** Every payload of every event, in arrival order. */
  events: { [E in EventName]: BackendEvents[E][] };
  /** Number of carrier messages that carried events (to see batching). */
  eventMessages: () => number;
  waitFor<E extends EventName>(event: E, predicate: (payload: BackendEvents[E]) => boolean, timeoutMs?: number): Promise<BackendEvents[E]>;
  close(): Promise<void>;
}

export function startHarness(options: Partial<BackendOptions> = {}): Harness {
  const backend = createBackend({ resolveDemo: demoStdio, ...options });
  const [serverSide, clientSide] = memoryChannelPair();
  let eventMessageCount = 0;
  const clientChannel: MessageChannel = {
    send: (message) => clientSide.send(message),
    receive: (listener) =>
      clientSide.receive((message) => {
        if (message.type === 'event') eventMessageCount += 1;
        listener(message);
      }),
  };
  const stop = serveContract(backend.methodsFor, backend.events, serverSide);
  const api = createContractClient(clientChannel);
  const events = Object.fromEntries(eventNames.map((name) => [name, []])) as unknown as Harness['events'];
  const waiters: (() => void)[] = [];
  for (const name of eventNames) {
    api.on(name, (payload) => {
      (events[name] as unknown[]).push(payload);
      for (const check of [...waiters]) check();
    });
  }
  return {
    api,
    backend,
    events,
    eventMessages: () => eventMessageCount,
    waitFor(event, predicate, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        let seen = 0;
        const check = () => {
          const list = events[event];
          for (; seen < list.length; seen++) {
            if (predicate(list[seen])) {
              clearTimeout(timer);
              waiters.splice(waiters.indexOf(check), 1);
              resolve(list[seen]);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(check), 1);
          reject(new Error(`no matching ${event} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.push(check);
        check();
      });
    },
    async close() {
      await backend.dispose();
      stop();
    },
  };
}
