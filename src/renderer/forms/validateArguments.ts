/**
 * Validates arguments against the tool's ORIGINAL inputSchema (not the normalised form schema), with the JSON
 * Schema draft the schema names: 2020-12 / 2019-09 with Ajv2020, anything else with draft-07 rules.
 */
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import type { JsonObject, JsonValue } from '../../shared/json';
import { isJsonObject } from '../../shared/json';

export type ArgumentsCheck = { valid: true } | { valid: false; errors: string[] } | { valid: 'unknown'; reason: string };

const draft07 = new Ajv({ strict: false, allErrors: true, validateFormats: true });
const draft2020 = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
addFormats(draft07);
addFormats(draft2020);

const compiled = new WeakMap<JsonObject, ValidateFunction | string>();

function compile(schema: JsonObject): ValidateFunction | string {
  const cached = compiled.get(schema);
  if (cached !== undefined) return cached;
  const { $schema, $id: _id, ...rest } = schema;
  const modern = typeof $schema === 'string' && /2020-12|2019-09/.test($schema);
  let result: ValidateFunction | string;
  try {
    result = (modern ? draft2020 : draft07).compile(rest);
  } catch (error) {
    result = error instanceof Error ? error.message : String(error);
  }
  compiled.set(schema, result);
  return result;
}

export function validateArguments(schema: JsonValue | undefined, value: JsonValue): ArgumentsCheck {
  if (!isJsonObject(schema)) return { valid: 'unknown', reason: 'the tool has no usable inputSchema' };
  const validate = compile(schema);
  if (typeof validate === 'string') return { valid: 'unknown', reason: `the schema could not be compiled: ${validate}` };
  if (validate(value)) return { valid: true };
  const errors = (validate.errors ?? []).map((error) => `${error.instancePath || '(root)'} ${error.message ?? 'is invalid'}`);
  return { valid: false, errors };
}
