/**
 * allOf merging for forms: the members' constraints combined into one schema. Properties are merged
 * recursively, required lists united, types intersected; for other keywords the first member that states one
 * wins (validation still runs against the original schema, so nothing is loosened where it counts). Two conditionals
 * (`if`) nest, and dependencies unite.
 */
import type { JsonObject, JsonValue } from '../json.js';
import { isJsonObject } from '../json.js';
import { typesOf } from './schemaTypes.js';

function unite(left: JsonValue | undefined, right: JsonValue | undefined): string[] {
  const names = new Set<string>();
  for (const list of [left, right]) {
    if (Array.isArray(list)) for (const name of list) if (typeof name === 'string') names.add(name);
  }
  return [...names];
}

function mergeTypes(left: JsonObject, right: JsonObject): JsonValue | undefined {
  const leftTypes = typesOf(left);
  const rightTypes = typesOf(right);
  if (leftTypes.length === 0) return right.type;
  if (rightTypes.length === 0) return left.type;
  // integer is a kind of number: keep the narrower one.
  const common = leftTypes.flatMap((type) => {
    if (rightTypes.includes(type)) return [type];
    if (type === 'integer' && rightTypes.includes('number')) return ['integer'];
    if (type === 'number' && rightTypes.includes('integer')) return ['integer'];
    return [];
  });
  const unique = [...new Set(common)];
  if (unique.length === 0) return left.type;
  return unique.length === 1 ? unique[0] : unique;
}

/** Merges two already-normalised schemas. */
export function mergeSchemas(left: JsonObject, right: JsonObject): JsonObject {
  const merged: JsonObject = { ...left };
  for (const [key, value] of Object.entries(right)) {
    if (!(key in merged)) merged[key] = value;
  }
  const type = mergeTypes(left, right);
  if (type !== undefined) merged.type = type;
  const leftProperties = left.properties;
  const rightProperties = right.properties;
  if (isJsonObject(leftProperties) && isJsonObject(rightProperties)) {
    const properties: JsonObject = { ...leftProperties };
    for (const [name, schema] of Object.entries(rightProperties)) {
      const existing = properties[name];
      properties[name] = isJsonObject(existing) && isJsonObject(schema) ? mergeSchemas(existing, schema) : schema;
    }
    merged.properties = properties;
  }
  if (left.required !== undefined || right.required !== undefined) merged.required = unite(left.required, right.required);
  if (left.additionalProperties === false || right.additionalProperties === false) {
    // A closed member closes the merge only if it knows every property; otherwise it would forbid the others'.
    const closedKnowsAll = [left, right].some(
      (member) =>
        member.additionalProperties === false &&
        isJsonObject(member.properties) &&
        isJsonObject(merged.properties) &&
        Object.keys(merged.properties).every((name) => name in (member.properties as JsonObject)),
    );
    if (closedKnowsAll) merged.additionalProperties = false;
    else delete merged.additionalProperties;
  }
  if ('if' in left && 'if' in right) {
    // Both members are conditional: each applies on its own, so the second one goes inside both branches of the first.
    const second: JsonObject = { if: right.if };
    if (right.then !== undefined) second.then = right.then;
    if (right.else !== undefined) second.else = right.else;
    merged.then = mergeSchemas(isJsonObject(left.then) ? left.then : {}, second);
    merged.else = mergeSchemas(isJsonObject(left.else) ? left.else : {}, second);
  }
  if (isJsonObject(left.dependencies) && isJsonObject(right.dependencies)) {
    const dependencies: JsonObject = { ...left.dependencies };
    for (const [name, dependency] of Object.entries(right.dependencies)) {
      const existing = dependencies[name];
      if (existing === undefined) dependencies[name] = dependency;
      else if (Array.isArray(existing) && Array.isArray(dependency)) dependencies[name] = unite(existing, dependency);
      else if (isJsonObject(existing) && isJsonObject(dependency)) dependencies[name] = mergeSchemas(existing, dependency);
      else dependencies[name] = mergeSchemas(Array.isArray(existing) ? { required: existing } : isJsonObject(existing) ? existing : {}, Array.isArray(dependency) ? { required: dependency } : isJsonObject(dependency) ? dependency : {});
    }
    merged.dependencies = dependencies;
  }
  if (left.unevaluatedProperties === false || right.unevaluatedProperties === false) merged.unevaluatedProperties = false;
  return merged;
}
