import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../json.js';
import { buildArguments } from './buildArguments.js';
import { normalizeSchema } from './normalize.js';

function form(schema: JsonObject): JsonObject {
  const result = normalizeSchema(schema);
  if (!result.ok) throw new Error(result.reason);
  return result.schema;
}

const schema = form({
  type: 'object',
  properties: {
    name: { type: 'string' },
    note: { type: 'string' },
    tags: { type: 'array', items: { type: 'string' } },
    limit: { anyOf: [{ type: 'integer' }, { type: 'null' }], default: null },
    count: { type: 'integer' },
    options: { type: 'object', properties: { deep: { type: 'boolean' }, label: { type: 'string' } } },
    mode: { type: 'string', default: '' },
    flags: { type: 'array', items: { type: 'string' }, default: [] },
    extra: {},
  },
  required: ['name', 'tags'],
});

describe('buildArguments', () => {
  it('omits optional fields left empty and never invents null, "" or []', () => {
    expect(buildArguments(schema, { name: 'n', note: '', tags: [], options: { label: '' }, count: undefined })).toEqual({
      name: 'n',
      tags: [],
    });
  });

  it('always sends required fields, even empty ones', () => {
    expect(buildArguments(schema, { name: '', tags: [] })).toEqual({ name: '', tags: [] });
  });

  it('sends null only where the schema allows it', () => {
    expect(buildArguments(schema, { name: 'n', tags: ['a'], limit: null, count: null, note: null })).toEqual({
      name: 'n',
      tags: ['a'],
      limit: null,
    });
  });

  it('keeps explicit defaults, even empty ones', () => {
    expect(buildArguments(schema, { name: 'n', tags: [], mode: '', flags: [] })).toEqual({ name: 'n', tags: [], mode: '', flags: [] });
  });

  it('sends free JSON fields exactly as entered', () => {
    const extra = { a: [1, null, ''], b: {} };
    expect(buildArguments(schema, { name: 'n', tags: [], extra })).toEqual({ name: 'n', tags: [], extra });
  });

  it('keeps nested values and drops only the empty parts', () => {
    expect(buildArguments(schema, { name: 'n', tags: ['x', ''], options: { deep: false, label: '' } })).toEqual({
      name: 'n',
      tags: ['x', ''],
      options: { deep: false },
    });
  });

  it('prunes inside the variant the value follows', () => {
    const variants = form({
      type: 'object',
      properties: {
        shape: {
          oneOf: [
            { type: 'object', properties: { kind: { const: 'circle' }, r: { type: 'number' }, label: { type: 'string' } } },
            { type: 'object', properties: { kind: { const: 'square' }, side: { type: 'number' }, label: { type: 'string' } } },
          ],
        },
      },
    });
    expect(buildArguments(variants, { shape: { kind: 'square', side: 2, label: '' } })).toEqual({ shape: { kind: 'square', side: 2 } });
  });

  it('keeps map entries the user added', () => {
    const map = form({ type: 'object', properties: { env: { type: 'object', additionalProperties: { type: 'string' } } } });
    expect(buildArguments(map, { env: { EMPTY: '', A: 'b' } })).toEqual({ env: { EMPTY: '', A: 'b' } });
    expect(buildArguments(map, { env: {} })).toEqual({});
  });

  it('drops NaN and undefined', () => {
    expect(buildArguments(schema, { name: 'n', tags: [], count: Number.NaN })).toEqual({ name: 'n', tags: [] });
  });
});
