/**
 * The normaliser's share of the keywords that apply depending on the value: `if`/`then`/`else`, `dependentRequired`,
 * `dependentSchemas` and draft 7's `dependencies` (which rjsf follows live as the user types), and
 * `unevaluatedProperties`/`unevaluatedItems` (kept when `false`: the form never adds what no keyword declares).
 */
import type { JsonObject, JsonValue } from '../json.js';
import { isJsonObject } from '../json.js';
import { isDecidable } from './conditions.js';
import type { Walker } from './normalize.js';
import { anyMarker } from './schemaTypes.js';

/** A branch normalised like any schema, minus what the normaliser adds to stand-alone schemas (an inferred type, a map). */
function normalizeBranch(walker: Walker, branch: JsonValue, path: string, refs: readonly string[]): JsonObject {
  if (branch === false) {
    walker.notes.push(`${path}: the branch is false (no value is valid there); checked by validation`);
    return {};
  }
  const out = walker.normalize(branch, path, refs);
  const original = isJsonObject(branch) ? branch : {};
  delete out[anyMarker];
  if (original.type === undefined && !('$ref' in original) && !('allOf' in original)) delete out.type;
  if (original.additionalProperties === undefined && isJsonObject(out.additionalProperties) && out.additionalProperties[anyMarker] === true) {
    delete out.additionalProperties;
  }
  return out;
}

function stringList(value: JsonValue | undefined): string[] | undefined {
  return Array.isArray(value) && value.every((name) => typeof name === 'string') ? (value) : undefined;
}

function normalizeDependencies(walker: Walker, node: JsonObject, path: string, refs: readonly string[]): void {
  const dependencies: JsonObject = {};
  const sources: [string, JsonValue | undefined][] = [
    ['dependencies', node.dependencies],
    ['dependentRequired', node.dependentRequired],
    ['dependentSchemas', node.dependentSchemas],
  ];
  for (const [keyword, value] of sources) {
    delete node[keyword];
    if (!isJsonObject(value)) continue;
    for (const [name, dependency] of Object.entries(value)) {
      const names = stringList(dependency);
      const previous = dependencies[name];
      let next: JsonValue;
      if (names && keyword !== 'dependentSchemas') {
        next = names;
      } else if (keyword !== 'dependentRequired' && (isJsonObject(dependency) || typeof dependency === 'boolean')) {
        next = normalizeBranch(walker, dependency, `${path}/${keyword}/${name}`, refs);
      } else {
        walker.notes.push(`${path}: "${keyword}" of "${name}" is not a list of names or a schema; checked by validation`);
        continue;
      }
      if (previous === undefined) dependencies[name] = next;
      else dependencies[name] = { ...(isJsonObject(next) ? next : {}), required: [...(stringList(previous) ?? []), ...(stringList(next) ?? [])] };
    }
  }
  if (Object.keys(dependencies).length > 0) node.dependencies = dependencies;
}

/**
 * Rewrites the node's conditional keywords in place into what rjsf follows. Returns why the node cannot be a form
 * (an `if` that tests something the form cannot evaluate), or undefined.
 */
export function normalizeConditionals(walker: Walker, node: JsonObject, path: string, refs: readonly string[]): string | undefined {
  if ('if' in node) {
    if (!isDecidable(node.if)) {
      return `"if" tests something the form cannot follow (only constants, enums, types, bounds, patterns and required names)`;
    }
    if (node.then !== undefined) node.then = normalizeBranch(walker, node.then, `${path}/then`, refs);
    if (node.else !== undefined) node.else = normalizeBranch(walker, node.else, `${path}/else`, refs);
  } else if ('then' in node || 'else' in node) {
    // Without "if", "then" and "else" have no effect (JSON Schema says so).
    delete node.then;
    delete node.else;
  }
  if ('dependencies' in node || 'dependentRequired' in node || 'dependentSchemas' in node) normalizeDependencies(walker, node, path, refs);
  for (const keyword of ['unevaluatedProperties', 'unevaluatedItems']) {
    if (!(keyword in node) || node[keyword] === false) continue;
    if (node[keyword] !== true) walker.notes.push(`${path}: "${keyword}" is checked by validation, not drawn in the form`);
    delete node[keyword];
  }
  return undefined;
}
