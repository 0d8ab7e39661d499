import { describe, expect, it } from 'vitest';
import { canonicalJson, diffLists } from '../../../src/core/lists/diffLists.js';
import type { JsonObject, JsonValue } from '../../../src/shared/json.js';

/** An object schema whose property "child" nests `levels` times, parsed from text. */
function nestedSchema(levels: number, leaf: string): JsonObject {
  return JSON.parse(`${'{"type":"object","properties":{"child":'.repeat(levels)}${leaf}${'}}'.repeat(levels)}`) as JsonObject;
}

describe('canonicalJson', () => {
  it('sorts keys at every level and keeps arrays in order', () => {
    const value: JsonValue = { b: [3, { z: 1, a: null }, 'x'], a: { d: true, c: 'é"' }, e: [] };
    expect(canonicalJson(value)).toBe('{"a":{"c":"é\\"","d":true},"b":[3,{"a":null,"z":1},"x"],"e":[]}');
    expect(canonicalJson('text')).toBe('"text"');
    expect(canonicalJson(null)).toBe('null');
    expect(canonicalJson({})).toBe('{}');
  });

  it('writes a value nested 100,000 levels deep', () => {
    const text = canonicalJson(nestedSchema(100_000, '{"type":"string"}'));
    expect(text.startsWith('{"properties":{"child":{"properties":')).toBe(true);
    expect(text).toHaveLength(100_000 * '{"properties":{"child":'.length + '{"type":"string"}'.length + 100_000 * ',"type":"object"}'.length + 100_000);
  });
});

describe('diffLists with a schema 100,000 levels deep', () => {
  it('sees a change at the bottom and no change when only key order differs', () => {
    const before: JsonObject[] = [{ name: 'deep', inputSchema: nestedSchema(100_000, '{"type":"string"}') }];
    const same: JsonObject[] = [{ name: 'deep', inputSchema: nestedSchema(100_000, '{"type":"string"}') }];
    const changed: JsonObject[] = [{ name: 'deep', inputSchema: nestedSchema(100_000, '{"type":"number"}') }];
    expect(diffLists('tools', before, same)).toEqual({ kind: 'tools', added: [], removed: [], changed: [] });
    expect(diffLists('tools', before, changed)).toEqual({ kind: 'tools', added: [], removed: [], changed: ['deep'] });
  });
});
