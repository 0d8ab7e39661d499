// What lint's fast paths must not change: a schema is walked for x-mcp-header only when its text holds the key, its
// depth is measured by a bounded recursion (an explicit stack past 1,024 levels), and verdicts are cached by text.
import { describe, expect, it } from 'vitest';
import { lintTools } from '../../../src/core/lint/lintTools.js';
import { deeperThan } from '../../../src/core/lint/schemaDepth.js';
import type { JsonObject } from '../../../src/shared/json.js';

/** `levels` nested properties named p0, p1, … around `leaf` (two JSON levels each), parsed from text. */
function nestedProperties(levels: number, leaf: string): JsonObject {
  let text = leaf;
  for (let level = levels - 1; level >= 0; level -= 1)
    text = `{"type":"object","properties":{"p${level}":${text}}}`;
  return JSON.parse(text) as JsonObject;
}

const codes = (tools: JsonObject[]) => lintTools(tools).map((finding) => [finding.tool, finding.code]);

describe('lint fast paths', () => {
  it('finds an x-mcp-header declared 60 properties deep, invalid or repeated, and none in data keywords', () => {
    const deep = nestedProperties(60, '{"type":"object","x-mcp-header":"Deep"}');
    const findings = lintTools([{ name: 'deep', description: 'd', inputSchema: deep }]);
    expect(findings.map((finding) => finding.code)).toEqual(['x-mcp-header-invalid']);
    const path = Array.from({ length: 60 }, (_, level) => `p${level}`).join('.');
    expect(findings[0]?.message).toContain(`(${path}: x-mcp-header needs type string, integer or boolean`);
    const twice = nestedProperties(
      30,
      '{"type":"object","properties":{"a":{"type":"string","x-mcp-header":"A"},"b":{"type":"string","x-mcp-header":"a"}}}',
    );
    expect(codes([{ name: 'twice', description: 'd', inputSchema: twice }])).toEqual([
      ['twice', 'x-mcp-header-invalid'],
    ]);
    const data = nestedProperties(30, '{"type":"string","examples":[{"x-mcp-header":"NotOne"}]}');
    expect(codes([{ name: 'data', description: 'd', inputSchema: data }])).toEqual([]);
  });

  it('scans the headers of an inputSchema that is not checked (not an object, or too deep)', () => {
    const notObject = { type: 'string', properties: { a: { type: 'object', 'x-mcp-header': 'A' } } };
    expect(codes([{ name: 'typed', description: 'd', inputSchema: notObject }])).toEqual([
      ['typed', 'input-schema-not-object'],
      ['typed', 'x-mcp-header-invalid'],
    ]);
    const tooDeep = nestedProperties(200, '{"type":"object","x-mcp-header":"Deep"}');
    expect(codes([{ name: 'deep', description: 'd', inputSchema: tooDeep }])).toEqual([
      ['deep', 'schema-too-deep'],
      ['deep', 'x-mcp-header-invalid'],
    ]);
  });

  it('gives two tools with identical schemas the same findings, each its own', () => {
    const broken = '{"type":"object","properties":{"x":{"type":12}},"required":["x"]}';
    const header = '{"type":"object","properties":{"x":{"type":"array","x-mcp-header":"X"}}}';
    const tools = ['one', 'two'].flatMap((name): JsonObject[] => [
      { name: `${name}_broken`, description: 'd', inputSchema: JSON.parse(broken) as JsonObject },
      { name: `${name}_header`, description: 'd', inputSchema: JSON.parse(header) as JsonObject },
      {
        name: `${name}_output`,
        description: 'd',
        inputSchema: { type: 'object' },
        outputSchema: JSON.parse(broken) as JsonObject,
      },
    ]);
    const findings = lintTools(tools);
    expect(findings.map((finding) => [finding.tool, finding.code, finding.index])).toEqual([
      ['one_broken', 'input-schema-invalid', 0],
      ['one_header', 'x-mcp-header-invalid', 1],
      ['one_output', 'output-schema-invalid', 2],
      ['two_broken', 'input-schema-invalid', 3],
      ['two_header', 'x-mcp-header-invalid', 4],
      ['two_output', 'output-schema-invalid', 5],
    ]);
    expect(findings[3]?.message).toBe(findings[0]?.message.replace('one_broken', 'two_broken'));
  });

  it('measures the deepest branch wherever it is, at the limit and one past it, by recursion and by stack', () => {
    // Three levels in the first branch, six in the last (arrays count as levels).
    const schema = JSON.parse('{"a":{"b":{}},"c":[1,"x",{"d":[[{}]]}]}') as JsonObject;
    expect(deeperThan(schema, 6)).toBe(false);
    expect(deeperThan(schema, 5)).toBe(true);
    expect(deeperThan(schema, 3)).toBe(true);
    // 1,501 levels: past 1,024 the limit is checked with the explicit stack.
    const long = nestedProperties(750, '{"type":"string"}');
    expect(deeperThan(long, 1501)).toBe(false);
    expect(deeperThan(long, 1500)).toBe(true);
    expect(deeperThan(long, 1000)).toBe(true);
    expect(deeperThan(nestedProperties(400, '{}'), 801)).toBe(false);
    expect(deeperThan(nestedProperties(400, '{}'), 800)).toBe(true);
    expect(deeperThan('text', 1)).toBe(false);
    expect(deeperThan(null, 1)).toBe(false);
  });
});
