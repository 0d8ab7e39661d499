/** Comparing JSON values for assertions: containment, type names, and a line diff of the two sides. */
import type { DiffLine, ValueType } from '../../shared/collections.js';
import { isJsonObject, type JsonValue } from '../../shared/json.js';
import { jsonEqual } from '../diff/jsonEqual.js';
import { stringifyJson } from '../json/stringifyJson.js';

/**
 * Whether `actual` contains `expected`: objects key by key (extra keys allowed), arrays element by element (each
 * expected element contained by some actual element), strings by substring, everything else equal.
 */
export function jsonContains(actual: JsonValue | undefined, expected: JsonValue): boolean {
  if (actual === undefined) return false;
  if (typeof expected === 'string' && typeof actual === 'string') return actual.includes(expected);
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return false;
    return expected.every((item) => actual.some((candidate) => jsonContains(candidate, item)));
  }
  if (isJsonObject(expected)) {
    if (!isJsonObject(actual)) return false;
    return Object.entries(expected).every(
      ([key, item]) => Object.prototype.hasOwnProperty.call(actual, key) && jsonContains(actual[key], item),
    );
  }
  return jsonEqual(actual, expected);
}

export function typeOf(value: JsonValue): ValueType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as 'string' | 'boolean' | 'object';
}

/** Whether the value is of the named type; an integer is a number too. */
export function hasType(value: JsonValue, type: ValueType): boolean {
  const actual = typeOf(value);
  return actual === type || (type === 'number' && actual === 'integer');
}

/** Most lines compared line by line; past this the two sides are shown whole. */
const maximumCells = 1_000_000;

function lines(value: JsonValue | undefined): string[] {
  return value === undefined ? ['(absent)'] : stringifyJson(sortKeys(value), 2).split('\n');
}

/** Keys sorted, so the diff shows changed values and not a different key order. */
function sortKeys(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (isJsonObject(value)) {
    const sorted: Record<string, JsonValue> = {};
    for (const key of Object.keys(value).sort()) sorted[key] = sortKeys(value[key]);
    return sorted;
  }
  return value;
}

/** Expected (removed, "-") against actual (added, "+"), line by line over pretty JSON with sorted keys. */
export function lineDiff(expected: JsonValue | undefined, actual: JsonValue | undefined): DiffLine[] {
  const left = lines(expected);
  const right = lines(actual);
  if (left.length * right.length > maximumCells) {
    return [
      ...left.map((text) => ({ op: 'removed' as const, text })),
      ...right.map((text) => ({ op: 'added' as const, text })),
    ];
  }
  const width = right.length + 1;
  const table = new Uint32Array((left.length + 1) * width);
  for (let i = left.length - 1; i >= 0; i -= 1)
    for (let j = right.length - 1; j >= 0; j -= 1)
      table[i * width + j] =
        left[i] === right[j]
          ? table[(i + 1) * width + j + 1] + 1
          : Math.max(table[(i + 1) * width + j], table[i * width + j + 1]);
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length && j < right.length) {
    if (left[i] === right[j]) {
      out.push({ op: 'same', text: left[i] });
      i += 1;
      j += 1;
    } else if (table[(i + 1) * width + j] >= table[i * width + j + 1])
      out.push({ op: 'removed', text: left[i++] });
    else out.push({ op: 'added', text: right[j++] });
  }
  while (i < left.length) out.push({ op: 'removed', text: left[i++] });
  while (j < right.length) out.push({ op: 'added', text: right[j++] });
  return out;
}
