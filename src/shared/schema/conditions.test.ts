import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../json.js';
import { holds, isDecidable, resolveConditionals } from './conditions.js';
import { mergeSchemas } from './merge.js';

describe('isDecidable', () => {
  it('accepts tests of constants, enums, types, bounds, patterns and required names, at any property depth', () => {
    expect(isDecidable(true)).toBe(true);
    expect(isDecidable({ properties: { a: { const: 1 }, b: { enum: ['x'], type: 'string', pattern: '^x' } }, required: ['a'] })).toBe(true);
    expect(isDecidable({ properties: { n: { minimum: 1, exclusiveMaximum: 9 }, s: { minLength: 1, maxLength: 3 } } })).toBe(true);
    expect(isDecidable({ properties: { o: { properties: { deep: { const: true } } } }, title: 'card payments' })).toBe(true);
  });

  it('refuses what it cannot evaluate exactly', () => {
    expect(isDecidable({ not: { const: 1 } })).toBe(false);
    expect(isDecidable({ properties: { tags: { contains: { const: 'x' } } } })).toBe(false);
    expect(isDecidable({ $ref: '#/$defs/x' })).toBe(false);
    expect(isDecidable({ pattern: '(' })).toBe(false);
    expect(isDecidable({ type: 'text' })).toBe(false);
    expect(isDecidable('yes')).toBe(false);
  });
});

describe('holds', () => {
  const card: JsonObject = { properties: { method: { const: 'card' } }, required: ['method'] };

  it('evaluates like a JSON Schema validator', () => {
    expect(holds(card, { method: 'card' })).toBe(true);
    expect(holds(card, { method: 'bank' })).toBe(false);
    expect(holds(card, {})).toBe(false);
    // Without "required", an absent property passes ("properties" only tests what is there).
    expect(holds({ properties: { method: { const: 'card' } } }, {})).toBe(true);
    expect(holds({ properties: { amount: { minimum: 1000 } } }, { amount: 999 })).toBe(false);
    expect(holds({ properties: { amount: { exclusiveMinimum: 999 } } }, { amount: 1000 })).toBe(true);
    expect(holds({ properties: { code: { pattern: '^[A-Z]{2}$', maxLength: 2 } } }, { code: 'NL' })).toBe(true);
    expect(holds({ properties: { code: { minLength: 2 } } }, { code: '\u{1F600}' })).toBe(false);
    expect(holds({ type: 'number' }, 3)).toBe(true);
    expect(holds({ type: 'integer' }, 3.5)).toBe(false);
    expect(holds({ enum: [{ a: [1] }] }, { a: [1] })).toBe(true);
    expect(holds(false, {})).toBe(false);
  });
});

describe('resolveConditionals', () => {
  const schema: JsonObject = {
    type: 'object',
    properties: { method: { type: 'string' } },
    if: { properties: { method: { const: 'card' } }, required: ['method'] },
    then: { properties: { card: { type: 'string' } }, required: ['card'] },
    else: { if: { properties: { method: { const: 'bank' } } }, then: { required: ['iban'] } },
    dependencies: { card: ['holder'], ship: { properties: { carrier: { type: 'string' } } } },
  };

  it('merges the branch that applies, nested, and the dependencies of present properties', () => {
    expect(resolveConditionals(schema, { method: 'card', card: 'x' }, mergeSchemas)).toEqual({
      type: 'object',
      properties: { method: { type: 'string' }, card: { type: 'string' } },
      required: ['card', 'holder'],
    });
    expect(resolveConditionals(schema, { method: 'bank', ship: true }, mergeSchemas)).toEqual({
      type: 'object',
      properties: { method: { type: 'string' }, carrier: { type: 'string' } },
      required: ['iban'],
    });
  });

  it('leaves schemas without conditionals, and non-object values, alone', () => {
    const plain: JsonObject = { type: 'object' };
    expect(resolveConditionals(plain, {}, mergeSchemas)).toBe(plain);
    expect(resolveConditionals(schema, 'text', mergeSchemas)).toBe(schema);
  });
});
