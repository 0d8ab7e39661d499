/**
 * A collection's regular expressions (`matches`) run on a worker thread, never on the thread that runs the session.
 * JavaScript's engine backtracks: `^(a+)+$` against 30 "a"s and a "!" runs for minutes, and no timer can interrupt a
 * match on its own thread. On a worker the match is bounded by the step's deadline: when the step's signal aborts,
 * the worker is terminated (V8 interrupts the match) and the matches still queued go to a fresh one.
 *
 * Why a worker: no linear-time engine (RE2 and kin) is a dependency of Loupe, and refusing patterns that could
 * backtrack cannot be done soundly (a polynomial blow-up needs no nested quantifier: `.*a.*a.*a.*b` on a long text
 * is enough), nor without refusing ordinary patterns. A worker keeps JavaScript's own semantics, which the format
 * promises, and costs one message each way per match. The worker is one per process, started at the first match,
 * and does not keep the process alive while idle.
 */
import { Worker } from 'node:worker_threads';
import { LoupeError } from '../../shared/errors.js';
import { asError } from './stepDeadline.js';

/** The worker's whole program: it is given patterns and texts as data (never code) and answers each by id. */
const program = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', (message) => {
  let verdict;
  try {
    verdict = new RegExp(message.pattern, 'u').test(message.text);
  } catch (error) {
    verdict = { problem: String(error && error.message ? error.message : error) };
  }
  parentPort.postMessage({ id: message.id, verdict });
});
`;

interface Pending {
  id: number;
  pattern: string;
  text: string;
  signal: AbortSignal | undefined;
  resolve(verdict: boolean): void;
  reject(error: unknown): void;
  onAbort: (() => void) | undefined;
}

type Verdict = boolean | { problem: string };

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

function settle(entry: Pending): void {
  pending.delete(entry.id);
  if (entry.onAbort) entry.signal?.removeEventListener('abort', entry.onAbort);
  if (pending.size === 0) worker?.unref();
}

function started(): Worker {
  if (worker) return worker;
  const thread = new Worker(program, { eval: true });
  thread.on('message', (message: { id: number; verdict: Verdict }) => {
    const entry = pending.get(message.id);
    if (!entry) return;
    settle(entry);
    if (typeof message.verdict === 'boolean') entry.resolve(message.verdict);
    else
      entry.reject(
        new LoupeError({
          kind: 'collection-invalid',
          message: `/${entry.pattern}/ is not a regular expression: ${message.verdict.problem}`,
        }),
      );
  });
  thread.on('error', (error) => restart(thread, error));
  thread.on('exit', () => restart(thread, new Error('the pattern thread exited')));
  worker = thread;
  return thread;
}

/** The worker died (or was terminated): matches still waiting go to a fresh one, or fail when it cannot start. */
function restart(dead: Worker, error: unknown): void {
  if (worker !== dead) return;
  worker = undefined;
  const waiting = [...pending.values()];
  if (waiting.length === 0) return;
  for (const entry of waiting) {
    if (entry.signal?.aborted) continue;
    try {
      const fresh = started();
      fresh.ref();
      fresh.postMessage({ id: entry.id, pattern: entry.pattern, text: entry.text });
    } catch {
      settle(entry);
      entry.reject(error);
    }
  }
}

/**
 * Whether `text` matches `pattern` (flag u), on the pattern thread. Rejects with the signal's reason when it aborts
 * first (the step's deadline): the worker is then terminated, so the runaway match stops using a core.
 */
export function matchOffThread(pattern: string, text: string, signal?: AbortSignal): Promise<boolean> {
  if (signal?.aborted) return Promise.reject(asError(signal.reason));
  return new Promise<boolean>((resolve, reject) => {
    const entry: Pending = { id: nextId++, pattern, text, signal, resolve, reject, onAbort: undefined };
    if (signal) {
      entry.onAbort = (): void => {
        settle(entry);
        reject(asError(signal.reason));
        // The match may be the one running: only terminating the thread stops it. Others waiting move on.
        const thread = worker;
        if (thread) {
          restart(thread, signal.reason);
          void thread.terminate();
        }
      };
      signal.addEventListener('abort', entry.onAbort, { once: true });
    }
    pending.set(entry.id, entry);
    const thread = started();
    thread.ref();
    thread.postMessage({ id: entry.id, pattern, text });
  });
}
