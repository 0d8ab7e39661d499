/**
 * Runs one step of a collection on a session: substitution, the call or the list walk, the assertions and captures.
 * A one-call tools/call step without variables can also be begun (its request sent) and completed (its answer
 * judged) apart, so that the runner can send it before it judges the step before it.
 */
import { isAbsolute, resolve } from 'node:path';
import type {
  AssertionResult,
  CallStep,
  CollectionStep,
  ListStep,
  StepResult,
} from '../../shared/collections.js';
import { isListStep } from '../../shared/collections.js';
import { LoupeError } from '../../shared/errors.js';
import type { JsonObject, JsonValue } from '../../shared/json.js';
import type { CallOutcome } from '../../shared/session.js';
import type { Snapshot } from '../../shared/snapshot.js';
import { callTool, type CallToolRequest } from '../calls/callTool.js';
import { walkList } from '../lists/pageWalker.js';
import { readSnapshot } from '../snapshot/readSnapshot.js';
import type { McpSession } from '../types.js';
import {
  blocksOf,
  hasPatterns,
  judgeCall,
  jsonTextOf,
  latencyFigures,
  type CallJudgement,
  type PatternVerdicts,
} from './callAssertions.js';
import { judgeList, listKindOf } from './listAssertions.js';
import { valueAt } from './pointer.js';
import type { RunOptions } from './runCollection.js';
import { StepDeadline, stepLimit } from './stepDeadline.js';
import { patternVerdicts } from './stepPatterns.js';
import {
  allPassed,
  baseOf,
  checkResultDepth,
  errored,
  requestOf,
  showAsWritten,
  type Rejudge,
  type Worked,
} from './stepResults.js';
import { redactor, substitute } from './variables.js';

/** A step whose request begin() sent: complete() judges the answer. */
export interface Begun {
  step: CallStep;
  started: number;
  deadline: StepDeadline;
  answer: Promise<Sent>;
}

export class StepRunner {
  private tools: Promise<readonly JsonObject[]> | undefined;
  /** The tool list once walked: later steps take it without an await. */
  private walked: readonly JsonObject[] | undefined;
  private readonly snapshots = new Map<string, Promise<Snapshot>>();
  readonly captures = new Map<string, JsonValue>();
  readonly usedEnv = new Map<string, string>();
  /** Names the runner's calls (callTool would draw a UUID for each). */
  private calls = 0;
  /** The redactor of the environment values used so far (made again when another is used). */
  private redact: { size: number; hide: <T>(value: T) => T } | undefined;

  constructor(
    private readonly session: McpSession,
    private readonly options: RunOptions,
    /** The steps holding a `${` (referencingSteps): only they are substituted. */
    private readonly referencing: WeakSet<CollectionStep>,
    /** The collection's own timeoutMs: each step's deadline unless the step gives one. */
    private readonly collectionTimeoutMs?: number,
  ) {}

  private deadline(step: CollectionStep): StepDeadline {
    return new StepDeadline(step.name, stepLimit(step, this.collectionTimeoutMs), this.options.signal);
  }

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

  async run(given: CollectionStep): Promise<StepResult> {
    const started = performance.now();
    const deadline = this.deadline(given);
    let worked: Worked;
    try {
      worked = await Promise.race([this.work(given, deadline), deadline.ended()]);
    } catch (error) {
      // A fresh base: the work that lost the race may still fill in its own.
      worked = { result: errored(baseOf(given), deadline.failure() ?? error) };
    } finally {
      // The race is settled: the work is over, or the deadline aborted it.
      deadline.done(true);
    }
    return this.ended(given, worked, started);
  }

  private async work(given: CollectionStep, deadline: StepDeadline): Promise<Worked> {
    const base = baseOf(given);
    const { signal } = deadline;
    const step = this.referencing.has(given)
      ? (substitute(given as unknown as JsonValue, {
          env: this.options.env ?? {},
          captures: this.captures,
          usedEnv: this.usedEnv,
        }) as unknown as CollectionStep)
      : given;
    if (isListStep(step)) return this.runList(step, base, signal);
    // A call step's rounds are awaited here, not in helpers of their own: fewer async layers on every step.
    const rtts: number[] = [];
    let first: Sent | undefined;
    for (let round = 0; round < (step.repeat ?? 1); round += 1) {
      const answer: Sent =
        step.method === 'tools/call'
          ? await callTool(
              this.session,
              this.callRequest(step, signal),
              this.walked ?? (await this.toolList()),
            )
          : await this.session.request(step.method, requestParams(step), {
              ...this.timeout(step),
              signal,
            });
      rtts.push(answer.rttMs);
      first ??= answer;
    }
    if (!first) throw new Error('a call step sent nothing');
    let matches: PatternVerdicts | undefined;
    if (hasPatterns(step.expect ?? {})) {
      checkResultDepth(first.result);
      matches = await patternVerdicts(step, first.result, rtts, deadline);
    }
    return this.judged(step, base, first, rtts, matches);
  }

  /**
   * Whether begin() can start this step: one tools/call without variables, once the tool list is known. Such a
   * step's request depends on nothing another step did.
   */
  canBegin(step: CollectionStep): step is CallStep {
    return (
      !isListStep(step) &&
      step.method === 'tools/call' &&
      (step.repeat ?? 1) === 1 &&
      this.walked !== undefined &&
      !this.referencing.has(step) &&
      !hasPatterns(step.expect ?? {})
    );
  }

