/**
 * Runs a collection's steps on one session, through the same paths as everything else in Loupe: callTool (with
 * its outputSchema validation against the whole tool list), the page walker for lists, the session's request for
 * resources/read and prompts/get, all recorded by the session's recorder. Steps run in file order; with
 * `concurrency` > 1 a step starts once the steps it names in `after` and those whose captures it uses are done.
 * A step whose dependency failed is skipped; `bail` starts nothing after the first failure; a connection that
 * ended stops the run (`aborted`).
 */
import { readFile } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import type {
  AssertionResult,
  CallStep,
  Collection,
  CollectionReport,
  CollectionStep,
  ListStep,
  StepResult,
} from '../../shared/collections.js';
import { isListStep } from '../../shared/collections.js';
import { LoupeError, toErrorData } from '../../shared/errors.js';
import type { JsonObject, JsonValue } from '../../shared/json.js';
import type { CallOutcome } from '../../shared/session.js';
import type { Snapshot } from '../../shared/snapshot.js';
import { callTool, type CallToolRequest } from '../calls/callTool.js';
import { walkList } from '../lists/pageWalker.js';
import { readSnapshot } from '../snapshot/readSnapshot.js';
import type { McpSession } from '../types.js';
import { jsonTextOf, blocksOf, judgeCall, latencyFigures, type CallJudgement } from './callAssertions.js';
import { judgeList, listKindOf } from './listAssertions.js';
import { valueAt } from './pointer.js';
import { captureNamesIn, mentionsReference, redactor, substitute } from './variables.js';

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
  timeoutMs?: number;
  pageLimit?: number;
  file?: string;
  onStepStart?: (step: CollectionStep, index: number) => void;
  onStepEnd?: (result: StepResult, index: number) => void;
}

