/**
 * A valid sample instance for a normalised schema: every property filled (optional ones too, so the form's
 * defaults cannot add anything), defaults and examples used where the schema gives them, recursion bounded.
 * Validity is checked against the ORIGINAL schema by the tests, so a wrong sample fails loudly.
 */
import type { JsonObject, JsonValue } from '../../src/shared/json.js';
import { isJsonObject } from '../../src/shared/json.js';
import { resolveConditionals } from '../../src/shared/schema/conditions.js';
import { mergeSchemas } from '../../src/shared/schema/merge.js';
import { isAny, schemaField, schemaList, typesOf } from '../../src/shared/schema/schemaTypes.js';

const freeJson: JsonObject = { note: 'free JSON', list: [1, 'two', true], nested: { deep: null } };

function stringFor(schema: JsonObject, name: string): string {
  if (Array.isArray(schema.examples) && typeof schema.examples[0] === 'string') return schema.examples[0];
  switch (schema.format) {
    case 'date':
      return '2024-05-06';
    case 'date-time':
      return '2024-05-06T07:08:09Z';
    case 'email':
      return 'someone@example.com';
    case 'uri':
      return 'https://example.com/a?b=c';
  }
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern, 'u');
    const fits = ['ABC', '1234 AB', '+31612345678', 'abc', 'a1', 'SKU-1001'].find((candidate) => pattern.test(candidate));
    if (fits !== undefined) return fits;
  }
  const min = typeof schema.minLength === 'number' ? schema.minLength : 1;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : 40;
  const text = `${name || 'text'} \u00e9 "quoted" \\ value`.slice(0, max);
  return text.length >= min ? text : text.padEnd(min, 'x');
}

function numberFor(schema: JsonObject, integer: boolean): number {
  const low = typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : 2;
  const high = typeof schema.maximum === 'number' ? schema.maximum : low + 10;
  const value = Math.min(Math.max(low, 3), high);
  return integer ? Math.ceil(value) : value === Math.floor(value) ? value + 0.5 <= high ? value + 0.5 : value : value;
}

export function sampleInstance(schema: JsonObject, name = '', depth = 0): JsonValue {
  if (isAny(schema)) return depth > 6 ? 'leaf' : freeJson;
  if ('default' in schema && schema.default !== null) return schema.default;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum.find((value) => value !== null) ?? null;
  const variants = schemaList(schema, 'oneOf') ?? schemaList(schema, 'anyOf');
  if (variants && variants.length > 0) {
    const { oneOf: _oneOf, anyOf: _anyOf, ...shared } = schema;
    const first = variants[variants.length > 1 ? 1 : 0];
    return sampleInstance({ ...shared, ...first, properties: { ...(schemaField(shared, 'properties') ?? {}), ...(schemaField(first, 'properties') ?? {}) } }, name, depth);
  }
  const type = typesOf(schema).find((candidate) => candidate !== 'null') ?? 'null';
  switch (type) {
    case 'string':
      return stringFor(schema, name);
    case 'integer':
      return numberFor(schema, true);
    case 'number':
      return numberFor(schema, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array':
      return arrayFor(schema, name, depth);
    case 'object':
      return objectFor(schema, depth);
  }
}

function arrayFor(schema: JsonObject, name: string, depth: number): JsonValue[] {
  const tuple = schemaList(schema, 'items');
  if (tuple) return tuple.map((item, index) => sampleInstance(item, `${name}${index}`, depth + 1));
  const item = schemaField(schema, 'items') ?? {};
  const count = depth > 4 ? 0 : Math.max(typeof schema.minItems === 'number' ? schema.minItems : 1, schema.uniqueItems === true ? 2 : 1);
  const items: JsonValue[] = [];
  for (let index = 0; index < count; index += 1) {
    const value = sampleInstance(item, `${name}${index}`, depth + 1);
    items.push(typeof value === 'number' && schema.uniqueItems === true ? value + index : value);
  }
  return items;
}

function isEmpty(value: JsonValue): boolean {
  return value === '' || (Array.isArray(value) && value.length === 0) || (isJsonObject(value) && Object.keys(value).length === 0);
}

/** Free JSON where recursion was cut: the original schema still constrains it, so samples leave it out. */
function cutByRecursion(schema: JsonObject): boolean {
  const items = schemaField(schema, 'items');
  return isAny(schema) || (items !== undefined && isAny(items));
}

/** An object sample that also fills what the if/then/else branch and the dependencies that apply to it ask for. */
function objectFor(schema: JsonObject, depth: number): JsonObject {
  const { if: _if, then: _then, else: _else, dependencies: _dependencies, ...base } = schema;
  let sample = plainObjectFor(base, depth);
  for (let round = 0; round < 4; round += 1) {
    const effective = resolveConditionals(schema, sample, mergeSchemas);
    const next = plainObjectFor(effective, depth);
    if (JSON.stringify(next) === JSON.stringify(sample)) break;
    sample = next;
  }
  return sample;
}

function plainObjectFor(schema: JsonObject, depth: number): JsonObject {
  const out: JsonObject = {};
  const properties = schemaField(schema, 'properties');
  const required = Array.isArray(schema.required) ? schema.required : [];
  for (const [key, child] of Object.entries(properties ?? {})) {
    if (!isJsonObject(child)) continue;
    const optional = !required.includes(key);
    if (optional && (depth > 4 || (depth >= 2 && cutByRecursion(child)))) continue;
    const value = sampleInstance(child, key, depth + 1);
    // An optional field left empty is omitted by the form (see buildArguments): a sample never holds one.
    if (optional && isEmpty(value) && !('default' in child)) continue;
    out[key] = value;
  }
  const extra = schemaField(schema, 'additionalProperties');
  if (extra && !properties && depth <= 4) out.someKey = sampleInstance(extra, 'someKey', depth + 1);
  return out;
}