  /** Sends a step canBegin() allowed; complete() judges its answer. The same call as run() makes. */
  begin(step: CallStep): Begun {
    const started = performance.now();
    const deadline = this.deadline(step);
    const answer = Promise.race([
      callTool(this.session, this.callRequest(step, deadline.signal), this.walked ?? []),
      deadline.ended(),
    ]);
    return { step, started, deadline, answer };
  }

  /** A begun step's result, from what its call answered (sent) or how it failed. */
  complete(begun: Begun, sent: Sent | undefined, failure: unknown): StepResult {
    // Its answer was awaited: nothing of the step is still running.
    begun.deadline.done(true);
    const base = baseOf(begun.step);
    let worked: Worked;
    try {
      worked = sent
        ? this.judged(begun.step, base, sent, [sent.rttMs])
        : { result: errored(base, begun.deadline.failure() ?? failure) };
    } catch (error) {
      worked = { result: errored(base, error) };
    }
    return this.ended(begun.step, worked, begun.started);
  }

  private ended(given: CollectionStep, worked: Worked, started: number): StepResult {
    const { result } = worked;
    result.ms = Math.round((performance.now() - started) * 100) / 100;
    if (result.status !== 'error') result.status = allPassed(result.assertions) ? 'passed' : 'failed';
    // No environment value was used: nothing to redact (and no copy of the result).
    if (this.usedEnv.size === 0) return result;
    if (this.referencing.has(given)) showAsWritten(given, worked, this.captures);
    if (this.redact?.size !== this.usedEnv.size)
      this.redact = { size: this.usedEnv.size, hide: redactor(this.usedEnv) };
    return this.redact.hide(result);
  }

  private timeout(step: CollectionStep): { timeoutMs?: number } {
    const timeoutMs = step.timeoutMs ?? this.options.timeoutMs;
    return timeoutMs !== undefined ? { timeoutMs } : {};
  }

  private async runList(step: ListStep, base: StepResult, signal: AbortSignal): Promise<Worked> {
    const kind = listKindOf[step.method];
    const rtts: number[] = [];
    let first: Awaited<ReturnType<typeof walkList>> | undefined;
    for (let round = 0; round < (step.repeat ?? 1); round += 1) {
      const listing = await walkList(this.session, kind, {
        ...this.walkOptions(),
        ...this.timeout(step),
        signal,
      });
      if (listing.error && listing.items.length === 0 && listing.pages.length === 0)
        throw new LoupeError(listing.error);
      rtts.push(listing.pages.reduce((sum, page) => sum + page.rttMs, 0));
      first ??= listing;
    }
    if (!first) throw new Error('a list step ran no walk');
    const snapshot = step.expect?.snapshot ? await this.snapshot(step.expect.snapshot.file) : undefined;
    const latency = latencyFigures(rtts);
    if (snapshot) checkResultDepth({ items: [...first.items] });
    const judgement = {
      method: step.method,
      items: first.items,
      complete: first.complete,
      latency,
      ...(snapshot ? { snapshot } : {}),
    };
    const assertions = judgeList(step.expect ?? {}, judgement);
    const firstPage = first.pages[0];
    const result: StepResult = {
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
    return { result, rejudge: (expect) => judgeList(expect, judgement) };
  }

  /** A tools/call step as callTool's request (the runner names its calls: callTool would draw a UUID for each). */
  private callRequest(step: CallStep, signal: AbortSignal): CallToolRequest {
    const request: CallToolRequest = {
      tool: step.tool ?? '',
      arguments: step.arguments ?? {},
      callId: `step-call-${++this.calls}`,
      signal,
    };
    const timeoutMs = step.timeoutMs ?? this.options.timeoutMs;
    if (timeoutMs !== undefined) request.timeoutMs = timeoutMs;
    return request;
  }

  /** A call step's result: its assertions judged on the first answer, its captures taken. */
  private judged(
    step: CallStep,
    base: StepResult,
    first: Sent,
    rtts: number[],
    matches?: PatternVerdicts,
  ): Worked {
    checkResultDepth(first.result);
    const latency = latencyFigures(rtts);
    const judged: CallJudgement = { method: step.method, result: first.result, latency };
    if (first.structuredValidation) judged.validation = first.structuredValidation;
    if (matches) judged.matches = matches;
    const assertions = judgeCall(step.expect ?? {}, judged);
    const captured = this.capture(step, first.result, assertions);
    // Filled in, not spread: `{ ...base, more }` is a slow path of V8 (µs a step).
    base.assertions = assertions;
    base.latency = latency;
    base.request = requestOf(step);
    base.result = first.result;
    if (first.requestSeq !== undefined) base.requestSeq = first.requestSeq;
    if (first.responseSeq !== undefined) base.responseSeq = first.responseSeq;
    if (captured) base.captured = captured;
    // The report's judging again as written: a pattern written with ${env:…} meets no text it was run on.
    const rejudge: Rejudge = (expect) => judgeCall(expect, { ...judged, matches: matches ?? (() => false) });
    return { result: base, rejudge };
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
export type Sent = Pick<
  CallOutcome,
  'result' | 'rttMs' | 'requestSeq' | 'responseSeq' | 'structuredValidation'
>;

/** The params of a resources/read or prompts/get step. */
function requestParams(step: CallStep): JsonObject {
  if (step.method === 'resources/read') return { uri: step.uri ?? '' };
  const params: JsonObject = { name: step.prompt ?? '' };
  if (step.arguments) params.arguments = step.arguments;
  return params;
}
