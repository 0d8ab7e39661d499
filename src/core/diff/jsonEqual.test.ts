import { describe, expect, it } from 'vitest';
import type { JsonValue } from '../../shared/json.js';
import { jsonEqual } from './jsonEqual.js';

/** A value nested `depth` levels deep: alternately an object and an array around `leaf`. */
function nested(depth: number, leaf: JsonValue): JsonValue {
  let value = leaf;
  for (let level = 0; level < depth; level += 1) value = level % 2 === 0 ? { next: value } : [value];
  return value;
}

describe('jsonEqual', () => {
  it('compares shallow values by structure, key order ignored', () => {
    expect(jsonEqual({ message: 'm1', n: [1, 2] }, { n: [1, 2], message: 'm1' })).toBe(true);
    expect(jsonEqual({ message: 'm1' }, { message: 'm2' })).toBe(false);
    expect(jsonEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(jsonEqual({ a: 1, b: undefined } as unknown as JsonValue, { a: 1, c: 2 })).toBe(false);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
    expect(jsonEqual([], {})).toBe(false);
    expect(jsonEqual(null, {})).toBe(false);
    expect(jsonEqual(1, '1')).toBe(false);
    expect(jsonEqual(undefined, undefined)).toBe(true);
    expect(jsonEqual({ a: null }, { a: null })).toBe(true);
  });

  it('gives the same verdicts at every depth', () => {
    for (const depth of [63, 64, 65, 66, 200]) {
      expect(jsonEqual(nested(depth, 'leaf'), nested(depth, 'leaf'))).toBe(true);
      expect(jsonEqual(nested(depth, 'leaf'), nested(depth, 'other'))).toBe(false);
      expect(jsonEqual(nested(depth, 'leaf'), nested(depth + 1, 'leaf'))).toBe(false);
    }
  });

  it('finds a difference beside a deep value', () => {
    const deep = nested(100_000, 'leaf');
    expect(jsonEqual({ a: 1, deep }, { a: 2, deep })).toBe(false);
  });

  it('compares values nested 100,000 deep without overflowing the stack', () => {
    expect(jsonEqual(nested(100_000, 'leaf'), nested(100_000, 'leaf'))).toBe(true);
    expect(jsonEqual(nested(100_000, 'leaf'), nested(100_000, 'other'))).toBe(false);
  });
});
