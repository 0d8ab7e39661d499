import { describe, expect, it } from 'vitest';
import type { FieldChange } from '../../../src/shared/diff.js';
import type { JsonObject } from '../../../src/shared/json.js';
import { diffItems } from '../../../src/core/diff/snapshotDiff.js';
import { diffSchema } from '../../../src/core/diff/schemaDiff.js';
import { wordDiff } from '../../../src/core/diff/wordDiff.js';

function changes(
  before: JsonObject,
  after: JsonObject,
  direction: 'input' | 'output',
): [string, string, string][] {
  const out: FieldChange[] = [];
  diffSchema(before, after, direction === 'input' ? 'inputSchema' : 'outputSchema', direction, out);
  return out.map((change) => [change.path, change.class, change.summary]);
}

describe('diffSchema', () => {
  it('judges narrowing as breaking for inputs and widening as breaking for outputs', () => {
    const before = {
      type: 'object',
      properties: {
        mode: { type: 'string', enum: ['a', 'b'] },
        size: { type: ['number', 'null'], maximum: 10 },
      },
    };
    const narrower = {
      type: 'object',
      properties: { mode: { type: 'string', enum: ['a'] }, size: { type: 'number', maximum: 5 } },
    };
    expect(changes(before, narrower, 'input')).toEqual([
      ['inputSchema.properties.mode.enum', 'breaking', '-"b"'],
      ['inputSchema.properties.size.type', 'breaking', '-"null"'],
      ['inputSchema.properties.size.maximum', 'breaking', '10 → 5'],
    ]);
    expect(changes(before, narrower, 'output').map((change) => change[1])).toEqual([
      'compatible',
      'compatible',
      'compatible',
    ]);
    expect(changes(narrower, before, 'input').map((change) => change[1])).toEqual([
      'compatible',
      'compatible',
      'compatible',
    ]);
    expect(changes(narrower, before, 'output').map((change) => change[1])).toEqual([
      'breaking',
      'breaking',
      'breaking',
    ]);
  });

  it('reads required, removed properties, words and keywords it cannot judge', () => {
    const before = {
      type: 'object',
      properties: { a: { type: 'string', description: 'old words' }, b: { type: 'string' } },
      required: ['a'],
    };
    const after = {
      type: 'object',
      properties: { a: { type: 'string', description: 'new words', pattern: '^x' } },
      required: [],
    };
    expect(changes(before, after, 'input')).toEqual([
      ['inputSchema.properties.a.description', 'drift', '"old words" → "new words"'],
      ['inputSchema.properties.a.pattern', 'breaking', 'added'],
      ['inputSchema.properties.b', 'breaking', 'removed'],
      ['inputSchema.required', 'compatible', '-a'],
    ]);
    expect(changes(before, after, 'output').at(-1)).toEqual(['outputSchema.required', 'breaking', '-a']);
    expect(changes({ additionalProperties: true }, { additionalProperties: false }, 'input')).toEqual([
      ['inputSchema.additionalProperties', 'breaking', 'true → false'],
    ]);
  });

  it('compares properties named after Object.prototype members as properties', () => {
    const before = JSON.parse(
      '{"properties":{"__proto__":{"type":"string"},"constructor":{"type":"string"}},"required":["__proto__"]}',
    ) as JsonObject;
    const after = JSON.parse(
      '{"properties":{"constructor":{"type":"number"}},"required":["__proto__","toString"]}',
    ) as JsonObject;
    expect(changes(before, after, 'input')).toEqual([
      ['inputSchema.properties.__proto__', 'breaking', 'removed'],
      ['inputSchema.properties.constructor.type', 'breaking', '+"number" -"string"'],
      ['inputSchema.required', 'breaking', '+toString'],
    ]);
  });

  it('ignores key order and survives a schema nested far deeper than it walks', () => {
    expect(
      changes({ type: 'object', required: ['x'] }, { required: ['x'], type: 'object' }, 'input'),
    ).toEqual([]);
    let deep: JsonObject = { type: 'string' };
    let deeper: JsonObject = { type: 'number' };
    for (let level = 0; level < 50_000; level += 1) {
      deep = { items: deep };
      deeper = { items: deeper };
    }
    const found = changes(deep, deeper, 'input');
    expect(found).toHaveLength(1);
    expect(found[0][1]).toBe('breaking');
  });
});

describe('diffItems', () => {
  it('matches prompts by name and resources by uri', () => {
    const prompts = diffItems(
      'prompts',
      [{ name: 'p', arguments: [{ name: 'x', required: false }] }, { name: 'gone' }],
      [
        {
          name: 'p',
          arguments: [
            { name: 'x', required: true },
            { name: 'y', required: true },
          ],
        },
      ],
    );
    expect(prompts.map((change) => [change.name, change.kind, change.breaking])).toEqual([
      ['p', 'changed', true],
      ['gone', 'removed', true],
    ]);
    expect(prompts[0].fields.map((field) => [field.path, field.class])).toEqual([
      ['arguments.x.required', 'breaking'],
      ['arguments.y', 'breaking'],
    ]);
    const resources = diffItems(
      'resources',
      [{ uri: 'a://1', name: 'one', mimeType: 'text/plain' }],
      [{ uri: 'a://1', name: 'uno', mimeType: 'text/html' }],
    );
    expect(resources[0].fields.map((field) => [field.path, field.class])).toEqual([
      ['name', 'drift'],
      ['mimeType', 'breaking'],
    ]);
    expect(resources[0]).toMatchObject({ breaking: true, drift: true });
  });

  it('treats a new output schema as compatible and a dropped one as breaking', () => {
    const schema = { type: 'object' };
    expect(diffItems('tools', [{ name: 't' }], [{ name: 't', outputSchema: schema }])[0].breaking).toBe(
      false,
    );
    expect(diffItems('tools', [{ name: 't', outputSchema: schema }], [{ name: 't' }])[0].breaking).toBe(true);
  });
});

describe('wordDiff', () => {
  it('finds the words that changed and keeps the rest', () => {
    expect(wordDiff('read the file now', 'read the secret file now')).toEqual([
      { op: 'same', text: 'read the ' },
      { op: 'added', text: 'secret ' },
      { op: 'same', text: 'file now' },
    ]);
    expect(wordDiff('a b', '')).toEqual([{ op: 'removed', text: 'a b' }]);
  });

  it('gives up word by word on huge texts but keeps both', () => {
    const huge = 'word '.repeat(5000);
    const parts = wordDiff(huge, `${huge}more`);
    expect(parts).toEqual([
      { op: 'removed', text: huge },
      { op: 'added', text: `${huge}more` },
    ]);
  });
});
