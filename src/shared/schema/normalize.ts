/**
 * The form normaliser: turns any inputSchema a server sends into a schema @rjsf/core renders well, or says
 * why no form can be drawn. Pure: no DOM, no Node, no validator. See schemaTypes.ts for the marker keywords.
 */
import type { JsonObject, JsonValue } from '../json.js';
import { isJsonObject } from '../json.js';
import { inferType } from './infer.js';
import { mergeSchemas } from './merge.js';
import { normalizeConditionals } from './conditionalKeywords.js';
import type { RefIndex } from './refs.js';
import { defaultBaseUri, indexSchema, resolveRef } from './refs.js';
import type { JsonType, NormalizeResult } from './schemaTypes.js';
import { anyMarker, isAny, markNullable, nullableMarker, typesOf } from './schemaTypes.js';
import { normalizeVariants } from './variants.js';

/** How many times one $ref may nest inside itself before the rest is edited as JSON text. */
export const maxRefRecursion = 2;
/** Schema nodes produced at most (recursive $refs expand). */
export const maxNodes = 20_000;

const droppedKeys = new Set(['$schema', '$id', '$defs', 'definitions', '$comment', '$anchor', '$dynamicAnchor', '$vocabulary', 'discriminator']);
const unsupportedKeys = ['not', 'contains', 'minContains', 'maxContains', 'propertyNames', '$dynamicRef'];
const annotationKeys = new Set(['title', 'description', 'default', 'examples', 'readOnly', 'writeOnly', 'deprecated']);

class TooLarge extends Error {}

export interface Walker {
  root: JsonObject;
  /** Every `$id` and `$anchor` of the root, and the base URI `$ref`s resolve against where the walk is. */
  index: RefIndex;
  base: string;
  notes: string[];
  nodes: number;
  normalize(value: JsonValue | undefined, path: string, refs: readonly string[]): JsonObject;
}

function anySchema(from: JsonObject): JsonObject {
  const schema: JsonObject = { [anyMarker]: true };
  for (const key of ['title', 'description', 'default', 'examples']) if (key in from) schema[key] = from[key];
  return schema;
}

function onlyAnnotations(schema: JsonObject): boolean {
  return Object.keys(schema).every((key) => annotationKeys.has(key) || droppedKeys.has(key));
}

const conditionalKeys = ['if', 'then', 'else', 'dependencies', 'unevaluatedProperties', 'unevaluatedItems'];

function withConditionals(schema: JsonObject, from: JsonObject): JsonObject {
  for (const key of conditionalKeys) if (key in from) schema[key] = from[key];
  return schema;
}

/** A schema with a type (or variants) is no longer free JSON. */
function settle(schema: JsonObject): JsonObject {
  if (isAny(schema) && (typesOf(schema).length > 0 || 'oneOf' in schema || 'anyOf' in schema || 'enum' in schema || 'const' in schema)) {
    delete schema[anyMarker];
  }
  return schema;
}


function normalizeRef(walker: Walker, node: JsonObject, ref: string, path: string, refs: readonly string[]): JsonObject {
  const { $ref: _ref, ...siblings } = node;
  const resolved = resolveRef(ref, walker.base, walker.index);
  if (!resolved.ok) {
    walker.notes.push(`${path}: ${resolved.reason}; edited as JSON`);
    return anySchema(siblings);
  }
  // Recursion is counted by target, so "#node", "#/$defs/Node" and an `$id` URI naming one schema count together.
  const seen = refs.filter((key) => key === resolved.key).length;
  if (seen >= maxRefRecursion) {
    walker.notes.push(`${path}: recursive $ref "${ref}" cut after ${maxRefRecursion} levels; deeper values are edited as JSON`);
    return anySchema({ ...resolved.schema, ...siblings });
  }
  const target = walker.normalize(resolved.schema, path, [...refs, resolved.key]);
  if (onlyAnnotations(siblings)) return { ...target, ...siblings };
  return settle(mergeSchemas(walker.normalize(siblings, path, refs), target));
}

function normalizeAllOf(walker: Walker, node: JsonObject, members: JsonValue[], path: string, refs: readonly string[]): JsonObject {
  const { allOf: _allOf, ...rest } = node;
  let merged = onlyAnnotations(rest) ? { ...rest } : walker.normalize(rest, path, refs);
  // The members say which properties there are: no map of free JSON invented for the bare outer object.
  if (rest.additionalProperties === undefined && isJsonObject(merged.additionalProperties) && isAny(merged.additionalProperties)) {
    delete merged.additionalProperties;
  }
  members.forEach((member, index) => {
    merged = mergeSchemas(merged, walker.normalize(member, `${path}/allOf/${index}`, refs));
  });
  return walker.normalize(settle(merged), path, refs);
}

