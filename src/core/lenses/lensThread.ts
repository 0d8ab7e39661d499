/**
 * The lenses over a whole list run on a thread of their own, never on the thread that serves the app. At 50,000
 * tools lint, the security scan, portability and token costs take seconds of CPU each; run where the browser host
 * serves its page, its files and every call, they held that thread from the list's end until the last lens answered
 * (a tool's call panel, a lazily loaded file, waited 20-40 s on a loaded machine, and the host's own Ctrl+C with it).
 * On this thread the host only copies a job's input out and its answer in.
 *
 * One thread per process, started at the first job, not keeping the process alive while idle. Where it cannot run
 * (its file is not beside this one: the sources run under a test runner; or it fails before its first answer), the
 * jobs run here, inline, with the same functions (lensJobs.ts): the answer is the same, only the thread differs. A
 * thread that dies later (a job ran it out of memory) fails the jobs it held, with the cause, and is started afresh
 * for the next: a job that killed it is not run again where it would take the app down with it.
 *
 * A big list crosses to the thread once (lensShare.ts): the four lenses after a listing are given the same list, and a
 * copy of it per job (structured clone, on this thread) held the host for seconds at 50,000 tools.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { LoupeError, type LoupeErrorData } from '../../shared/errors.js';
import { lensJobs, type LensInput, type LensName, type LensOutput } from './lensJobs.js';
import { ListsSent } from './lensShare.js';

interface Pending {
  name: LensName;
  input: unknown;
  resolve: (result: unknown) => void;
  reject: (error: unknown) => void;
}

type Answer = { id: number; result: unknown } | { id: number; error: LoupeErrorData };

const workerFile = new URL('./lensWorker.js', import.meta.url);
let worker: Worker | undefined;
/** The thread failed before it ever answered: this process runs its lenses inline. */
let cannotStart = false;
let nextId = 1;
const pending = new Map<number, Pending>();
/** The lists the thread holds now (what it was sent, in the order it keeps them). */
let lists = new ListsSent();

/** Runs a lens job on the lens thread (or inline where there is none) and gives its answer. */
export function runLens<Name extends LensName>(
  name: Name,
  input: LensInput<Name>,
): Promise<LensOutput<Name>> {
  const thread = started();
  if (!thread) return inline(name, input);
  return new Promise<LensOutput<Name>>((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { name, input, resolve: (result) => resolve(result as LensOutput<Name>), reject });
    const packed = lists.pack(input);
    try {
      thread.postMessage({ id, name, input: packed.input, lists: packed.lists, refs: packed.refs });
      lists.sent(packed);
    } catch {
      // An input the thread cannot be given (nested past what the structured clone recurses through): the lens runs
      // here, as it always did, and says what it finds of such a schema.
      pending.delete(id);
      if (pending.size === 0) thread.unref();
      inline(name, input).then(resolve, reject);
      return;
    }
    thread.ref();
  });
}

/** Whether jobs run on a thread of their own here (false: inline). */
export function lensThreadAvailable(): boolean {
  return !cannotStart && workerFile.protocol === 'file:' && existsSync(fileURLToPath(workerFile));
}

async function inline<Name extends LensName>(name: Name, input: LensInput<Name>): Promise<LensOutput<Name>> {
  const run = lensJobs[name] as (input: LensInput<Name>) => LensOutput<Name> | Promise<LensOutput<Name>>;
  return run(input);
}

function started(): Worker | undefined {
  if (worker) return worker;
  if (!lensThreadAvailable()) return undefined;
  const thread = new Worker(workerFile);
  let answered = false;
  thread.on('message', (answer: Answer) => {
    answered = true;
    const entry = pending.get(answer.id);
    if (!entry) return;
    pending.delete(answer.id);
    if (pending.size === 0) thread.unref();
    if ('error' in answer) entry.reject(new LoupeError(answer.error));
    else entry.resolve(answer.result);
  });
  let cause = 'it exited';
  thread.on('error', (error) => {
    cause = error.message;
    gone(thread, answered, cause);
  });
  thread.on('exit', () => gone(thread, answered, cause));
  thread.unref();
  worker = thread;
  return thread;
}

/** The thread died: before its first answer, this process runs lenses inline from now on; after, its jobs fail. */
function gone(dead: Worker, answered: boolean, cause: string): void {
  if (worker !== dead) return;
  worker = undefined;
  // A new thread holds no list.
  lists = new ListsSent();
  const waiting = [...pending.values()];
  pending.clear();
  if (!answered) cannotStart = true;
  for (const entry of waiting) {
    if (!answered) inline(entry.name, entry.input as never).then(entry.resolve, entry.reject);
    else
      entry.reject(
        new LoupeError({
          kind: 'internal',
          message: `The lens thread stopped before it answered (${cause}).`,
        }),
      );
  }
}

/** How many big lists have crossed to the thread since it started (a list given to several jobs crosses once). */
export function lensListsSent(): number {
  return lists.count;
}
