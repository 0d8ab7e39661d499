/**
 * The assertions of a tools/call, resources/read or prompts/get step, each judged on the first result as sent:
 * isError, content types, structuredContent / JSON text equal or containing, values at JSON Pointers, the
 * outputSchema verdict of the one call path, and latency budgets over `repeat` calls.
 */
import type {
  AssertionResult,
  Bounds,
  CallExpectations,
  CallMethod,
  LatencyBudget,
  LatencyFigures,
  PathAssertion,
  ValueAssertion,
} from '../../shared/collections.js';
import { isJsonObject, type JsonObject, type JsonValue } from '../../shared/json.js';
import type { CallOutcome } from '../../shared/session.js';
import { jsonEqual } from '../diff/jsonEqual.js';
import { shortJson } from '../diff/jsonEqual.js';
import { valueAt, without } from './pointer.js';
import { hasType, jsonContains, lineDiff, typeOf } from './values.js';

interface Block {
  type: string;
  text?: string;
}

/** The result's blocks: tools' content, prompts' message contents, resources' contents (text or blob). */
export function blocksOf(method: CallMethod, result: JsonObject): Block[] {
  const array = (value: JsonValue | undefined): JsonValue[] => (Array.isArray(value) ? value : []);
  if (method === 'resources/read')
    return array(result.contents)
      .filter(isJsonObject)
      .map((item) =>
        typeof item.text === 'string'
          ? { type: 'text', text: item.text }
          : { type: typeof item.blob === 'string' ? 'blob' : 'unknown' },
      );
  const items =
    method === 'prompts/get'
      ? array(result.messages)
          .filter(isJsonObject)
          .map((message) => message.content)
      : array(result.content);
  return items.map(blockOf);
}

/** A content block's type and text (filled in, not spread: this runs for every step). */
function blockOf(item: JsonValue | undefined): Block {
  if (!isJsonObject(item)) return { type: '(not an object)' };
  const block: Block = { type: typeof item.type === 'string' ? item.type : '(no type)' };
  if (typeof item.text === 'string') block.text = item.text;
  return block;
}

export type JsonTextView = { value: JsonValue } | { problem: string };

export function jsonTextOf(blocks: readonly Block[]): JsonTextView {
  const first = blocks.find((block) => block.text !== undefined);
  if (first?.text === undefined) return { problem: 'the result has no text block' };
  try {
    return { value: JSON.parse(first.text) as JsonValue };
  } catch (error) {
    return {
      problem: `the first text block is not JSON (${error instanceof Error ? error.message : String(error)})`,
    };
  }
}

const pass = (name: string, extra: Partial<AssertionResult> = {}): AssertionResult => ({
  name,
  passed: true,
  ...extra,
});
const fail = (name: string, message: string, extra: Partial<AssertionResult> = {}): AssertionResult => ({
  name,
  passed: false,
  message,
  ...extra,
});

function compared(
  name: string,
  mode: 'equals' | 'contains',
  expected: JsonValue,
  actual: JsonValue | undefined,
): AssertionResult {
  const ok = mode === 'equals' ? jsonEqual(expected, actual) : jsonContains(actual, expected);
  if (ok) return pass(name, { expected });
  const message =
    actual === undefined ? 'absent' : mode === 'equals' ? 'not equal' : 'does not contain the expected value';
  return fail(name, message, {
    expected,
    ...(actual === undefined ? {} : { actual }),
    diff: lineDiff(expected, actual),
  });
}

function valueAssertions(
  label: string,
  assertion: ValueAssertion | undefined,
  actual: JsonValue | undefined,
  out: AssertionResult[],
): void {
  if (!assertion) return;
  const ignore = assertion.ignore ?? [];
  const suffix = ignore.length > 0 ? ` (ignoring ${ignore.join(', ')})` : '';
  const shown = without(actual, ignore);
  if (assertion.equals !== undefined)
    out.push(
      compared(`${label} equals${suffix}`, 'equals', without(assertion.equals, ignore) ?? null, shown),
    );
  if (assertion.contains !== undefined)
    out.push(
      compared(`${label} contains${suffix}`, 'contains', without(assertion.contains, ignore) ?? null, shown),
    );
}

function lengthOf(value: JsonValue): number | undefined {
  if (typeof value === 'string' || Array.isArray(value)) return value.length;
  return isJsonObject(value) ? Object.keys(value).length : undefined;
}

