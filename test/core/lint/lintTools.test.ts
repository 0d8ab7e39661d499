import { describe, expect, it } from 'vitest';
import { lintTools } from '../../../src/core/lint/lintTools.js';
import type { JsonObject } from '../../../src/shared/json.js';
import { violatingTools } from '../../servers/catalog.mjs';
import { expectedViolations } from '../../helpers/violations.js';

const tools = violatingTools();


describe('lintTools', () => {
  it('draws exactly one finding per violation of the violating catalogue, naming the tool', () => {
    const findings = lintTools(tools);
    expect(findings.map((finding) => [finding.code, finding.tool, finding.index])).toEqual(
      [...expectedViolations].sort((left, right) => left[2] - right[2]),
    );
    for (const finding of findings) {
      if (finding.tool) expect(finding.message).toContain(finding.tool.slice(0, 20));
      expect(finding.message).toMatch(/\.$/);
    }
  });

  it('gives errors for MUSTs, warnings for SHOULDs and info for annotations', () => {
    const byCode = new Map(lintTools(tools).map((finding) => [finding.code, finding.severity]));
    expect(byCode.get('name-empty')).toBe('error');
    expect(byCode.get('input-schema-not-object')).toBe('error');
    expect(byCode.get('input-schema-invalid')).toBe('error');
    expect(byCode.get('name-charset')).toBe('warning');
    expect(byCode.get('description-missing')).toBe('warning');
    expect(byCode.get('annotations-untrusted')).toBe('info');
  });

  it('explains what is wrong in plain sentences', () => {
    const messages = new Map(lintTools(tools).map((finding) => [`${finding.code} ${finding.tool ?? ''}`, finding.message]));
    expect(messages.get('input-schema-not-object null_schema')).toBe('Tool "null_schema" has an inputSchema that is null, not a JSON Schema object.');
    expect(messages.get('input-schema-not-object string_schema')).toBe(
      'Tool "string_schema" has an inputSchema with type "string"; the spec requires type "object".',
    );
    expect(messages.get('name-too-long ' + 'a'.repeat(200))).toContain('200 characters');
    expect(messages.get('name-charset has space')).toContain('" "');
    expect(messages.get('name-duplicate dup_tool')).toContain('first at position 6, again at 19');
    expect(messages.get('name-case-collision casetool')).toContain('"CaseTool"');
    expect(messages.get('input-schema-invalid invalid_schema')).toMatch(/not a valid JSON Schema: .+/);
  });

  it('checks schemas in the dialect they declare and accepts $defs, formats and draft-07 definitions', () => {
    const findings = lintTools([
      {
        name: 'modern',
        description: 'd',
        inputSchema: {
          type: 'object',
          $defs: { when: { type: 'string', format: 'date-time' } },
          properties: { when: { $ref: '#/$defs/when' }, maybe: { type: ['string', 'null'] } },
        },
      },
      { name: 'old', description: 'd', inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', items: [{ type: 'string' }] } },
      { name: 'dangling', description: 'd', inputSchema: { type: 'object', properties: { a: { $ref: '#/$defs/missing' } } } },
      { name: 'nameless_type', description: 'd', inputSchema: { properties: {} } },
      { name: 'number_name_neighbour', description: 'd', inputSchema: { type: 'object' }, outputSchema: { type: 'array' } },
    ]);
    expect(findings.map((finding) => [finding.code, finding.tool])).toEqual([
      ['input-schema-invalid', 'dangling'],
      ['input-schema-not-object', 'nameless_type'],
      ['output-schema-invalid', 'number_name_neighbour'],
    ]);
  });

  it('treats a missing or non-string name as empty and keeps positions for tools without names', () => {
    const findings = lintTools([{ description: 'd', inputSchema: { type: 'object' } }, { name: 7, description: 'd', inputSchema: { type: 'object' } }]);
    expect(findings.map((finding) => [finding.code, finding.tool, finding.index, finding.message])).toEqual([
      ['name-empty', undefined, 0, 'Tool #1 (no name) has no name field.'],
      ['name-empty', undefined, 1, 'Tool #2 (no name) has a name that is a number, not a string.'],
    ]);
  });

  it('finds nothing wrong in a clean list', () => {
    expect(lintTools([{ name: 'fine', description: 'Fine.', inputSchema: { type: 'object' } }])).toEqual([]);
    expect(lintTools([])).toEqual([]);
  });
});

describe('lintTools references', () => {
  const tool = (name: string, inputSchema: JsonObject): JsonObject => ({ name, description: 'd', inputSchema });
  it('resolves local pointers by hand and leaves anchors and escaped names to Ajv', () => {
    const findings = lintTools([
      tool('pointer_ok', { type: 'object', $defs: { 'a/b': { type: 'string' } }, properties: { x: { $ref: '#/$defs/a~1b' } } }),
      tool('pointer_missing', { type: 'object', $defs: {}, properties: { x: { $ref: '#/$defs/gone' } } }),
      tool('items_index', { type: 'object', prefixItems: [{ type: 'string' }], properties: { x: { $ref: '#/prefixItems/0' } } }),
      tool('root_ref', { type: 'object', properties: { self: { $ref: '#' } } }),
      tool('anchor_ok', { type: 'object', $defs: { a: { $anchor: 'thing', type: 'string' } }, properties: { x: { $ref: '#thing' } } }),
      tool('anchor_missing', { type: 'object', properties: { x: { $ref: '#nothing' } } }),
    ]);
    expect(findings.map((finding) => [finding.code, finding.tool])).toEqual([
      ['input-schema-invalid', 'pointer_missing'],
      ['input-schema-invalid', 'anchor_missing'],
    ]);
    expect(findings[0].message).toContain("can't resolve reference #/$defs/gone");
  });
});
