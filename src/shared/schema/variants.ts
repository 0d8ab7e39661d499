/**
 * anyOf / oneOf for forms: [T, null] collapses to a nullable T, a list of constants becomes a select
 * (titles as labels), anything else stays a variant chooser whose options all carry a readable title.
 */
import type { JsonObject, JsonValue } from '../json.js';
import { isJsonObject } from '../json.js';
import { commonType } from './infer.js';
import { mergeSchemas } from './merge.js';
import type { Walker } from './normalize.js';
import { isAny, markNullable, typesOf } from './schemaTypes.js';

function isNullOnly(schema: JsonObject): boolean {
  const types = typesOf(schema);
  if (types.length === 1 && types[0] === 'null') return true;
  return schema.const === null || (Array.isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === null);
}

function constantOf(schema: JsonObject): { value: JsonValue } | undefined {
  if ('const' in schema) return { value: schema.const };
  if (Array.isArray(schema.enum) && schema.enum.length === 1) return { value: schema.enum[0] };
  return undefined;
}

/** A label for an untitled option: its type, or the constant a property is pinned to (a discriminator). */
function optionTitle(option: JsonObject, index: number): string {
  if (isJsonObject(option.properties)) {
    for (const [name, property] of Object.entries(option.properties)) {
      if (isJsonObject(property) && typeof property.const === 'string') return `${name}: ${property.const}`;
    }
    const required = Array.isArray(option.required) ? option.required.filter((name) => typeof name === 'string') : [];
    if (required.length > 0) return `with ${required.join(', ')}`;
  }
  if (isAny(option)) return 'JSON value';
  const types = typesOf(option).filter((type) => type !== 'null');
  return types.length > 0 ? types.join(' or ') : `Option ${index + 1}`;
}

export function normalizeVariants(walker: Walker, node: JsonObject, path: string, refs: readonly string[]): JsonObject {
  const keyword = Array.isArray(node.oneOf) ? 'oneOf' : 'anyOf';
  const { oneOf, anyOf, ...rest } = node;
  if (Array.isArray(oneOf) && Array.isArray(anyOf)) {
    walker.notes.push(`${path}: both oneOf and anyOf; the form offers the oneOf options, validation checks both`);
  }
  const raw = (keyword === 'oneOf' ? oneOf : anyOf) as JsonValue[];
  const options = raw.map((option, index) => walker.normalize(option, `${path}/${keyword}/${index}`, refs));
  const nullable = options.some(isNullOnly);
  const kept = options.filter((option) => !isNullOnly(option));
  const annotations = walker.normalize(rest, path, refs);
  const restIsAnnotation = isAny(annotations);
  if (restIsAnnotation) delete annotations['x-loupe-any'];

  let out: JsonObject;
  if (kept.length === 0) {
    out = { ...annotations, type: 'null' };
  } else if (kept.length === 1) {
    out = restIsAnnotation ? { ...kept[0], ...annotations } : mergeSchemas(annotations, kept[0]);
    if (isAny(out) && (typesOf(out).length > 0 || 'properties' in out)) delete out['x-loupe-any'];
  } else if (kept.every((option) => constantOf(option) !== undefined)) {
    const values = kept.map((option) => (constantOf(option) as { value: JsonValue }).value);
    const types = commonType(values);
    out = {
      ...annotations,
      type: types.length === 1 ? types[0] : types,
      oneOf: kept.map((option, index) => {
        const choice: JsonObject = { const: values[index] };
        const value = values[index];
        choice.title = typeof option.title === 'string' ? option.title : typeof value === 'string' ? value : JSON.stringify(value);
        if (typeof option.description === 'string') choice.description = option.description;
        return choice;
      }),
    };
  } else {
    const titled = kept.map((option, index) =>
      typeof option.title === 'string' ? option : { ...option, title: optionTitle(option, index) },
    );
    out = { ...annotations, [keyword]: titled };
    if (!restIsAnnotation && typesOf(annotations).length === 0) delete out.type;
  }
  return nullable ? markNullable(out) : out;
}