/** Bounds as a JSON value (only the limits given). */
export function boundsJson(bounds: Bounds): JsonObject {
  const out: JsonObject = {};
  for (const key of ['equals', 'min', 'max'] as const) if (bounds[key] !== undefined) out[key] = bounds[key];
  return out;
}

export function boundsProblem(
  value: number,
  bounds: { equals?: number; min?: number; max?: number },
): string | undefined {
  if (bounds.equals !== undefined && value !== bounds.equals) return `is ${value}, not ${bounds.equals}`;
  if (bounds.min !== undefined && value < bounds.min) return `is ${value}, below the minimum ${bounds.min}`;
  if (bounds.max !== undefined && value > bounds.max) return `is ${value}, above the maximum ${bounds.max}`;
  return undefined;
}

/**
 * Whether a text matches a pattern: the verdicts of the pattern thread (patternThread.ts), never a match run here,
 * where a pattern that backtracks catastrophically could not be stopped.
 */
export type PatternVerdicts = (pattern: string, text: string) => boolean;

/** The patterns of a call step's expectations: without any, the step is judged at once. */
export function hasPatterns(expect: CallExpectations): boolean {
  return (
    expect.text?.matches !== undefined || (expect.paths ?? []).some((path) => path.matches !== undefined)
  );
}

function pathAssertions(
  path: PathAssertion,
  result: JsonObject,
  jsonText: JsonTextView,
  out: AssertionResult[],
  matches: PatternVerdicts,
): void {
  const where = `${path.in === 'jsonText' ? 'jsonText' : ''}${path.pointer === '' ? '(root)' : path.pointer}`;
  let value: JsonValue | undefined;
  if (path.in === 'jsonText') {
    if ('problem' in jsonText) return void out.push(fail(`${where}`, jsonText.problem));
    value = valueAt(jsonText.value, path.pointer);
  } else value = valueAt(result, path.pointer);
  const actual = value === undefined ? {} : { actual: value };
  if (path.exists !== undefined) {
    const name = `${where} ${path.exists ? 'exists' : 'is absent'}`;
    out.push(
      (value !== undefined) === path.exists
        ? pass(name, actual)
        : fail(name, path.exists ? 'nothing is there' : 'a value is there', actual),
    );
  }
  const needs = (name: string, check: (present: JsonValue) => AssertionResult): void => {
    out.push(value === undefined ? fail(name, 'nothing is there') : check(value));
  };
  if (path.equals !== undefined) {
    const expected = path.equals;
    needs(`${where} equals ${shortJson(expected, 40)}`, (present) =>
      compared(`${where} equals ${shortJson(expected, 40)}`, 'equals', expected, present),
    );
  }
  if (path.matches !== undefined) {
    const pattern = path.matches;
    const name = `${where} matches /${pattern}/`;
    needs(name, (present) =>
      typeof present !== 'string'
        ? fail(name, `is ${typeOf(present)}, not a string`, { expected: pattern, actual: present })
        : matches(pattern, present)
          ? pass(name, { expected: pattern, actual: present })
          : fail(name, 'does not match', { expected: pattern, actual: present }),
    );
  }
  if (path.type !== undefined) {
    const type = path.type;
    const name = `${where} is ${type}`;
    needs(name, (present) =>
      hasType(present, type)
        ? pass(name, { expected: type, actual: present })
        : fail(name, `is ${typeOf(present)}`, { expected: type, actual: present }),
    );
  }
  if (path.length !== undefined) {
    const bounds = typeof path.length === 'number' ? { equals: path.length } : path.length;
    const name = `${where} length ${typeof path.length === 'number' ? path.length : shortJson(boundsJson(path.length))}`;
    needs(name, (present) => {
      const length = lengthOf(present);
      if (length === undefined)
        return fail(name, `is ${typeOf(present)}, which has no length`, { actual: present });
      const problem = boundsProblem(length, bounds);
      return problem
        ? fail(name, `length ${problem}`, { expected: boundsJson(bounds), actual: length })
        : pass(name, { expected: boundsJson(bounds), actual: length });
    });
  }
  if (path.oneOf !== undefined) {
    const options = path.oneOf;
    const name = `${where} is one of ${shortJson(options, 40)}`;
    needs(name, (present) =>
      options.some((option) => jsonEqual(option, present))
        ? pass(name, { expected: options, actual: present })
        : fail(name, 'is none of them', { expected: options, actual: present }),
    );
  }
}

