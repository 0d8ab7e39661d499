/**
 * Every subschema of a JSON Schema with its path (`inputSchema.properties.city`), how many objects deep it sits,
 * and the keyword that holds it. Boolean subschemas are visited too (a host may refuse them); keys under
 * `properties`, `$defs` and the like are names, not keywords. Cycles cannot occur in parsed JSON; depth is bounded.
 */
import { isJsonObject, type JsonObject, type JsonValue } from '../../shared/json.js';

export interface SchemaNode {
  schema: JsonObject | boolean;
  path: string;
  /** Object schemas (type object or with properties) from the root down to this one, this one included. */
  objectDepth: number;
  /** The keyword that holds this subschema (`properties`, `items`, `anyOf`…); undefined at the root. */
  via?: string;
}

/** Keywords whose value is a map of names to subschemas. */
const schemaMaps = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
/** Keywords whose value is one subschema. */
const singleSchemas = [
  'items',
  'additionalProperties',
  'additionalItems',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
];
/** Keywords whose value is a list of subschemas. */
const schemaLists = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];

/** Deeper than this, a schema is lint's `schema-too-deep` already: not walked. */
const walkLimit = 64;

export function isObjectSchema(schema: JsonObject): boolean {
  return (
    schema.type === 'object' ||
    (Array.isArray(schema.type) && schema.type.includes('object')) ||
    isJsonObject(schema.properties)
  );
}

/** A name as a path segment: `city`, or `["two words"]` when it is not a plain identifier. */
export function segment(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$-]*$/.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`;
}

export function walkSchema(root: JsonValue, rootPath: string, visit: (node: SchemaNode) => void): void {
  const step = (
    schema: JsonValue,
    path: string,
    depth: number,
    via: string | undefined,
    level: number,
  ): void => {
    if (typeof schema === 'boolean') {
      visit({ schema, path, objectDepth: depth, ...(via === undefined ? {} : { via }) });
      return;
    }
    if (!isJsonObject(schema) || level > walkLimit) return;
    const objectDepth = depth + (isObjectSchema(schema) ? 1 : 0);
    visit({ schema, path, objectDepth, ...(via === undefined ? {} : { via }) });
    for (const keyword of schemaMaps) {
      const map = schema[keyword];
      if (!isJsonObject(map)) continue;
      for (const [name, value] of Object.entries(map))
        step(value, `${path}.${keyword}${segment(name)}`, objectDepth, keyword, level + 1);
    }
    for (const keyword of singleSchemas) {
      const value = schema[keyword];
      if (value === undefined) continue;
      if (keyword === 'items' && Array.isArray(value)) {
        value.forEach((item, index) =>
          step(item, `${path}.items[${index}]`, objectDepth, keyword, level + 1),
        );
      } else step(value, `${path}.${keyword}`, objectDepth, keyword, level + 1);
    }
    for (const keyword of schemaLists) {
      const list = schema[keyword];
      if (!Array.isArray(list)) continue;
      list.forEach((item, index) =>
        step(item, `${path}.${keyword}[${index}]`, objectDepth, keyword, level + 1),
      );
    }
  };
  step(root, rootPath, 0, undefined, 0);
}
