/**
 * Conditional schemas the form can follow: `if`/`then`/`else` whose `if` only tests values the form holds
 * (constants, enums, types, bounds, patterns, required names), and `dependencies` (draft 7) as rjsf reads them,
 * which is also where 2020-12's `dependentRequired` and `dependentSchemas` go. Pure; no validator.
 */
import type { JsonObject, JsonValue } from '../json.js';
import { isJsonObject } from '../json.js';
import { isJsonType, jsonEqual, typeOfValue } from './schemaTypes.js';

const annotationKeys = new Set(['title', 'description', '$comment', 'examples', 'default', 'deprecated', 'readOnly', 'writeOnly']);
const testKeys = new Set(['const', 'enum', 'type', 'required', 'properties', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'pattern']);

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

/** Whether `holds` can evaluate this `if` exactly as a JSON Schema validator would. */
export function isDecidable(condition: JsonValue | undefined, depth = 0): boolean {
  if (typeof condition === 'boolean') return true;
  if (!isJsonObject(condition) || depth > 8) return false;
  for (const [key, value] of Object.entries(condition)) {
    if (annotationKeys.has(key)) continue;
    if (!testKeys.has(key)) return false;
    if (key === 'properties' && !(isJsonObject(value) && Object.values(value).every((child) => isDecidable(child, depth + 1)))) return false;
    if (key === 'pattern' && !(typeof value === 'string' && compiles(value))) return false;
    if (key === 'type' && !(isJsonType(value) || (Array.isArray(value) && value.every(isJsonType)))) return false;
    if (key === 'required' && !(Array.isArray(value) && value.every((name) => typeof name === 'string'))) return false;
    if (key === 'enum' && !Array.isArray(value)) return false;
    if (['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength'].includes(key) && typeof value !== 'number') return false;
  }
  return true;
}

function fitsType(type: JsonValue | undefined, value: JsonValue): boolean {
  const listed = Array.isArray(type) ? type : [type];
  const actual = typeOfValue(value);
  return listed.some((entry) => entry === actual || (entry === 'number' && actual === 'integer'));
}

function numberHolds(condition: JsonObject, value: number): boolean {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = condition;
  if (typeof minimum === 'number' && value < minimum) return false;
  if (typeof maximum === 'number' && value > maximum) return false;
  if (typeof exclusiveMinimum === 'number' && value <= exclusiveMinimum) return false;
  return !(typeof exclusiveMaximum === 'number' && value >= exclusiveMaximum);
}

function stringHolds(condition: JsonObject, value: string): boolean {
  const length = [...value].length;
  if (typeof condition.minLength === 'number' && length < condition.minLength) return false;
  if (typeof condition.maxLength === 'number' && length > condition.maxLength) return false;
  return !(typeof condition.pattern === 'string' && !new RegExp(condition.pattern, 'u').test(value));
}

/** Evaluates a decidable condition against a value (see isDecidable). */
export function holds(condition: JsonValue | undefined, value: JsonValue): boolean {
  if (typeof condition === 'boolean') return condition;
  if (!isJsonObject(condition)) return true;
  if ('const' in condition && !jsonEqual(condition.const, value)) return false;
  if (Array.isArray(condition.enum) && !condition.enum.some((entry) => jsonEqual(entry, value))) return false;
  if (condition.type !== undefined && !fitsType(condition.type, value)) return false;
  if (typeof value === 'number' && !numberHolds(condition, value)) return false;
  if (typeof value === 'string' && !stringHolds(condition, value)) return false;
  if (!isJsonObject(value)) return true;
  if (Array.isArray(condition.required) && !condition.required.every((name) => typeof name === 'string' && Object.hasOwn(value, name))) return false;
  const properties = condition.properties;
  if (!isJsonObject(properties)) return true;
  return Object.entries(properties).every(([name, child]) => !Object.hasOwn(value, name) || holds(child, value[name]));
}

function asSchema(value: JsonValue | undefined): JsonObject {
  return isJsonObject(value) ? value : {};
}

/**
 * The schema that applies to this object value: the `then` or `else` branch merged in where the `if` holds or not,
 * each dependency merged in where its property is present. Other schemas are returned as they are.
 */
export function resolveConditionals(schema: JsonObject, value: JsonValue, merge: (left: JsonObject, right: JsonObject) => JsonObject, depth = 0): JsonObject {
  if (!isJsonObject(value) || depth > 16) return schema;
  const { if: condition, then: whenTrue, else: whenFalse, dependencies, ...rest } = schema;
  let out: JsonObject = 'if' in schema || 'dependencies' in schema ? rest : schema;
  if ('if' in schema) {
    out = merge(out, asSchema(holds(condition, value) ? whenTrue : whenFalse));
  }
  if (isJsonObject(dependencies)) {
    for (const [name, dependency] of Object.entries(dependencies)) {
      if (!Object.hasOwn(value, name)) continue;
      if (Array.isArray(dependency)) out = merge(out, { required: dependency });
      else out = merge(out, asSchema(dependency));
    }
  }
  return out === schema ? schema : resolveConditionals(out, value, merge, depth + 1);
}
