/**
 * Runs a collection's steps on one session, through the same paths as everything else in Loupe: callTool (with
 * its outputSchema validation against the whole tool list), the page walker for lists, the session's request for
 * resources/read and prompts/get, all recorded by the session's recorder. Steps run in file order; with
 * `concurrency` > 1 a step starts once the steps it names in `after` and those whose captures it uses are done.
 * A step whose dependency failed is skipped; `bail` starts nothing after the first failure; a connection that
 * ended stops the run (`aborted`); so does the signal (`interrupted`: the steps in flight end as errors, their
 * requests cancelled, and the rest are skipped). Every step has a deadline (stepDeadline.ts).
 */
import { readFile } from 'node:fs/promises';
import type { CollectionReport, Collection, CollectionStep, StepResult } from '../../shared/collections.js';
import { isListStep } from '../../shared/collections.js';
import { LoupeError } from '../../shared/errors.js';
import type { JsonValue } from '../../shared/json.js';
import type { McpSession } from '../types.js';
import { StepRunner, type Begun, type Sent } from './stepRunner.js';
import { captureNamesIn, mentionsReference } from './variables.js';

export interface RunOptions {
  /** Relative snapshot files are read from here (the collection's folder). */
  baseDirectory: string;
  env?: Readonly<Record<string, string | undefined>>;
  /** Only steps whose name matches (and the steps they depend on). */
  grep?: RegExp;
  /** Only these steps (by name), and the steps they depend on: the app's "run this step". */
  only?: readonly string[];
  bail?: boolean;
  concurrency?: number;
  /** Each request's timeout (the session's); a step's deadline is its own timeoutMs, the collection's, or 60 s. */
  timeoutMs?: number;
  /** Interrupts the run (Ctrl-C): its reason (a string: "SIGINT") is the report's `interrupted`. */
  signal?: AbortSignal;
  pageLimit?: number;
  file?: string;
  onStepStart?: (step: CollectionStep, index: number) => void;
  onStepEnd?: (result: StepResult, index: number) => void;
}

/** The steps that hold a `${` in a value: only they are substituted, and only they can use a capture. */
export function referencingSteps(steps: readonly CollectionStep[]): WeakSet<CollectionStep> {
  const referencing = new WeakSet<CollectionStep>();
  for (const step of steps) if (mentionsReference(step as unknown as JsonValue)) referencing.add(step);
  return referencing;
}

/** The steps a step waits for: those named in `after`, and the earlier ones that capture what it uses. */
export function dependenciesOf(
  steps: readonly CollectionStep[],
  referencing: WeakSet<CollectionStep> = referencingSteps(steps),
): Map<string, Set<string>> {
  const providers = new Map<string, string>();
  const out = new Map<string, Set<string>>();
  for (const step of steps) {
    const needs = new Set(step.after ?? []);
    if (referencing.has(step))
      for (const name of captureNamesIn(step as unknown as JsonValue)) {
        const provider = providers.get(name);
        if (provider !== undefined) needs.add(provider);
      }
    out.set(step.name, needs);
    if (!isListStep(step))
      for (const name of Object.keys(step.captures ?? {})) providers.set(name, step.name);
  }
  return out;
}

function selected(
  steps: readonly CollectionStep[],
  depends: Map<string, Set<string>>,
  options: RunOptions,
): Set<string> {
  const wanted = steps.filter(
    (step) =>
      (options.grep ? options.grep.test(step.name) : true) &&
      (options.only ? options.only.includes(step.name) : true),
  );
  const chosen = new Set<string>();
  const add = (name: string): void => {
    if (chosen.has(name)) return;
    chosen.add(name);
    for (const need of depends.get(name) ?? []) add(need);
  };
  for (const step of wanted) add(step.name);
  return chosen;
}

function skipped(step: CollectionStep, because: string): StepResult {
  return {
    name: step.name,
    method: step.method,
    status: 'skipped',
    assertions: [],
    ms: 0,
    skippedBecause: because,
  };
}