function normalizeTypeList(walker: Walker, node: JsonObject, types: JsonType[], path: string, refs: readonly string[]): JsonObject {
  const nonNull = types.filter((type) => type !== 'null');
  const nullable = nonNull.length < types.length;
  if (nonNull.length <= 1) {
    const single = walker.normalize({ ...node, type: nonNull[0] ?? 'null' }, path, refs);
    return nullable && nonNull.length === 1 ? markNullable(single) : single;
  }
  const { type: _type, title, description, default: fallback, examples, ...rest } = node;
  const variants: JsonObject = {
    anyOf: nonNull.map((type) => walker.normalize({ ...rest, type, title: type }, `${path}/type/${type}`, refs)),
  };
  if (title !== undefined) variants.title = title;
  if (description !== undefined) variants.description = description;
  if (fallback !== undefined) variants.default = fallback;
  if (examples !== undefined) variants.examples = examples;
  return nullable ? markNullable(variants) : variants;
}

function normalizeChildren(walker: Walker, node: JsonObject, path: string, refs: readonly string[]): JsonObject {
  const out: JsonObject = { ...node };
  if (isJsonObject(node.properties)) {
    const properties: JsonObject = {};
    for (const [name, child] of Object.entries(node.properties)) {
      if (child === false) {
        // A property whose schema is false may never be sent: no field for it.
        walker.notes.push(`${path}/${name}: the schema is false (the property is never allowed); no field`);
        continue;
      }
      properties[name] = walker.normalize(child, `${path}/${name}`, refs);
    }
    out.properties = properties;
  } else if ('properties' in node) {
    delete out.properties;
  }
  if (isJsonObject(node.additionalProperties)) {
    out.additionalProperties = walker.normalize(node.additionalProperties, `${path}/*`, refs);
  } else if (node.unevaluatedProperties === false && node.additionalProperties === undefined) {
    // Closed: nothing beyond the declared properties (and those of the branches that apply) may be added.
  } else if (node.additionalProperties === true || (node.additionalProperties === undefined && typesOf(node).includes('object'))) {
    // Declared properties (even none) are the form; a bare object is a map of free JSON values.
    if (isJsonObject(out.properties)) delete out.additionalProperties;
    else out.additionalProperties = { [anyMarker]: true };
  }
  if (isJsonObject(node.patternProperties)) {
    walker.notes.push(`${path}: patternProperties are checked by validation, not drawn as fields`);
    delete out.patternProperties;
  }
  const prefix = node.prefixItems;
  if (Array.isArray(prefix)) {
    out.items = prefix.map((item, index) => walker.normalize(item, `${path}/${index}`, refs));
    const extra = node.items;
    if (extra !== undefined && extra !== false) out.additionalItems = walker.normalize(extra, `${path}/+`, refs);
    delete out.prefixItems;
  } else if (Array.isArray(node.items)) {
    out.items = node.items.map((item, index) => walker.normalize(item, `${path}/${index}`, refs));
    if (node.additionalItems !== undefined && node.additionalItems !== false) {
      out.additionalItems = walker.normalize(node.additionalItems, `${path}/+`, refs);
    }
  } else if (node.items !== undefined) {
    out.items = walker.normalize(node.items, `${path}/[]`, refs);
  } else if (typesOf(node).includes('array')) {
    out.items = { [anyMarker]: true };
  }
  return out;
}

