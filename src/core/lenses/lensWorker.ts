/**
 * The lens thread (see lensThread.ts): answers each job by its id, with the job's result or the error as data. It is
 * given data only (a job's name from a fixed table and its input), never code.
 */
import { parentPort } from 'node:worker_threads';
import { toErrorData } from '../../shared/errors.js';
import { isLensName, lensJobs } from './lensJobs.js';

interface Job {
  id: number;
  name: unknown;
  input: unknown;
}

parentPort?.on('message', (job: Job) => {
  void (async () => {
    try {
      if (!isLensName(job.name)) throw new Error(`no lens is named ${String(job.name)}`);
      const run = lensJobs[job.name] as (input: unknown) => unknown;
      parentPort?.postMessage({ id: job.id, result: await run(job.input) });
    } catch (error) {
      parentPort?.postMessage({ id: job.id, error: toErrorData(error) });
    }
  })();
});
