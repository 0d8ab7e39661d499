import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../shared/json.js';
import { outputSchemaOf, validateStructured } from './outputValidators.js';

const weather: JsonObject = {
  type: 'object',
  properties: { city: { type: 'string' }, observedAt: { type: 'string', format: 'date-time' } },
  required: ['city'],
  additionalProperties: false,
};

describe('validateStructured', () => {
  it('accepts structuredContent that matches, formats included', () => {
    expect(validateStructured(weather, { structuredContent: { city: 'Utrecht', observedAt: '2026-11-29T12:00:00Z' } }, false)).toEqual({ valid: true });
  });

  it('names each violation with its path', () => {
    const outcome = validateStructured(weather, { structuredContent: { observedAt: 'yesterday', wind: 3 } }, false);
    expect(outcome).toEqual({
      valid: false,
      errors: ["(root) must have required property 'city'", '(root) must NOT have additional properties (wind)', '/observedAt must match format "date-time"'],
    });
  });

  it('reports missing structuredContent on success, not on isError', () => {
    expect(validateStructured(weather, { content: [] }, false)).toEqual({ valid: false, missing: true });
    expect(validateStructured(weather, { content: [], isError: true }, true)).toBeUndefined();
  });

  it('says when the outputSchema itself does not compile', () => {
    const outcome = validateStructured({ type: 'object', properties: { a: { type: 'strnig' } } }, { structuredContent: { a: 1 } }, false);
    expect(outcome).toMatchObject({ valid: false });
    expect(outcome && 'errors' in outcome ? outcome.errors[0] : '').toMatch(/^outputSchema does not compile: /);
  });

  it('uses the draft-07 engine when the schema says so ($defs-free definitions)', () => {
    const schema: JsonObject = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      definitions: { n: { type: 'integer' } },
      type: 'object',
      properties: { count: { $ref: '#/definitions/n' } },
    };
    expect(validateStructured(schema, { structuredContent: { count: 2 } }, false)).toEqual({ valid: true });
    expect(validateStructured(schema, { structuredContent: { count: 2.5 } }, false)).toEqual({ valid: false, errors: ['/count must be integer'] });
  });
});

describe('outputSchemaOf', () => {
  it('finds the schema across the full list and ignores tools without one', () => {
    const tools: JsonObject[] = [{ name: 'a', inputSchema: { type: 'object' } }, { name: 'b', inputSchema: { type: 'object' }, outputSchema: weather }];
    expect(outputSchemaOf(tools, 'b')).toBe(weather);
    expect(outputSchemaOf(tools, 'a')).toBeUndefined();
    expect(outputSchemaOf(tools, 'zzz')).toBeUndefined();
  });
});