/** Nearest-rank percentiles of the round trips. */
export function latencyFigures(rtts: readonly number[]): LatencyFigures {
  if (rtts.length === 1) {
    // One call (the usual step): every figure is its round trip.
    const only = roundHundredths(rtts[0]);
    return { count: 1, p50: only, p95: only, max: only };
  }
  const sorted = [...rtts].sort((a, b) => a - b);
  const rank = (fraction: number): number =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? 0;
  return {
    count: sorted.length,
    p50: roundHundredths(rank(0.5)),
    p95: roundHundredths(rank(0.95)),
    max: roundHundredths(sorted[sorted.length - 1] ?? 0),
  };
}

function roundHundredths(value: number): number {
  return Math.round(value * 100) / 100;
}

export function latencyAssertions(
  budget: LatencyBudget | undefined,
  figures: LatencyFigures,
  out: AssertionResult[],
): void {
  if (!budget) return;
  for (const key of ['p50', 'p95', 'max'] as const) {
    const limit = budget[key];
    if (limit === undefined) continue;
    const name = `latency ${key} ≤ ${limit} ms (${figures.count} call${figures.count === 1 ? '' : 's'})`;
    const actual = figures[key];
    out.push(
      actual <= limit
        ? pass(name, { expected: limit, actual })
        : fail(name, `${key} was ${actual} ms`, { expected: limit, actual }),
    );
  }
}

export interface CallJudgement {
  method: CallMethod;
  result: JsonObject;
  /** The outputSchema verdict from callTool (tools/call). */
  validation?: CallOutcome['structuredValidation'];
  latency: LatencyFigures;
  /** The verdicts of the step's patterns; required when the expectations have any (hasPatterns). */
  matches?: PatternVerdicts;
}

const noPatterns: PatternVerdicts = () => {
  throw new Error('a step with patterns was judged without their verdicts');
};

export function judgeCall(expect: CallExpectations, judged: CallJudgement): AssertionResult[] {
  const { result } = judged;
  const matches = judged.matches ?? noPatterns;
  const out: AssertionResult[] = [];
  const blocks = blocksOf(judged.method, result);
  const jsonText = jsonTextOf(blocks);
  if (expect.isError !== undefined) {
    const actual = result.isError === true;
    const name = `isError is ${String(expect.isError)}`;
    out.push(
      actual === expect.isError
        ? pass(name, { expected: expect.isError, actual })
        : fail(name, `isError was ${String(actual)}`, { expected: expect.isError, actual }),
    );
  }
  if (expect.contentTypes) {
    const actual = blocks.map((block) => block.type);
    out.push(
      jsonEqual(expect.contentTypes, actual)
        ? pass('content types', { expected: expect.contentTypes, actual })
        : fail('content types', `were [${actual.join(', ')}]`, { expected: expect.contentTypes, actual }),
    );
  }
  valueAssertions('structuredContent', expect.structuredContent, result.structuredContent, out);
  if (expect.jsonText) {
    if ('problem' in jsonText) out.push(fail('jsonText', jsonText.problem));
    else valueAssertions('jsonText', expect.jsonText, jsonText.value, out);
  }
  if (expect.text) {
    const text = blocks.flatMap((block) => (block.text === undefined ? [] : [block.text])).join('\n');
    const { equals, contains, matches: pattern } = expect.text;
    if (equals !== undefined)
      out.push(
        text === equals
          ? pass('text equals', { expected: equals })
          : fail('text equals', 'not equal', {
              expected: equals,
              actual: text,
              diff: lineDiff(equals, text),
            }),
      );
    if (contains !== undefined)
      out.push(
        text.includes(contains)
          ? pass('text contains', { expected: contains })
          : fail('text contains', 'the text does not contain it', { expected: contains, actual: text }),
      );
    if (pattern !== undefined)
      out.push(
        matches(pattern, text)
          ? pass(`text matches /${pattern}/`, { expected: pattern })
          : fail(`text matches /${pattern}/`, 'does not match', { expected: pattern, actual: text }),
      );
  }
  for (const path of expect.paths ?? []) pathAssertions(path, result, jsonText, out, matches);
  if (expect.outputSchema) {
    const verdict = judged.validation;
    const name = 'structuredContent valid against outputSchema';
    if (!verdict)
      out.push(
        fail(
          name,
          result.isError === true
            ? 'the call failed (isError), so nothing was validated'
            : 'the tool declares no outputSchema',
        ),
      );
    else if (verdict.valid) out.push(pass(name));
    else
      out.push(
        fail(name, 'missing' in verdict ? 'the result has no structuredContent' : verdict.errors.join('; '), {
          actual: result.structuredContent ?? null,
        }),
      );
  }
  latencyAssertions(expect.latency, judged.latency, out);
  return out;
}
