import { describe, expect, it } from 'vitest';
import { indentedLevels, stringifyIteratively, stringifyJson } from './stringifyJson.js';

/** JSON text of an object nested `depth` levels through the key "child", built as text, then parsed. */
function nested(depth: number): unknown {
  return JSON.parse(`${'{"child":'.repeat(depth)}"leaf"${'}'.repeat(depth)}`);
}

describe('stringifyJson', () => {
  const samples: unknown[] = [
    null,
    true,
    0,
    -1.5e-7,
    'text with "quotes", \\ and \x1b\n',
    [],
    {},
    [1, 'two', null, [3, [4]], { five: 5 }],
    { a: 1, b: undefined, c: () => 1, d: [undefined, () => 1, Number.NaN, Infinity], e: { f: {} }, g: new Date(0) },
    { toJSON: (key: string) => `key ${key}` },
    { nested: { toJSON: () => ({ replaced: true }) } },
  ];

  it('writes exactly what JSON.stringify writes, compact and indented', () => {
    for (const value of samples) {
      expect(stringifyIteratively(value)).toBe(JSON.stringify(value));
      expect(stringifyIteratively(value, 2)).toBe(JSON.stringify(value, null, 2));
    }
    expect(stringifyIteratively(undefined)).toBeUndefined();
  });

  it('refuses circular structures and BigInt as JSON.stringify does', () => {
    const circular: Record<string, unknown> = { name: 'loop' };
    circular.self = circular;
    expect(() => stringifyIteratively(circular)).toThrow(TypeError);
    expect(() => stringifyIteratively({ big: 1n })).toThrow(TypeError);
    // The same object twice, side by side, is not circular.
    const shared = { x: 1 };
    expect(stringifyIteratively([shared, shared])).toBe('[{"x":1},{"x":1}]');
  });

  it('writes a value 100,000 levels deep that JSON.stringify cannot, and it parses back the same', () => {
    const deep = nested(100_000);
    expect(() => JSON.stringify(deep)).toThrow(RangeError);
    const compact = stringifyJson(deep);
    expect(compact).toBe(`${'{"child":'.repeat(100_000)}"leaf"${'}'.repeat(100_000)}`);
    const pretty = stringifyJson({ tools: [{ name: 'deep', inputSchema: deep }] }, 2);
    // Indented to indentedLevels, compact below: the text stays linear in the depth.
    expect(pretty.split('\n').length).toBeLessThan(2 * indentedLevels + 10);
    expect(pretty.startsWith('{\n  "tools": [\n    {\n      "name": "deep",\n      "inputSchema": {\n        "child": {')).toBe(true);
    const back = JSON.parse(pretty) as { tools: { inputSchema: unknown }[] };
    expect(stringifyJson(back.tools[0]?.inputSchema)).toBe(compact);
  });
});
