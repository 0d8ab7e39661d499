import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../shared/json';
import { checkValue, describeError, draftOf } from './schemaCheck';

describe('schemaCheck (no eval)', () => {
  const schema: JsonObject = {
    type: 'object',
    properties: {
      name: { type: 'string', minLength: 2 },
      tags: { type: 'array', items: { type: 'integer' } },
      contact: { type: 'object', properties: { email: { type: 'string', format: 'email' } }, required: ['email'] },
      id: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
    },
    required: ['name'],
    additionalProperties: false,
  };

  it('reports leaf errors with their instance paths', () => {
    const errors = checkValue(schema, { name: 'a', tags: [1, 'b'], contact: { email: 'nope' }, id: 1.5, extra: true }).map(describeError);
    expect(errors).toEqual([
      '/name string is too short (1 < 2)',
      '/tags/1 instance type "string" is invalid. Expected "integer"',
      '/contact/email string does not match format "email"',
      '/id instance does not match any subschemas',
      '(root) property "extra" does not match additional properties schema',
    ]);
  });

  it('reports a missing property on its parent', () => {
    expect(checkValue(schema, { contact: {} }).map(describeError)).toEqual([
      "(root) must have required property 'name'",
      "/contact must have required property 'email'",
    ]);
  });

  it('accepts valid values and never annotates the schema it was given', () => {
    const before = JSON.stringify(schema);
    expect(checkValue(schema, { name: 'ok', id: 'x' })).toEqual([]);
    expect(JSON.stringify(schema)).toBe(before);
  });

  it('picks the draft the schema names and resolves $defs', () => {
    const modern: JsonObject = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      $defs: { P: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'string' }] } },
      properties: { p: { $ref: '#/$defs/P' } },
    };
    expect(draftOf(modern)).toBe('2020-12');
    expect(checkValue(modern, { p: [1, 'a'] })).toEqual([]);
    expect(checkValue(modern, { p: ['a', 'a'] }).map(describeError)).toEqual(['/p/0 instance type "string" is invalid. Expected "number"']);
  });

  it('uses 2020-12 rules when the schema names no dialect, and draft-07 rules when it names draft-07', () => {
    const siblings: JsonObject = {
      type: 'object',
      $defs: { Label: { type: 'string' } },
      properties: { label: { $ref: '#/$defs/Label', maxLength: 3 } },
    };
    expect(draftOf(siblings)).toBe('2020-12');
    expect(draftOf({ $schema: 'http://json-schema.org/draft-07/schema#' })).toBe('7');
    expect(draftOf({ $schema: 'http://json-schema.org/draft-04/schema#' })).toBe('4');
    expect(draftOf({ $schema: 'https://json-schema.org/draft/2019-09/schema' })).toBe('2019-09');
    // 2020-12: the keyword next to $ref applies. Draft-07: it is ignored.
    expect(checkValue(siblings, { label: 'long' }).map(describeError)).toEqual(['/label string is too long (4 > 3)']);
    expect(checkValue({ ...siblings, $schema: 'http://json-schema.org/draft-07/schema#' }, { label: 'long' })).toEqual([]);
  });

  it('follows $anchor, $id, prefixItems, dependentRequired and unevaluatedProperties (2020-12)', () => {
    const modern: JsonObject = {
      $id: 'https://example.com/s',
      type: 'object',
      $defs: { c: { $anchor: 'code', type: 'string', pattern: '^[A-Z]+$' }, n: { $id: 'num', type: 'number' } },
      properties: { code: { $ref: '#code' }, n: { $ref: 'num' }, pair: { prefixItems: [{ type: 'string' }], items: false }, card: {} },
      dependentRequired: { card: ['holder'] },
      unevaluatedProperties: false,
    };
    expect(checkValue(modern, { code: 'AB', n: 1, pair: ['x'] })).toEqual([]);
    expect(checkValue(modern, { code: 'ab', n: 'one', pair: ['x', 'y'], card: 1, extra: 1 }).map(describeError)).toEqual([
      '(root) instance has "card" but does not have "holder"',
      '/code string does not match pattern',
      '/n instance type "string" is invalid. Expected "number"',
      '/pair/1 is not allowed here (its schema is false)',
      '/extra is not allowed here (its schema is false)',
    ]);
  });
});
