/** Missing `type` inferred from the other keywords, the way a reader of the schema would. */
import type { JsonObject, JsonValue } from '../json.js';
import type { JsonType } from './schemaTypes.js';
import { typeOfValue } from './schemaTypes.js';

const objectKeys = ['properties', 'additionalProperties', 'required', 'patternProperties', 'minProperties', 'maxProperties'];
const arrayKeys = ['items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems', 'contains'];
const stringKeys = ['format', 'pattern', 'minLength', 'maxLength', 'contentMediaType', 'contentEncoding'];
const numberKeys = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'];

/** integer and number values together read as number. */
export function commonType(values: readonly JsonValue[]): JsonType[] {
  const types = new Set<JsonType>(values.map(typeOfValue));
  if (types.has('integer') && types.has('number')) types.delete('integer');
  return [...types];
}

/** The type the keywords imply, or undefined when nothing does (free JSON). */
export function inferType(schema: JsonObject): JsonType | JsonType[] | undefined {
  if ('const' in schema) return typeOfValue(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    const types = commonType(schema.enum);
    return types.length === 1 ? types[0] : types;
  }
  if (objectKeys.some((key) => key in schema)) return 'object';
  if (arrayKeys.some((key) => key in schema)) return 'array';
  if (stringKeys.some((key) => key in schema)) return 'string';
  if (numberKeys.some((key) => key in schema)) return 'number';
  if ('default' in schema && schema.default !== null) return typeOfValue(schema.default) === 'integer' ? 'number' : typeOfValue(schema.default);
  return undefined;
}
