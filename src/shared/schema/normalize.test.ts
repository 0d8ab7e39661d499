import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../json.js';
import { normalizeSchema } from './normalize.js';

function form(schema: JsonObject): JsonObject {
  const result = normalizeSchema(schema);
  if (!result.ok) throw new Error(`expected a form, got: ${result.reason}`);
  return result.schema;
}

function property(schema: JsonObject, ...path: string[]): JsonObject {
  let node: JsonObject = schema;
  for (const name of path) node = (node.properties as JsonObject)[name] as JsonObject;
  return node;
}

describe('normalizeSchema', () => {
  it('resolves $defs and definitions references, nested', () => {
    const schema = form({
      type: 'object',
      $defs: { Address: { type: 'object', properties: { city: { $ref: '#/definitions/City' } }, required: ['city'] } },
      definitions: { City: { type: 'string', minLength: 1 } },
      properties: { home: { $ref: '#/$defs/Address', description: 'where' } },
    });
    expect(property(schema, 'home')).toEqual({
      type: 'object',
      description: 'where',
      properties: { city: { type: 'string', minLength: 1 } },
      required: ['city'],
    });
    expect(schema.$defs).toBeUndefined();
    expect(schema.definitions).toBeUndefined();
  });

  it('cuts recursive references after two levels into a JSON field', () => {
    const result = normalizeSchema({
      type: 'object',
      $defs: { Node: { type: 'object', properties: { name: { type: 'string' }, child: { $ref: '#/$defs/Node' } } } },
      properties: { tree: { $ref: '#/$defs/Node' } },
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const level2 = property(result.schema, 'tree', 'child');
    expect(level2.type).toBe('object');
    expect(property(level2, 'child')).toEqual({ 'x-loupe-any': true });
    expect(result.notes.some((note) => note.includes('recursive $ref "#/$defs/Node" cut'))).toBe(true);
  });

  it('reports a root reference to itself without looping', () => {
    const result = normalizeSchema({ type: 'object', properties: { again: { $ref: '#' } } });
    expect(result.ok).toBe(true);
  });

  it('turns an unresolvable or remote $ref into a JSON field with a note', () => {
    const result = normalizeSchema({
      type: 'object',
      properties: { a: { $ref: '#/$defs/Missing' }, b: { $ref: 'https://example.com/s.json' } },
    });
    expect(result.ok && property(result.schema, 'a')).toEqual({ 'x-loupe-any': true });
    expect(result.notes).toEqual([
      '#/a: $ref "#/$defs/Missing" does not resolve; edited as JSON',
      '#/b: $ref "https://example.com/s.json" points outside this schema (not fetched); edited as JSON',
    ]);
  });

  it('collapses anyOf [T, null] (Pydantic Optional) into a nullable T keeping title, dropping default null', () => {
    const schema = form({
      type: 'object',
      properties: {
        limit: { anyOf: [{ type: 'integer' }, { type: 'null' }], default: null, title: 'Limit' },
        size: { anyOf: [{ type: 'integer' }, { type: 'null' }], default: 5 },
      },
    });
    expect(property(schema, 'limit')).toEqual({ type: ['integer', 'null'], 'x-loupe-nullable': true, title: 'Limit' });
    expect(property(schema, 'size')).toEqual({ type: ['integer', 'null'], 'x-loupe-nullable': true, default: 5 });
  });

  it('collapses type [T, "null"] and oneOf [$ref, null]', () => {
    const schema = form({
      type: 'object',
      $defs: { Point: { type: 'object', properties: { x: { type: 'number' } } } },
      properties: {
        name: { type: ['string', 'null'] },
        point: { oneOf: [{ $ref: '#/$defs/Point' }, { type: 'null' }] },
      },
    });
    expect(property(schema, 'name')).toEqual({ type: ['string', 'null'], 'x-loupe-nullable': true });
    expect(property(schema, 'point')).toEqual({
      type: ['object', 'null'],
      'x-loupe-nullable': true,
      properties: { x: { type: 'number' } },
    });
  });

  it('merges allOf members (properties, required, types)', () => {
    const schema = form({
      allOf: [
        { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
        { properties: { b: { type: 'integer' }, a: { maxLength: 3 } }, required: ['b'] },
      ],
    });
    expect(schema).toEqual({
      type: 'object',
      properties: { a: { type: 'string', maxLength: 3 }, b: { type: 'integer' } },
      required: ['a', 'b'],
    });
  });

  it('keeps a single-member allOf around a $ref (Pydantic enum fields) with the outer description', () => {
    const schema = form({
      type: 'object',
      $defs: { Color: { enum: ['red', 'green'], title: 'Color', type: 'string' } },
      properties: { color: { allOf: [{ $ref: '#/$defs/Color' }], description: 'pick one' } },
    });
    expect(property(schema, 'color')).toEqual({ enum: ['red', 'green'], title: 'Color', type: 'string', description: 'pick one' });
  });

  it('keeps real variants as a chooser with readable option titles', () => {
    const schema = form({
      type: 'object',
      properties: {
        shape: {
          oneOf: [
            { type: 'object', properties: { kind: { const: 'circle' }, r: { type: 'number' } } },
            { type: 'object', properties: { kind: { const: 'square' }, side: { type: 'number' } } },
          ],
        },
        id: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
      },
    });
    const shape = property(schema, 'shape');
    expect((shape.oneOf as JsonObject[]).map((option) => option.title)).toEqual(['kind: circle', 'kind: square']);
    expect((property(schema, 'id').anyOf as JsonObject[]).map((option) => option.title)).toEqual(['string', 'integer']);
  });

  it('turns a titled oneOf of const into a select and keeps nullable enums with null', () => {
    const schema = form({
      type: 'object',
      properties: {
        level: { oneOf: [{ const: 1, title: 'Low' }, { const: 2, title: 'High' }] },
        mode: { enum: ['a', 'b', null] },
        size: { anyOf: [{ enum: ['S', 'M'], type: 'string' }, { type: 'null' }] },
      },
    });
    expect(property(schema, 'level')).toEqual({
      type: 'integer',
      oneOf: [
        { const: 1, title: 'Low' },
        { const: 2, title: 'High' },
      ],
    });
    expect(property(schema, 'mode')).toEqual({ enum: ['a', 'b', null], type: ['string', 'null'], 'x-loupe-nullable': true });
    expect(property(schema, 'size')).toEqual({ enum: ['S', 'M', null], type: ['string', 'null'], 'x-loupe-nullable': true });
  });

  it('infers missing types', () => {
    const schema = form({
      properties: {
        a: { properties: { x: { minimum: 0 } } },
        b: { items: { format: 'email' } },
        c: { enum: [1, 2.5] },
        d: { const: true },
        e: {},
      },
    });
    expect(schema.type).toBe('object');
    expect(property(schema, 'a', 'x')).toEqual({ minimum: 0, type: 'number' });
    expect(property(schema, 'b')).toEqual({ items: { format: 'email', type: 'string' }, type: 'array' });
    expect(property(schema, 'c')).toEqual({ enum: [1, 2.5], type: 'number' });
    expect(property(schema, 'd')).toEqual({ const: true, type: 'boolean' });
    expect(property(schema, 'e')).toEqual({ 'x-loupe-any': true });
  });

  it('splits a multi-type field into variants', () => {
    const schema = form({ type: 'object', properties: { v: { type: ['string', 'number', 'null'], description: 'd' } } });
    expect(property(schema, 'v')).toEqual({
      anyOf: [
        { type: 'string', title: 'string' },
        { type: 'number', title: 'number' },
      ],
      description: 'd',
      'x-loupe-nullable': true,
    });
  });

  it('draws additionalProperties maps and free objects as maps of JSON values', () => {
    const schema = form({
      type: 'object',
      properties: {
        headers: { type: 'object', additionalProperties: { type: 'string' } },
        meta: { type: 'object' },
      },
      additionalProperties: false,
    });
    expect(property(schema, 'headers')).toEqual({ type: 'object', additionalProperties: { type: 'string' } });
    expect(property(schema, 'meta')).toEqual({ type: 'object', additionalProperties: { 'x-loupe-any': true } });
    expect(schema.additionalProperties).toBe(false);
  });

  it('keeps formats, defaults and examples, and drops a null default the schema does not allow', () => {
    const result = normalizeSchema({
      type: 'object',
      properties: {
        when: { type: 'string', format: 'date-time', examples: ['2024-01-01T00:00:00Z'] },
        day: { type: 'string', format: 'date', default: '2024-02-29' },
        who: { type: 'string', default: null },
      },
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(property(result.schema, 'when')).toEqual({ type: 'string', format: 'date-time', examples: ['2024-01-01T00:00:00Z'] });
    expect(property(result.schema, 'day').default).toBe('2024-02-29');
    expect(property(result.schema, 'who')).toEqual({ type: 'string' });
    expect(result.notes).toContain('#/who: default null dropped (the schema does not allow null)');
  });

  it('converts prefixItems into a tuple', () => {
    const schema = form({ type: 'object', properties: { pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }] } } });
    expect(property(schema, 'pair')).toEqual({ type: 'array', items: [{ type: 'string' }, { type: 'integer' }] });
  });

  it('says why a schema cannot be a form', () => {
    expect(normalizeSchema({})).toMatchObject({ ok: false, reason: 'the input schema does not describe an object of arguments' });
    expect(normalizeSchema({ type: 'string' })).toMatchObject({ ok: false, reason: 'the input schema is of type "string", not object' });
    expect(normalizeSchema(null)).toMatchObject({ ok: false, reason: 'the input schema is not a JSON object' });
    expect(normalizeSchema({ oneOf: [{ type: 'string' }, { type: 'object' }] })).toMatchObject({
      ok: false,
      reason: 'the arguments are one of several shapes that are not all objects',
    });
  });

  it('gives up on schemas that explode when expanded', () => {
    const wide: JsonObject = {};
    for (let index = 0; index < 30; index += 1) wide[`p${index}`] = { $ref: '#/$defs/T' };
    const result = normalizeSchema({ type: 'object', $defs: { T: { type: 'object', properties: wide } }, properties: wide });
    expect(result).toMatchObject({ ok: false, reason: 'the schema expands past 20000 nodes (recursive $ref)' });
  });

  it('notes keywords the form does not draw', () => {
    const result = normalizeSchema({ type: 'object', properties: { a: { type: 'string', not: { const: 'x' } } } });
    expect(result.notes).toEqual(['#/a: "not" is checked by validation, not drawn in the form']);
  });
});

describe('mixed enums', () => {
  it('keeps an enum of mixed types as one untyped select, nullable when null is a value', () => {
    const result = normalizeSchema({ type: 'object', properties: { flag: { enum: ['on', 0, true, null] } } });
    expect(result.ok && (result.schema.properties as JsonObject).flag).toEqual({ enum: ['on', 0, true, null], 'x-loupe-nullable': true });
  });
});
