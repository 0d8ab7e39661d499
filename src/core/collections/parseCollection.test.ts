/** Reading collection files: every problem named where it is; the shipped JSON Schema is the one the parser uses. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { LoupeError } from '../../shared/errors.js';
import { collectionSchema } from './collectionSchema.js';
import { parseCollection } from './parseCollection.js';

const root = new URL('../../../', import.meta.url);
const read = (path: string): string => readFileSync(fileURLToPath(new URL(path, root)), 'utf8');

function problems(document: unknown): string[] {
  try {
    parseCollection(typeof document === 'string' ? document : JSON.stringify(document), 'c.json');
  } catch (error) {
    if (!(error instanceof LoupeError) || error.kind !== 'collection-invalid') throw error;
    const data = error.detail.data as { problems: string[] };
    return data.problems;
  }
  return [];
}

const collection = (steps: unknown[]): object => ({ format: 'loupe.collection/1', steps });

describe('parseCollection', () => {
  it('names what is wrong with the file itself', () => {
    expect(problems('{"format": ')[0]).toMatch(/^not JSON: /);
    expect(problems([])).toEqual(['a collection is a JSON object with "format" and "steps"']);
    expect(problems({ steps: [] })).toEqual([
      'no "format": a collection says "format": "loupe.collection/1"',
    ]);
    expect(problems({ format: 'loupe.collection/2', steps: [] })).toEqual([
      'format "loupe.collection/2" is not loupe.collection/1',
    ]);
    expect(problems({ format: 'loupe.collection/1' })).toEqual([
      "(top level): must have required property 'steps'",
    ]);
    expect(problems({ format: 'loupe.collection/1', steps: [], colour: 'red' })).toEqual([
      '(top level): must NOT have additional properties "colour"',
    ]);
  });

  it('checks each step against the schema of its method, and the target by its shape', () => {
    expect(
      problems({
        format: 'loupe.collection/1',
        target: { transport: 'stdio', args: ['x'] },
        steps: [
          { name: 'a', method: 'tools/cal', tool: 'x' },
          { name: 'b', method: 'tools/call' },
          { name: 'c', method: 'tools/call', tool: 'x', expect: { paths: [{ equals: 1 }], isError: 'no' } },
          { name: 'd', method: 'tools/list', expect: { present: ['x'], isError: false } },
          { name: 'e', method: 'resources/read', uri: 'x', repeat: 0 },
        ],
      }),
    ).toEqual([
      "target: must have required property 'command'",
      'steps[0] "a": method "tools/cal" is not one of tools/call, resources/read, prompts/get, tools/list, resources/list, resources/templates/list, prompts/list',
      `steps[1] "b": must have required property 'tool'`,
      'steps[2] "c": expect.isError: must be boolean',
      `steps[2] "c": expect.paths[0]: must have required property 'pointer'`,
      'steps[3] "d": expect: must NOT have additional properties "isError"',
      'steps[4] "e": repeat: must be >= 1',
    ]);
  });

  it('checks what a schema cannot: names, references, expressions, pointers', () => {
    expect(
      problems(
        collection([
          {
            name: 'a',
            method: 'tools/call',
            tool: 'x',
            after: ['z'],
            captures: { id: '/structuredContent/id', bad: 'id' },
          },
          {
            name: 'a',
            method: 'tools/call',
            tool: 'x',
            arguments: { id: '${capture:id}', other: '${capture:later}' },
          },
          {
            name: 'b',
            method: 'tools/call',
            tool: 'x',
            expect: { text: { matches: '(' }, paths: [{ pointer: '/a~2', matches: '[' }] },
          },
          { name: 'c', method: 'resources/read', uri: 'x', expect: { outputSchema: true } },
          {
            name: 'd',
            method: 'tools/call',
            tool: 'x',
            captures: { later: '' },
            expect: { structuredContent: { ignore: ['x'] } },
          },
        ]),
      ),
    ).toEqual([
      'steps[0] "a": after: no earlier step is named "z"',
      'steps[0] "a": captures.bad: "id" is not a JSON Pointer (use "" or "/a/0/b"; ~0 for ~, ~1 for /)',
      'steps[1] "a": another step is named "a" (names are unique)',
      'steps[1] "a": ${capture:later}: no earlier step captures "later"',
      'steps[2] "b": expect.text.matches: not a regular expression: Invalid regular expression: /(/u: Unterminated group',
      'steps[2] "b": expect.paths[0].pointer: "/a~2" is not a JSON Pointer (use "" or "/a/0/b"; ~0 for ~, ~1 for /)',
      'steps[2] "b": expect.paths[0].matches: not a regular expression: Invalid regular expression: /[/u: Unterminated character class',
      'steps[3] "c": expect.outputSchema: only a tools/call has an outputSchema',
      'steps[4] "d": expect.structuredContent.ignore[0]: "x" is not a JSON Pointer (use "" or "/a/0/b"; ~0 for ~, ~1 for /)',
    ]);
  });

  it('puts every problem in one message that names the file', () => {
    expect(() =>
      parseCollection('{"format":"loupe.collection/1","steps":[{"name":"a","method":"x"}]}', 'api.json'),
    ).toThrow(/^api\.json: steps\[0\] "a": method "x" is not one of/);
  });

  it('ships the schema it checks with, and the shipped schema accepts the example collections', () => {
    const shipped = JSON.parse(read('schemas/loupe.collection.schema.json')) as object;
    expect(
      shipped,
      'schemas/loupe.collection.schema.json is stale: node scripts/writeCollectionSchema.mjs',
    ).toEqual(JSON.parse(JSON.stringify(collectionSchema)));
    const validate = new Ajv2020({ strict: false }).compile(shipped);
    const example = JSON.parse(read('examples/collections/demo.collection.json')) as object;
    expect(validate(example), JSON.stringify(validate.errors)).toBe(true);
    expect(problems(example)).toEqual([]);
    expect(validate({ ...example, steps: [{ name: 'x', method: 'tools/call' }] })).toBe(false);
  });
});
