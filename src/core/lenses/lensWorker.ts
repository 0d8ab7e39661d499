/**
 * The lens thread (see lensThread.ts): answers each job by its id, with the job's result or the error as data. It is
 * given data only (a job's name from a fixed table and its input), never code.
 */
import { parentPort } from 'node:worker_threads';
import { toErrorData } from '../../shared/errors.js';
import { isLensName, lensJobs } from './lensJobs.js';
import { ListsHeld, type ListRef, type SharedList } from './lensShare.js';

interface Job {
  id: number;
  name: unknown;
  input: unknown;
  lists?: SharedList[];
  refs?: ListRef[];
}

const held = new ListsHeld();

parentPort?.on('message', (job: Job) => {
  void (async () => {
    try {
      // The lists sent with a job are kept before anything can fail, so the next jobs find them.
      const input = held.unpack(job);
      if (!isLensName(job.name)) throw new Error(`no lens is named ${String(job.name)}`);
      const run = lensJobs[job.name] as (input: unknown) => unknown;
      parentPort?.postMessage({ id: job.id, result: await run(input) });
    } catch (error) {
      parentPort?.postMessage({ id: job.id, error: toErrorData(error) });
    }
  })();
});
