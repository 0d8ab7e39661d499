/**
 * A step's result as the report holds it: the base of every result, an error, the request as the step is written,
 * the assertions' names and expected values as written (`${env:NAME}` kept, the verdicts the real ones), and the
 * depth check that keeps a hostile result from crashing the judging or the reports.
 */
import type {
  AssertionResult,
  CallExpectations,
  CallStep,
  CollectionStep,
  ListExpectations,
  StepResult,
} from '../../shared/collections.js';
import { isListStep } from '../../shared/collections.js';
import { LoupeError, toErrorData } from '../../shared/errors.js';
import type { JsonObject, JsonValue } from '../../shared/json.js';
import { maximumDepth, tooDeepAt } from './depth.js';
import { envNamesIn, substitute } from './variables.js';

/** A step's expectations judged again as written (`${env:NAME}` kept): what the report shows of them. */
export type Rejudge = (expect: CallExpectations & ListExpectations) => AssertionResult[];

/** What a step's work produced: its result, and how to judge its expectations again for the report. */
export interface Worked {
  result: StepResult;
  rejudge?: Rejudge;
}

/**
 * What the report says was sent and expected, as the step is written: `${env:NAME}` stays (captures are filled
 * in), so no environment value shows where it was substituted, however short. The verdicts stay the real ones.
 */
export function showAsWritten(
  given: CollectionStep,
  { result, rejudge }: Worked,
  captures: ReadonlyMap<string, JsonValue>,
): void {
  const written = given as unknown as JsonValue;
  if (envNamesIn(written).size === 0) return;
  let shown: CollectionStep;
  try {
    shown = substitute(written, {
      env: {},
      captures,
      usedEnv: new Map(),
      shown: true,
    }) as unknown as CollectionStep;
  } catch {
    // A capture the step uses was never taken: the step did not run as written, and shows the names only.
    shown = given;
  }
  if (result.request && !isListStep(shown)) result.request = requestOf(shown);
  if (!rejudge || result.assertions.length === 0) return;
  const again = rejudge(shown.expect ?? {});
  if (again.length !== result.assertions.length) return;
  result.assertions = result.assertions.map((real, index) => {
    const as = again[index];
    const out: AssertionResult = { ...real, name: as.name };
    if (real.expected !== undefined && as.expected !== undefined) out.expected = as.expected;
    if (real.diff !== undefined) {
      if (as.diff !== undefined) out.diff = as.diff;
      else delete out.diff;
    }
    return out;
  });
}

/** A result nested deeper than the judging (and the reports) can walk is an invalid response, not a crash. */
export function checkResultDepth(result: JsonObject | { items: JsonObject[] }): void {
  const at = tooDeepAt(result);
  if (at !== undefined)
    throw new LoupeError({
      kind: 'invalid-response',
      message: `the result nests deeper than ${maximumDepth} levels (at ${at}): not judged; its frame holds it as sent`,
    });
}

/** A call step's request as the report shows it. */
export function requestOf(step: CallStep): JsonObject {
  return step.method === 'tools/call'
    ? { name: step.tool ?? '', arguments: step.arguments ?? {} }
    : step.method === 'resources/read'
      ? { uri: step.uri ?? '' }
      : { name: step.prompt ?? '', arguments: step.arguments ?? {} };
}

export function allPassed(assertions: readonly AssertionResult[]): boolean {
  for (const assertion of assertions) if (!assertion.passed) return false;
  return true;
}

export function baseOf(step: CollectionStep): StepResult {
  return { name: step.name, method: step.method, status: 'passed', assertions: [], ms: 0 };
}

export function errored(base: StepResult, error: unknown): StepResult {
  const detail = toErrorData(error);
  base.status = 'error';
  base.error = { kind: detail.kind, message: detail.message };
  return base;
}
