/**
 * Vocabulary of the form normaliser. A schema here is any JSON object as a server sent it; the normaliser's
 * output is still plain JSON Schema (what @rjsf/core reads) plus two marker keywords of ours:
 *   x-loupe-any:  the value is free JSON (empty schema, recursion cut, unresolvable $ref): edit it as JSON text.
 *   x-loupe-nullable: the field accepts null as well as its type (collapsed from anyOf [T, null] or type [T, "null"]).
 */
import type { JsonObject, JsonValue } from '../json.js';
import { isJsonObject } from '../json.js';

export const anyMarker = 'x-loupe-any';
export const nullableMarker = 'x-loupe-nullable';

export const jsonTypes = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'] as const;
export type JsonType = (typeof jsonTypes)[number];

export function isJsonType(value: unknown): value is JsonType {
  return typeof value === 'string' && (jsonTypes as readonly string[]).includes(value);
}

export interface NormalizedForm {
  ok: true;
  /** The schema rjsf renders. */
  schema: JsonObject;
  /** Things the normaliser simplified or gave up on locally (a field fell back to JSON text), for the UI to show. */
  notes: string[];
}

export interface UnrenderableForm {
  ok: false;
  /** Why no form: the raw JSON editor takes over and shows this. */
  reason: string;
  notes: string[];
}

export type NormalizeResult = NormalizedForm | UnrenderableForm;

/** The listed types of a schema (`type: "x"` or `type: [...]`), only the ones JSON Schema knows. */
export function typesOf(schema: JsonObject): JsonType[] {
  const type = schema.type;
  if (typeof type === 'string') return isJsonType(type) ? [type] : [];
  if (Array.isArray(type)) return type.filter(isJsonType);
  return [];
}

/** The JSON type of a value, `integer` for whole numbers. */
export function typeOfValue(value: JsonValue): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'boolean';
  return 'object';
}

export function isAny(schema: JsonObject): boolean {
  return schema[anyMarker] === true;
}

export function allowsNull(schema: JsonObject): boolean {
  if (schema[nullableMarker] === true) return true;
  if (typesOf(schema).includes('null')) return true;
  if (Array.isArray(schema.enum) && schema.enum.includes(null)) return true;
  if (schema.const === null) return true;
  return isAny(schema);
}

export function schemaField(schema: JsonObject, key: string): JsonObject | undefined {
  const value = schema[key];
  return isJsonObject(value) ? value : undefined;
}

export function schemaList(schema: JsonObject, key: string): JsonObject[] | undefined {
  const value = schema[key];
  if (!Array.isArray(value)) return undefined;
  return value.map((entry) => (isJsonObject(entry) ? entry : entry === false ? { not: {} } : {}));
}

/** Deep equality of JSON values (object key order ignored). */
export function jsonEqual(left: JsonValue | undefined, right: JsonValue | undefined): boolean {
  if (left === right) return true;
  if (left === undefined || right === undefined || left === null || right === null) return false;
  if (Array.isArray(left) || Array.isArray(right)) {
    if (!Array.isArray(left) || !Array.isArray(right) || left.length !== right.length) return false;
    return left.every((item, index) => jsonEqual(item, right[index]));
  }
  if (typeof left !== 'object' || typeof right !== 'object') return false;
  const leftKeys = Object.keys(left);
  if (leftKeys.length !== Object.keys(right).length) return false;
  return leftKeys.every((key) => key in right && jsonEqual(left[key], right[key]));
}

/** The schema, also accepting null (marked so the form offers a null choice). */
export function markNullable(schema: JsonObject): JsonObject {
  if (isAny(schema)) return schema;
  const marked: JsonObject = { ...schema, [nullableMarker]: true };
  const types = typesOf(schema);
  if (types.length > 0 && !types.includes('null')) marked.type = [...types, 'null'];
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) marked.enum = [...schema.enum, null];
  return marked;
}
