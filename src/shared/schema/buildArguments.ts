/**
 * What is sent. From the form's data and the normalised schema, build the arguments object:
 *  - a required field is always sent as the user left it (validation reports it if it is missing or wrong);
 *  - an optional field left empty (undefined, "", [], {} or an object whose fields are all empty) is omitted;
 *  - null is sent only where the schema allows null (the user chose it), otherwise the field is omitted;
 *  - a value equal to the schema's explicit default is kept, even when it is empty;
 *  - free-JSON fields and map entries the user added are sent exactly as entered;
 *  - if/then/else and dependencies are applied to the value first (a `then` may make a field required).
 */
import type { JsonObject, JsonValue } from '../json.js';
import { isJsonObject } from '../json.js';
import { resolveConditionals } from './conditions.js';
import { mergeSchemas } from './merge.js';
import { allowsNull, isAny, jsonEqual, schemaField, schemaList, typeOfValue, typesOf } from './schemaTypes.js';

/** Anything the form holds, as JSON: undefined and non-JSON values dropped, NaN dropped. */
export function toJson(value: unknown): JsonValue | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (Array.isArray(value)) return value.map((item) => toJson(item) ?? null);
  if (typeof value === 'object') {
    const out: JsonObject = {};
    for (const [key, entry] of Object.entries(value)) {
      const json = toJson(entry);
      if (json !== undefined) out[key] = json;
    }
    return out;
  }
  return undefined;
}

function fitsType(schema: JsonObject, value: JsonValue): boolean {
  const types = typesOf(schema);
  if (types.length === 0) return true;
  const actual = typeOfValue(value);
  return types.includes(actual) || (actual === 'integer' && types.includes('number'));
}

function variantScore(option: JsonObject, value: JsonValue): number {
  if (!fitsType(option, value)) return -1000;
  if (!isJsonObject(value) || !isJsonObject(option.properties)) return 0;
  let score = 0;
  for (const [key, entry] of Object.entries(value)) {
    const property = option.properties[key];
    if (!isJsonObject(property)) continue;
    score += 1;
    if ('const' in property) score += jsonEqual(property.const, entry) ? 10 : -100;
  }
  return score;
}

/** The variant the value most plausibly follows, merged with the schema's shared keywords. */
export function chooseVariant(schema: JsonObject, value: JsonValue): JsonObject {
  const options = schemaList(schema, 'oneOf') ?? schemaList(schema, 'anyOf');
  if (!options || options.length === 0) return schema;
  if (options.every((option) => 'const' in option)) return schema;
  let best = options[0];
  let bestScore = variantScore(best, value);
  for (const option of options.slice(1)) {
    const score = variantScore(option, value);
    if (score > bestScore) [best, bestScore] = [option, score];
  }
  const { oneOf: _oneOf, anyOf: _anyOf, ...shared } = schema;
  return mergeSchemas(best, shared);
}

function isEmpty(value: JsonValue): boolean {
  if (value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return isJsonObject(value) && Object.keys(value).length === 0;
}

function pruneArray(schema: JsonObject, value: JsonValue[]): JsonValue[] {
  const tuple = schemaList(schema, 'items');
  const single = schemaField(schema, 'items');
  const extra = schemaField(schema, 'additionalItems');
  return value.map((item, index) => {
    const itemSchema = tuple ? (tuple[index] ?? extra ?? {}) : (single ?? {});
    return prune(itemSchema, item, true) ?? null;
  });
}

/** Names the branches of a conditional declare (then, else, dependent schemas), at any depth. */
function branchFields(schema: JsonObject, into = new Set<string>(), depth = 0): Set<string> {
  if (depth > 16) return into;
  const branches = [schemaField(schema, 'then'), schemaField(schema, 'else'), ...Object.values(schemaField(schema, 'dependencies') ?? {})];
  for (const branch of branches) {
    if (!isJsonObject(branch)) continue;
    for (const name of Object.keys(schemaField(branch, 'properties') ?? {})) into.add(name);
    branchFields(branch, into, depth + 1);
  }
  return into;
}

function pruneObject(schema: JsonObject, value: JsonObject, inactive: ReadonlySet<string>): JsonObject {
  const properties = schemaField(schema, 'properties') ?? {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  const extra = schemaField(schema, 'additionalProperties');
  const out: JsonObject = {};
  for (const [key, entry] of Object.entries(value)) {
    const property = properties[key];
    const known = isJsonObject(property);
    // A field of a branch that no longer applies is hidden by the form: it is not sent either.
    if (!known && inactive.has(key)) continue;
    const childSchema = known ? property : (extra ?? {});
    // A map entry exists because the user added its key: it counts as required.
    const pruned = prune(childSchema, entry, !known || required.includes(key));
    if (pruned !== undefined) out[key] = pruned;
  }
  return out;
}

function prune(schema: JsonObject, raw: unknown, required: boolean): JsonValue | undefined {
  const value = toJson(raw);
  if (value === undefined) return undefined;
  if (isAny(schema)) return value;
  if (value === null) return allowsNull(schema) ? null : undefined;
  // The branch of an if/then/else and the dependencies that apply to this value decide which fields are required.
  const chosen = chooseVariant(schema, value);
  const effective = resolveConditionals(chosen, value, mergeSchemas);
  let pruned: JsonValue;
  if (Array.isArray(value)) pruned = pruneArray(effective, value);
  else if (isJsonObject(value)) pruned = pruneObject(effective, value, branchFields(chosen));
  else pruned = value;
  if (!required && isEmpty(pruned) && !jsonEqual(pruned, schema.default)) return undefined;
  return pruned;
}

/** The arguments object to send for this form data. */
export function buildArguments(schema: JsonObject, formData: unknown): JsonObject {
  const pruned = prune(schema, formData, true);
  return isJsonObject(pruned) ? pruned : {};
}
