// The normaliser's rules for JSON Schema 2020-12 keywords, one test per rule.
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../json.js';
import { buildArguments } from './buildArguments.js';
import { normalizeSchema } from './normalize.js';

const dialect = 'https://json-schema.org/draft/2020-12/schema';

function form(schema: JsonObject): JsonObject {
  const result = normalizeSchema(schema);
  if (!result.ok) throw new Error(`expected a form, got: ${result.reason}`);
  return result.schema;
}

function property(schema: JsonObject, name: string): JsonObject {
  return (schema.properties as JsonObject)[name] as JsonObject;
}

describe('normalizeSchema, 2020-12', () => {
  it('resolves $ref to an $anchor name, and drops $schema, $defs and $anchor from the form', () => {
    const schema = form({
      $schema: dialect,
      type: 'object',
      $defs: { a: { $anchor: 'street', type: 'string', minLength: 2 } },
      properties: { line: { $ref: '#street' } },
    });
    expect(schema).toEqual({ type: 'object', properties: { line: { type: 'string', minLength: 2 } } });
  });

  it('resolves $ref against the nearest $id (relative names, absolute URIs, pointers inside an embedded resource)', () => {
    const result = normalizeSchema({
      $id: 'https://example.com/root',
      type: 'object',
      $defs: {
        item: { $id: 'item', type: 'object', properties: { price: { $ref: '#/$defs/money' } }, $defs: { money: { type: 'number', minimum: 0 } } },
        code: { $id: 'https://example.com/code', type: 'string', pattern: '^[A-Z]+$' },
      },
      properties: { item: { $ref: 'item' }, code: { $ref: 'https://example.com/code' }, remote: { $ref: 'https://elsewhere.example/x' } },
    });
    expect(result.ok && result.schema.properties).toEqual({
      item: { type: 'object', properties: { price: { type: 'number', minimum: 0 } } },
      code: { type: 'string', pattern: '^[A-Z]+$' },
      remote: { 'x-loupe-any': true },
    });
    expect(result.notes).toEqual(['#/remote: $ref "https://elsewhere.example/x" points outside this schema (not fetched); edited as JSON']);
  });

  it('notes an anchor that does not exist and edits that field as JSON', () => {
    const result = normalizeSchema({ type: 'object', properties: { a: { $ref: '#nowhere' } } });
    expect(result.ok && property(result.schema, 'a')).toEqual({ 'x-loupe-any': true });
    expect(result.notes).toEqual(['#/a: $ref "#nowhere" names an anchor that this schema does not define; edited as JSON']);
  });

  it('counts recursion by target, however the $ref names it', () => {
    const result = normalizeSchema({
      type: 'object',
      $defs: { node: { $anchor: 'node', type: 'object', properties: { next: { $ref: '#/$defs/node' }, other: { $ref: '#node' } } } },
      properties: { root: { $ref: '#node' } },
    });
    expect(result.ok).toBe(true);
    const root = result.ok ? property(result.schema, 'root') : {};
    expect(property(property(root, 'next'), 'other')).toEqual({ 'x-loupe-any': true });
  });

  it('merges the keywords next to a $ref with the referenced schema', () => {
    const schema = form({
      type: 'object',
      $defs: { person: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } },
      properties: { owner: { $ref: '#/$defs/person', required: ['email'], properties: { email: { type: 'string' } } } },
    });
    expect(property(schema, 'owner')).toEqual({
      type: 'object',
      properties: { email: { type: 'string' }, name: { type: 'string' } },
      required: ['email', 'name'],
    });
  });

  it('turns prefixItems into a fixed tuple when items is false, with the rest typed by items otherwise', () => {
    const schema = form({
      type: 'object',
      properties: {
        closed: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }], items: false },
        open: { type: 'array', prefixItems: [{ const: 'git' }], items: { type: 'string' } },
      },
    });
    expect(property(schema, 'closed')).toEqual({ type: 'array', items: [{ type: 'number' }, { type: 'number' }] });
    expect(property(schema, 'open')).toEqual({ type: 'array', items: [{ const: 'git', type: 'string' }], additionalItems: { type: 'string' } });
  });

  it('keeps if/then/else whose if the form can evaluate, with normalised branches and no invented map', () => {
    const schema = form({
      type: 'object',
      properties: { method: { enum: ['card', 'bank'] } },
      if: { properties: { method: { const: 'card' } }, required: ['method'] },
      then: { properties: { card: { type: ['string', 'null'] } }, required: ['card'] },
      else: { required: ['iban'] },
    });
    expect(schema.if).toEqual({ properties: { method: { const: 'card' } }, required: ['method'] });
    expect(schema.then).toEqual({ properties: { card: { type: ['string', 'null'], 'x-loupe-nullable': true } }, required: ['card'] });
    expect(schema.else).toEqual({ required: ['iban'] });
  });

  it('gives the JSON editor, with the reason, when an if tests what the form cannot evaluate', () => {
    const result = normalizeSchema({
      type: 'object',
      properties: { tags: { type: 'array' }, level: { type: 'string', if: { not: { const: 'x' } }, then: { minLength: 2 } } },
      if: { properties: { tags: { contains: { const: 'security' } } } },
      then: { required: ['reviewer'] },
    });
    expect(result).toMatchObject({
      ok: false,
      reason: '"if" tests something the form cannot follow (only constants, enums, types, bounds, patterns and required names)',
    });
    const nested = normalizeSchema({ type: 'object', properties: { level: { type: 'string', if: { not: { const: 'x' } }, then: { minLength: 2 } } } });
    expect(nested.ok && property(nested.schema, 'level')).toEqual({ 'x-loupe-any': true });
    expect(nested.notes[0]).toMatch(/^#\/level: "if" tests something the form cannot follow/);
  });

  it('nests two conditionals of an allOf so both apply', () => {
    const schema = form({
      type: 'object',
      properties: { country: { enum: ['US', 'NL'] } },
      allOf: [
        { if: { properties: { country: { const: 'US' } } }, then: { required: ['state'] } },
        { if: { properties: { country: { const: 'NL' } } }, then: { required: ['province'] } },
      ],
    });
    const second = { if: { properties: { country: { const: 'NL' } } }, then: { required: ['province'] } };
    expect(schema.if).toEqual({ properties: { country: { const: 'US' } } });
    expect(schema.then).toEqual({ required: ['state'], ...second });
    expect(schema.else).toEqual(second);
  });

  it('turns dependentRequired and dependentSchemas into the dependencies rjsf follows', () => {
    const schema = form({
      type: 'object',
      properties: { card: { type: 'string' }, ship: { type: 'boolean' } },
      dependentRequired: { card: ['billing'] },
      dependentSchemas: { ship: { properties: { carrier: { enum: ['dhl', 'ups'] } }, required: ['carrier'] } },
    });
    expect(schema.dependencies).toEqual({
      card: ['billing'],
      ship: { properties: { carrier: { enum: ['dhl', 'ups'], type: 'string' } }, required: ['carrier'] },
    });
    expect(schema).not.toHaveProperty('dependentRequired');
    expect(schema).not.toHaveProperty('dependentSchemas');
  });

  it('keeps unevaluatedProperties: false across an allOf and notes a schema-valued one', () => {
    const closed = form({
      type: 'object',
      allOf: [{ properties: { a: { type: 'string' } } }, { properties: { b: { type: 'integer' } } }],
      unevaluatedProperties: false,
    });
    expect(closed).toEqual({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer' } }, unevaluatedProperties: false });
    const typed = normalizeSchema({ type: 'object', properties: { a: { type: 'string' } }, unevaluatedProperties: { type: 'string' } });
    expect(typed.ok && typed.schema).toEqual({ type: 'object', properties: { a: { type: 'string' } } });
    expect(typed.notes).toEqual(['#: "unevaluatedProperties" is checked by validation, not drawn in the form']);
  });

  it('draws no field for a property whose schema is false, and a JSON field for true', () => {
    const result = normalizeSchema({ type: 'object', properties: { gone: false, free: true, name: { type: 'string' } } });
    expect(result.ok && result.schema.properties).toEqual({ free: { 'x-loupe-any': true }, name: { type: 'string' } });
    expect(result.notes).toEqual(['#/gone: the schema is false (the property is never allowed); no field']);
  });

  it('keeps const, examples and content keywords, inferring string from contentMediaType', () => {
    const schema = form({
      type: 'object',
      properties: {
        version: { const: 2 },
        data: { contentEncoding: 'base64', contentMediaType: 'image/png', examples: ['iVBORw0KGgo='] },
      },
    });
    expect(schema.properties).toEqual({
      version: { const: 2, type: 'integer' },
      data: { contentEncoding: 'base64', contentMediaType: 'image/png', examples: ['iVBORw0KGgo='], type: 'string' },
    });
  });
});

describe('buildArguments with conditionals', () => {
  const schema = form({
    type: 'object',
    properties: { method: { enum: ['card', 'bank'] }, card: { type: 'string' } },
    if: { properties: { method: { const: 'card' } }, required: ['method'] },
    then: { required: ['card'] },
    else: { properties: { iban: { type: 'string' } } },
    dependentRequired: { card: ['holder'] },
    dependentSchemas: { card: { properties: { holder: { type: 'string' } } } },
  });

  it('sends a field the applying branch requires even when empty (validation then names it)', () => {
    expect(buildArguments(schema, { method: 'card', card: '' })).toEqual({ method: 'card', card: '' });
    expect(buildArguments(schema, { method: 'bank', card: '' })).toEqual({ method: 'bank' });
  });

  it('does not send a field of a branch that no longer applies', () => {
    expect(buildArguments(schema, { method: 'card', card: '4111', iban: 'NL91', holder: 'Ann' })).toEqual({ method: 'card', card: '4111', holder: 'Ann' });
    expect(buildArguments(schema, { method: 'bank', iban: 'NL91' })).toEqual({ method: 'bank', iban: 'NL91' });
  });

  it('makes a dependent field required once its trigger is present', () => {
    expect(buildArguments(schema, { method: 'card', card: '4111', holder: '' })).toEqual({ method: 'card', card: '4111', holder: '' });
    expect(buildArguments(schema, { method: 'bank', holder: '' })).toEqual({ method: 'bank' });
  });
});