/** The steps a step waits for: those named in `after`, and the earlier ones that capture what it uses. */
export function dependenciesOf(steps: readonly CollectionStep[]): Map<string, Set<string>> {
  const providers = new Map<string, string>();
  const out = new Map<string, Set<string>>();
  for (const step of steps) {
    const needs = new Set(step.after ?? []);
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

class StepRunner {
  private tools: Promise<readonly JsonObject[]> | undefined;
  /** The tool list once walked: later steps take it without an await. */
  private walked: readonly JsonObject[] | undefined;
  private readonly snapshots = new Map<string, Promise<Snapshot>>();
  readonly captures = new Map<string, JsonValue>();
  readonly usedEnv = new Map<string, string>();
  /** Names the runner's calls (callTool would draw a UUID for each). */
  private calls = 0;

  constructor(
    private readonly session: McpSession,
    private readonly options: RunOptions,
  ) {}

  private toolList(): Promise<readonly JsonObject[]> {
    // One walk of every page for the outputSchemas; a listing that failed still lets calls go ahead.
    this.tools ??= walkList(this.session, 'tools', this.walkOptions()).then(
      (listing) => (this.walked = listing.items),
      () => (this.walked = []),
    );
    return this.tools;
  }

  private walkOptions(): { pageLimit?: number; timeoutMs?: number } {
    return {
      ...(this.options.pageLimit !== undefined ? { pageLimit: this.options.pageLimit } : {}),
      ...(this.options.timeoutMs !== undefined ? { timeoutMs: this.options.timeoutMs } : {}),
    };
  }

  private snapshot(file: string): Promise<Snapshot> {
    const path = isAbsolute(file) ? file : resolve(this.options.baseDirectory, file);
    let known = this.snapshots.get(path);
    if (!known) {
      known = readSnapshot(path);
      this.snapshots.set(path, known);
    }
    return known;
  }

  private readonly variables = new WeakMap<CollectionStep, boolean>();

  /** Whether a step holds a `${` in a value (only then is it substituted; the answer is kept per step). */
  private mentionsVariables(step: CollectionStep): boolean {
    let known = this.variables.get(step);
    if (known === undefined) {
      known = mentionsReference(step as unknown as JsonValue);
      this.variables.set(step, known);
    }
    return known;
  }

  async run(given: CollectionStep): Promise<StepResult> {
    const started = performance.now();
    const base: StepResult = {
      name: given.name,
      method: given.method,
      status: 'passed',
      assertions: [],
      ms: 0,
    };
    let result: StepResult;
    try {
      const step = this.mentionsVariables(given)
        ? (substitute(given as unknown as JsonValue, {
            env: this.options.env ?? {},
            captures: this.captures,
            usedEnv: this.usedEnv,
          }) as unknown as CollectionStep)
        : given;
      if (isListStep(step)) result = await this.runList(step, base);
      else {
        // A call step's rounds are awaited here, not in helpers of their own: fewer async layers on every step.
        const rtts: number[] = [];
        let first: Sent | undefined;
        for (let round = 0; round < (step.repeat ?? 1); round += 1) {
          const answer: Sent =
            step.method === 'tools/call'
              ? await callTool(this.session, this.callRequest(step), this.walked ?? (await this.toolList()))
              : await this.session.request(step.method, requestParams(step), this.timeout(step));
          rtts.push(answer.rttMs);
          first ??= answer;
        }
        if (!first) throw new Error('a call step sent nothing');
        result = this.judged(step, base, first, rtts);
      }
    } catch (error) {
      const detail = toErrorData(error);
      base.status = 'error';
      base.error = { kind: detail.kind, message: detail.message };
      result = base;
    }
    result.ms = Math.round((performance.now() - started) * 100) / 100;
    if (result.status !== 'error') result.status = allPassed(result.assertions) ? 'passed' : 'failed';
    // No environment value was used: nothing to redact (and no copy of the result).
    return this.usedEnv.size === 0 ? result : redactor(this.usedEnv)(result);
  }

  private timeout(step: CollectionStep): { timeoutMs?: number } {
    const timeoutMs = step.timeoutMs ?? this.options.timeoutMs;
    return timeoutMs !== undefined ? { timeoutMs } : {};
  }

  private async runList(step: ListStep, base: StepResult): Promise<StepResult> {
    const kind = listKindOf[step.method];
    const rtts: number[] = [];
    let first: Awaited<ReturnType<typeof walkList>> | undefined;
    for (let round = 0; round < (step.repeat ?? 1); round += 1) {
      const listing = await walkList(this.session, kind, { ...this.walkOptions(), ...this.timeout(step) });
      if (listing.error && listing.items.length === 0 && listing.pages.length === 0)
        throw new LoupeError(listing.error);
      rtts.push(listing.pages.reduce((sum, page) => sum + page.rttMs, 0));
      first ??= listing;
    }
    if (!first) throw new Error('a list step ran no walk');
    const snapshot = step.expect?.snapshot ? await this.snapshot(step.expect.snapshot.file) : undefined;
    const latency = latencyFigures(rtts);
    const assertions = judgeList(step.expect ?? {}, {
      method: step.method,
      items: first.items,
      complete: first.complete,
      latency,
      ...(snapshot ? { snapshot } : {}),
    });
    const firstPage = first.pages[0];
    return {
      ...base,
      assertions,
      latency,
      request: { method: step.method },
      result: {
        items: first.items.length,
        pages: first.pages.length,
        complete: first.complete,
        ...(first.error ? { error: first.error.message } : {}),
      },
      ...(firstPage?.requestSeq !== undefined ? { requestSeq: firstPage.requestSeq } : {}),
      ...(firstPage?.responseSeq !== undefined ? { responseSeq: firstPage.responseSeq } : {}),
    };
  }

  /** A tools/call step as callTool's request (the runner names its calls: callTool would draw a UUID for each). */
  private callRequest(step: CallStep): CallToolRequest {
    const request: CallToolRequest = {
      tool: step.tool ?? '',
      arguments: step.arguments ?? {},
      callId: `step-call-${++this.calls}`,
    };
    const timeoutMs = step.timeoutMs ?? this.options.timeoutMs;
    if (timeoutMs !== undefined) request.timeoutMs = timeoutMs;
    return request;
  }

  /** A call step's result: its assertions judged on the first answer, its captures taken. */
  private judged(step: CallStep, base: StepResult, first: Sent, rtts: number[]): StepResult {
    const latency = latencyFigures(rtts);
    const judged: CallJudgement = { method: step.method, result: first.result, latency };
    if (first.structuredValidation) judged.validation = first.structuredValidation;
    const assertions = judgeCall(step.expect ?? {}, judged);
    const captured = this.capture(step, first.result, assertions);
    const request: JsonObject =
      step.method === 'tools/call'
        ? { name: step.tool ?? '', arguments: step.arguments ?? {} }
        : step.method === 'resources/read'
          ? { uri: step.uri ?? '' }
          : { name: step.prompt ?? '', arguments: step.arguments ?? {} };
    // Filled in, not spread: `{ ...base, more }` is a slow path of V8 (µs a step).
    base.assertions = assertions;
    base.latency = latency;
    base.request = request;
    base.result = first.result;
    if (first.requestSeq !== undefined) base.requestSeq = first.requestSeq;
    if (first.responseSeq !== undefined) base.responseSeq = first.responseSeq;
    if (captured) base.captured = captured;
    return base;
  }

  private capture(
    step: CallStep,
    result: JsonObject,
    out: AssertionResult[],
  ): Record<string, JsonValue> | undefined {
    if (step.captures === undefined) return undefined;
    const entries = Object.entries(step.captures);
    if (entries.length === 0) return undefined;
    const captured: Record<string, JsonValue> = {};
    const jsonText = jsonTextOf(blocksOf(step.method, result));
    for (const [name, capture] of entries) {
      const pointer = typeof capture === 'string' ? capture : capture.pointer;
      const fromText = typeof capture !== 'string' && capture.in === 'jsonText';
      const value = fromText
        ? 'value' in jsonText
          ? valueAt(jsonText.value, pointer)
          : undefined
        : valueAt(result, pointer);
      const label = `captures ${name} from ${fromText ? 'jsonText' : ''}${pointer || '(root)'}`;
      if (value === undefined)
        out.push({
          name: label,
          passed: false,
          message: fromText && 'problem' in jsonText ? jsonText.problem : 'nothing is there',
        });
      else {
        this.captures.set(name, value);
        captured[name] = value;
        out.push({ name: label, passed: true, actual: value });
      }
    }
    return captured;
  }
}

/** What one call of a step answered: callTool's outcome or a session's response. */
type Sent = Pick<CallOutcome, 'result' | 'rttMs' | 'requestSeq' | 'responseSeq' | 'structuredValidation'>;

/** The params of a resources/read or prompts/get step. */
function requestParams(step: CallStep): JsonObject {
  if (step.method === 'resources/read') return { uri: step.uri ?? '' };
  const params: JsonObject = { name: step.prompt ?? '' };
  if (step.arguments) params.arguments = step.arguments;
  return params;
}

function allPassed(assertions: readonly AssertionResult[]): boolean {
  for (const assertion of assertions) if (!assertion.passed) return false;
  return true;
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
  const depends = dependenciesOf(steps);
  const chosen = selected(steps, depends, options);
  const runner = new StepRunner(session, options);
  const results = new Map<string, StepResult>();
  const concurrency = Math.max(1, options.concurrency ?? 1);
  let stopped: string | undefined;
  let aborted: CollectionReport['aborted'];
  const running = new Map<string, Promise<void>>();

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
    // known. A plain loop: no scheduling work per step, and the next request leaves as soon as the last answer
    // is judged.
    for (const { step, index } of pending.splice(0)) {
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
      const result = await runner.run(step);
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
    ...(aborted ? { aborted } : {}),
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