export async function runCollection(
  collection: Collection,
  session: McpSession,
  options: RunOptions,
): Promise<CollectionReport> {
  const startedAt = new Date().toISOString();
  const started = performance.now();
  const steps = collection.steps;
  const referencing = referencingSteps(steps);
  const depends = dependenciesOf(steps, referencing);
  const chosen = selected(steps, depends, options);
  const runner = new StepRunner(session, options, referencing, collection.timeoutMs);
  const results = new Map<string, StepResult>();
  const concurrency = Math.max(1, options.concurrency ?? 1);
  let stopped: string | undefined;
  let aborted: CollectionReport['aborted'];
  let interrupted: string | undefined;
  const running = new Map<string, Promise<void>>();
  const interrupt = (): void => {
    const { signal } = options;
    interrupted = typeof signal?.reason === 'string' ? signal.reason : 'interrupted';
    stopped = `the run was interrupted (${interrupted})`;
  };
  if (options.signal?.aborted) interrupt();
  else options.signal?.addEventListener('abort', interrupt, { once: true });

  const finish = (step: CollectionStep, index: number, result: StepResult): void => {
    results.set(step.name, result);
    options.onStepEnd?.(result, index);
  };
  const pending = steps
    .map((step, index) => ({ step, index }))
    .filter(({ step, index }) => {
      if (chosen.has(step.name)) return true;
      finish(
        step,
        index,
        skipped(step, options.grep ? `not matched by ${String(options.grep)}` : 'not selected'),
      );
      return false;
    });
  /** Why a step cannot start (skipped), or undefined when it may. */
  const blocked = (step: CollectionStep): string | undefined => {
    if (stopped !== undefined) return stopped;
    for (const name of depends.get(step.name) ?? []) {
      const status = results.get(name)?.status;
      if (status !== undefined && status !== 'passed')
        return `it depends on "${name}", which ${status === 'skipped' ? 'was skipped' : 'failed'}`;
    }
    return undefined;
  };
  const settled = (step: CollectionStep, result: StepResult): void => {
    // Interrupted: a server that got the same Ctrl-C and exited is not why the run stopped.
    if (interrupted !== undefined) return;
    if (result.status === 'error' && !session.isOpen) {
      aborted = {
        kind: result.error?.kind ?? 'disconnected',
        message: result.error?.message ?? 'the connection ended',
      };
      stopped = 'the connection ended';
    } else if (options.bail && result.status !== 'passed')
      stopped = `--bail: "${step.name}" ${result.status}`;
  };
  if (concurrency === 1) {
    // In file order, one at a time: every earlier step has finished when a step starts, so its dependencies are
    // known. A plain loop: no scheduling work per step. A step that depends on nothing (no `after`, no capture,
    // no variable) and would run whatever the last step's verdict is (no --bail) is sent as soon as the last
    // answer is in, before that answer is judged: the judging overlaps the server's work on the next call. Its
    // onStepStart still comes after the last step's onStepEnd, and a run stopped by a lost connection reports it
    // skipped, as before.
    const queue = pending.splice(0);
    let early: Begun | undefined;
    for (let position = 0; position < queue.length; position += 1) {
      const { step, index } = queue[position];
      let begun = early;
      early = undefined;
      if (begun !== undefined && stopped !== undefined) {
        begun.deadline.done();
        begun.answer.catch(() => undefined);
        finish(step, index, skipped(step, stopped));
        continue;
      }
      if (begun === undefined) {
        const needs = depends.get(step.name);
        const because =
          needs === undefined || needs.size === 0
            ? stopped
            : (blocked(step) ??
              ([...needs].every((name) => results.has(name)) ? undefined : 'its dependencies did not run'));
        if (because !== undefined) {
          finish(step, index, skipped(step, because));
          continue;
        }
        options.onStepStart?.(step, index);
        if (!runner.canBegin(step)) {
          const result = await runner.run(step);
          finish(step, index, result);
          settled(step, result);
          continue;
        }
        begun = runner.begin(step);
      } else options.onStepStart?.(step, index);
      let sent: Sent | undefined;
      let failure: unknown;
      try {
        sent = await begun.answer;
      } catch (error) {
        failure = error;
      }
      const next = queue[position + 1] as (typeof queue)[number] | undefined;
      if (
        next !== undefined &&
        !options.bail &&
        stopped === undefined &&
        session.isOpen &&
        (depends.get(next.step.name)?.size ?? 0) === 0 &&
        runner.canBegin(next.step)
      )
        early = runner.begin(next.step);
      const result = runner.complete(begun, sent, failure);
      finish(step, index, result);
      settled(step, result);
    }
  }
  while (pending.length > 0 || running.size > 0) {
    let startedOne = false;
    for (let position = 0; position < pending.length && running.size < concurrency;) {
      const { step, index } = pending[position];
      const because = blocked(step);
      if (because !== undefined) {
        pending.splice(position, 1);
        finish(step, index, skipped(step, because));
        continue;
      }
      // A step waits for its dependencies.
      if (![...(depends.get(step.name) ?? [])].every((name) => results.has(name))) {
        position += 1;
        continue;
      }
      pending.splice(position, 1);
      startedOne = true;
      options.onStepStart?.(step, index);
      running.set(
        step.name,
        runner.run(step).then((result) => {
          running.delete(step.name);
          finish(step, index, result);
          settled(step, result);
        }),
      );
    }
    if (running.size > 0) await Promise.race(running.values());
    else if (!startedOne && pending.length > 0) {
      // Nothing runs and nothing can start: dependencies that will never finish (not selected). Skip the rest.
      for (const { step, index } of pending.splice(0))
        finish(step, index, skipped(step, 'its dependencies did not run'));
    }
  }
  options.signal?.removeEventListener('abort', interrupt);
  const ordered = steps.map((step) => results.get(step.name) ?? skipped(step, 'not run'));
  const counts = { passed: 0, failed: 0, error: 0, skipped: 0 };
  for (const result of ordered) counts[result.status] += 1;
  return {
    name: collection.name ?? options.file ?? 'collection',
    ...(options.file ? { file: options.file } : {}),
    startedAt,
    ms: Math.round(performance.now() - started),
    steps: ordered,
    counts,
    ...(aborted && interrupted === undefined ? { aborted } : {}),
    ...(interrupted !== undefined ? { interrupted } : {}),
  };
}

/** Reads and parses a collection file (io-error, collection-invalid). */
export async function readCollection(path: string): Promise<Collection> {
  const { parseCollection } = await import('./parseCollection.js');
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new LoupeError({
      kind: 'io-error',
      message:
        code === 'ENOENT' ? `No collection file at ${path}.` : `Could not read ${path}: ${String(error)}`,
      data: { path },
    });
  }
  return parseCollection(text, path);
}
