/**
 * Optional objects and arrays ("parts") start absent: the form shows "+ Add <name>" instead of pre-filling
 * them, so a call with only the required fields sends only those. rjsf would fill an optional object with the
 * defaults of its fields (`shipping: { country: "NL" }`), which then fails the object's own `required`, so the
 * schema rjsf sees has the defaults inside optional parts moved to one marker, the value the part starts with
 * when the user adds it.
 */
import type { JsonObject, JsonValue } from '../../shared/json';
import { isJsonObject } from '../../shared/json';
import { typesOf } from '../../shared/schema/schemaTypes';

/** The value an optional part takes when the user adds it (its fields' defaults, or empty). */
export const partStartMarker = 'x-loupe-part-start';

export type PartKind = 'object' | 'array';

/** Object or array, and nothing else (nullable or mixed types keep their own widgets). */
export function partKind(schema: JsonObject): PartKind | undefined {
  const types = typesOf(schema);
  if (types.length !== 1) return undefined;
  return types[0] === 'object' || types[0] === 'array' ? types[0] : undefined;
}

/** The defaults a schema's own fields declare, as one value (undefined when none). */
function defaultsOf(schema: JsonObject): JsonValue | undefined {
  if ('default' in schema) return schema.default;
  if (partKind(schema) !== 'object' || !isJsonObject(schema.properties)) return undefined;
  const out: JsonObject = {};
  for (const [key, property] of Object.entries(schema.properties)) {
    if (!isJsonObject(property)) continue;
    const value = defaultsOf(property);
    if (value !== undefined) out[key] = value;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function withoutDefaults(schema: JsonObject): JsonObject {
  const { default: _default, ...rest } = schema;
  const out: JsonObject = { ...rest };
  if (isJsonObject(schema.properties)) {
    const properties: JsonObject = {};
    for (const [key, property] of Object.entries(schema.properties))
      properties[key] = isJsonObject(property) ? withoutDefaults(property) : property;
    out.properties = properties;
  }
  return out;
}

/** The schema rjsf renders: optional parts without a default of their own lose their inner defaults to the marker. */
export function formSchemaOf(schema: JsonObject): JsonObject {
  if (!isJsonObject(schema.properties)) return schema;
  const required = Array.isArray(schema.required) ? schema.required : [];
  const properties: JsonObject = {};
  for (const [key, property] of Object.entries(schema.properties)) {
    if (!isJsonObject(property)) {
      properties[key] = property;
      continue;
    }
    const kind = partKind(property);
    if (kind === undefined) {
      properties[key] = property;
    } else if (required.includes(key) || 'default' in property || kind === 'array') {
      properties[key] = kind === 'object' ? formSchemaOf(property) : property;
    } else {
      const start = defaultsOf(property) ?? {};
      properties[key] = { ...formSchemaOf(withoutDefaults(property)), [partStartMarker]: start };
    }
  }
  return { ...schema, properties };
}

/** The value a part starts with when added. */
export function partStart(schema: JsonObject, kind: PartKind): JsonValue {
  const start = schema[partStartMarker];
  if (start !== undefined) return start;
  return kind === 'array' ? [] : {};
}

/**
 * The tool's inputSchema (as sent) declares no fields: `{ "type": "object" }` or empty `properties`, and no
 * explicit additional or pattern properties. Such a tool takes no arguments; the form says so instead of
 * offering to add free-form keys.
 */
export function takesNoArguments(schema: JsonValue | undefined): boolean {
  if (!isJsonObject(schema)) return false;
  if (schema.type !== undefined && schema.type !== 'object') return false;
  const properties = schema.properties;
  const noProperties =
    properties === undefined || (isJsonObject(properties) && Object.keys(properties).length === 0);
  const noExtras = schema.additionalProperties === undefined || schema.additionalProperties === false;
  const noCombinators = ['patternProperties', 'allOf', 'anyOf', 'oneOf', '$ref', 'if'].every(
    (key) => schema[key] === undefined,
  );
  return noProperties && noExtras && noCombinators;
}