function normalizeNode(walker: Walker, value: JsonValue | undefined, path: string, refs: readonly string[]): JsonObject {
  walker.nodes += 1;
  if (walker.nodes > maxNodes) throw new TooLarge();
  if (value === false) {
    walker.notes.push(`${path}: the schema is false (no value is valid); edited as JSON`);
    return { [anyMarker]: true };
  }
  if (!isJsonObject(value)) return { [anyMarker]: true };
  const node: JsonObject = {};
  for (const [key, entry] of Object.entries(value)) if (!droppedKeys.has(key)) node[key] = entry;

  if (typeof node.$ref === 'string') return normalizeRef(walker, node, node.$ref, path, refs);
  if (Array.isArray(node.allOf)) return normalizeAllOf(walker, node, node.allOf, path, refs);
  if (Array.isArray(node.oneOf) || Array.isArray(node.anyOf)) return normalizeVariants(walker, node, path, refs);
  const types = typesOf(node);
  if (Array.isArray(node.type) && node.type.length !== 1) return normalizeTypeList(walker, node, types, path, refs);
  if (Array.isArray(node.type)) node.type = types[0] ?? null;
  if (node.type === null || (node.type !== undefined && types.length === 0)) delete node.type;

  const conditionalReason = normalizeConditionals(walker, node, path, refs);
  if (conditionalReason !== undefined) {
    walker.notes.push(`${path}: ${conditionalReason}; edited as JSON`);
    return anySchema(node);
  }
  for (const key of unsupportedKeys) {
    if (key in node) {
      walker.notes.push(`${path}: "${key}" is checked by validation, not drawn in the form`);
      delete node[key];
    }
  }
  if (node.type === undefined) {
    const inferred = inferType(node);
    // An untyped conditional (an allOf member, usually) keeps its branches: merged into its object, they apply there.
    if (inferred === undefined) return withConditionals(anySchema(node), node);
    // An enum of mixed types stays an untyped enum: rjsf draws it as one select and keeps each value's type.
    if (Array.isArray(inferred) && inferred.filter((type) => type !== 'null').length > 1 && Array.isArray(node.enum)) {
      const mixed = normalizeChildren(walker, node, path, refs);
      return node.enum.includes(null) ? markNullable(mixed) : mixed;
    }
    node.type = inferred;
    if (Array.isArray(inferred) && inferred.length !== 1) return normalizeTypeList(walker, node, inferred, path, refs);
  }
  let out = normalizeChildren(walker, node, path, refs);
  if (Array.isArray(out.enum) && out.enum.includes(null)) out = markNullable(out);
  if (out.default === null && !typesOf(out).includes('null')) {
    walker.notes.push(`${path}: default null dropped (the schema does not allow null)`);
    delete out.default;
  }
  return settle(out);
}

/**
 * `default: null` (Pydantic's Optional[T] = None) means "absent": the field starts empty and is omitted,
 * never pre-filled with null. The user can still choose null with the field's null switch.
 */
function withoutNullDefault(schema: JsonObject): JsonObject {
  if (schema.default !== null) return schema;
  const { default: _default, ...rest } = schema;
  return rest;
}

function rootReason(schema: JsonObject): string | undefined {
  if (isAny(schema)) return 'the input schema does not describe an object of arguments';
  const variants = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(variants)) {
    const allObjects = variants.every((variant) => isJsonObject(variant) && typesOf(variant).includes('object'));
    return allObjects ? undefined : 'the arguments are one of several shapes that are not all objects';
  }
  if (!typesOf(schema).includes('object')) return `the input schema is of type ${JSON.stringify(schema.type ?? null)}, not object`;
  return undefined;
}

/** Normalises a tool's inputSchema (or an elicitation's requestedSchema) for the form. */
export function normalizeSchema(input: JsonValue | undefined): NormalizeResult {
  if (!isJsonObject(input)) return { ok: false, reason: 'the input schema is not a JSON object', notes: [] };
  const index = indexSchema(input);
  const walker: Walker = {
    root: input,
    index,
    base: index.baseOf.get(input) ?? defaultBaseUri,
    notes: [],
    nodes: 0,
    normalize(value, path, refs) {
      const outer = this.base;
      if (isJsonObject(value)) this.base = this.index.baseOf.get(value) ?? outer;
      try {
        return withoutNullDefault(normalizeNode(this, value, path, refs));
      } finally {
        this.base = outer;
      }
    },
  };
  try {
    const schema = walker.normalize(input, '#', []);
    // Where the root itself fell back to JSON, the note saying why is the reason.
    const rootNote = isAny(schema) ? walker.notes.find((note) => note.startsWith('#: ')) : undefined;
    const reason = rootNote !== undefined ? rootNote.slice(3).replace(/; edited as JSON$/, '') : rootReason(schema);
    if (reason !== undefined) return { ok: false, reason, notes: walker.notes };
    delete schema[nullableMarker];
    if (Array.isArray(schema.type)) schema.type = 'object';
    return { ok: true, schema, notes: walker.notes };
  } catch (error) {
    if (error instanceof TooLarge) {
      return { ok: false, reason: `the schema expands past ${maxNodes} nodes (recursive $ref)`, notes: walker.notes };
    }
    throw error;
  }
}
