import { describe, expect, it } from 'vitest';
import { lintTools } from '../../../src/core/lint/lintTools.js';
import { deeperThan, defaultMaximumSchemaDepth } from '../../../src/core/lint/schemaDepth.js';
import type { JsonObject } from '../../../src/shared/json.js';

/** An object schema whose property "child" nests `levels` times (two JSON levels each), parsed from text. */
function nestedSchema(levels: number, leaf = '{"type":"string"}'): JsonObject {
  return JSON.parse(`${'{"type":"object","properties":{"child":'.repeat(levels)}${leaf}${'}}'.repeat(levels)}`) as JsonObject;
}

describe('schema depth', () => {
  it('measures nesting of objects and arrays without recursion', () => {
    expect(deeperThan({ a: 1 }, 1)).toBe(false);
    expect(deeperThan({ a: {} }, 1)).toBe(true);
    expect(deeperThan({ a: [[{}]] }, 3)).toBe(true);
    expect(deeperThan({ a: [[{}]] }, 4)).toBe(false);
    expect(deeperThan(nestedSchema(100_000), defaultMaximumSchemaDepth)).toBe(true);
  });

  it('names a tool whose inputSchema nests 100,000 levels, with the limit, and checks the other tools as usual', () => {
    const tools: JsonObject[] = [
      { name: 'deep_tool', description: 'Deep.', inputSchema: nestedSchema(100_000) },
      { name: 'broken', description: 'Broken.', inputSchema: { type: 'object', properties: { x: { type: 12 } } } },
    ];
    const findings = lintTools(tools);
    expect(findings.map((finding) => [finding.code, finding.severity, finding.tool])).toEqual([
      ['schema-too-deep', 'error', 'deep_tool'],
      ['input-schema-invalid', 'error', 'broken'],
    ]);
    expect(findings[0]?.message).toBe(
      'Tool "deep_tool" has an inputSchema nested more than 256 levels deep (objects and arrays); it was not checked, and clients that walk schemas recursively fail on it.',
    );
  });

  it('checks an outputSchema the same way', () => {
    const findings = lintTools([{ name: 'deep_output', description: 'Deep.', inputSchema: { type: 'object' }, outputSchema: nestedSchema(50_000) }]);
    expect(findings.map((finding) => [finding.code, finding.tool])).toEqual([['schema-too-deep', 'deep_output']]);
    expect(findings[0]?.message).toContain('has an outputSchema nested more than 256 levels');
  });

  it('still compiles a schema just within the limit, and finds what is wrong deep inside it', () => {
    const levels = (defaultMaximumSchemaDepth - 2) / 2;
    expect(deeperThan(nestedSchema(levels), defaultMaximumSchemaDepth)).toBe(false);
    expect(lintTools([{ name: 'fine', description: 'Fine.', inputSchema: nestedSchema(levels) }])).toEqual([]);
    const broken = lintTools([{ name: 'bad_leaf', description: 'Bad.', inputSchema: nestedSchema(levels, '{"type":12}') }]);
    expect(broken.map((finding) => finding.code)).toEqual(['input-schema-invalid']);
  });

  it('takes the limit as an option', () => {
    const tools: JsonObject[] = [{ name: 'medium', description: 'Medium.', inputSchema: nestedSchema(10) }];
    expect(lintTools(tools)).toEqual([]);
    const findings = lintTools(tools, { maximumSchemaDepth: 8 });
    expect(findings.map((finding) => finding.code)).toEqual(['schema-too-deep']);
    expect(findings[0]?.message).toContain('more than 8 levels');
  });
});
