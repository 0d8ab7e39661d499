// Every schema of the corpus normalises to a form, its sample instance is valid against the ORIGINAL schema,
// and the argument builder sends that instance unchanged (nothing dropped, nothing invented).
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/shared/json.js';
import { buildArguments } from '../../src/shared/schema/buildArguments.js';
import { normalizeSchema } from '../../src/shared/schema/normalize.js';
import { loadCorpus } from './corpus.js';
import { sampleInstance } from './sampleInstance.js';

const require = createRequire(import.meta.url);
const addFormats = require('ajv-formats') as (ajv: Ajv) => Ajv;
const draft07 = addFormats(new Ajv({ strict: false, allErrors: true }));
const draft2020 = addFormats(new Ajv2020({ strict: false, allErrors: true }));

const corpus = loadCorpus();
/** Schemas that must NOT be a form, with the reason shown instead. */
const noForm: Record<string, string> = {
  'draft2020/undecidable_if': '"if" tests something the form cannot follow (only constants, enums, types, bounds, patterns and required names)',
};

/**
 * The dialect the schema names; 2020-12 when it names none (as MCP says, and as the renderer's validator does),
 * unless the schema is not valid 2020-12 (tuples as `items: [...]`, an older server's shape): then draft-07.
 */
function validatorFor(schema: JsonObject): Ajv {
  const { $schema: named, ...rest } = schema;
  if (typeof named === 'string') return /draft-0[4-7]/.test(named) ? draft07 : draft2020;
  return draft2020.validateSchema(rest) === true ? draft2020 : draft07;
}

describe('schema corpus', () => {
  it('holds at least 60 schemas, 40 of them read from the reference servers', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(60);
    expect(corpus.filter((entry) => entry.name.startsWith('servers/')).length).toBeGreaterThanOrEqual(40);
  });

  for (const { name, schema } of corpus) {
    it(`${name}: form, valid sample, sent unchanged`, () => {
      const result = normalizeSchema(schema);
      if (name in noForm) {
        expect(result).toMatchObject({ ok: false, reason: noForm[name] });
        return;
      }
      if (!result.ok) throw new Error(`${name}: ${result.reason}`);
      const sample = sampleInstance(result.schema);
      const { $schema: _schema, ...rest } = schema;
      const validate = validatorFor(schema).compile(rest);
      expect(validate(sample), JSON.stringify(validate.errors)).toBe(true);
      expect(buildArguments(result.schema, sample)).toEqual(sample);
    });
  }
});
