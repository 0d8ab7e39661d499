/**
 * $ref resolution inside one document: JSON pointers (`#`, `#/$defs/X`, `#/definitions/X`, any path), `$anchor` names
 * and `$id` base URIs (2020-12). Remote references are reported, never fetched.
 */
import type { JsonObject, JsonValue } from '../json.js';
import { isJsonObject } from '../json.js';

export type RefResolution = { ok: true; schema: JsonObject } | { ok: false; reason: string };
/** A resolution that also names its target by absolute URI (for counting recursion). */
export type ResolvedRef = { ok: true; schema: JsonObject; key: string } | { ok: false; reason: string };

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function unescapePointer(token: string): string {
  return decode(token).replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Resolves a $ref against the root document. Remote references are reported, never fetched. */
export function resolveLocalRef(ref: string, root: JsonObject): RefResolution {
  if (!ref.startsWith('#')) return { ok: false, reason: `$ref "${ref}" points outside this schema (not fetched)` };
  if (ref === '#' || ref === '#/') return { ok: true, schema: root };
  if (!ref.startsWith('#/')) return { ok: false, reason: `$ref "${ref}" names an anchor that this schema does not define` };
  let node: JsonValue = root;
  for (const token of ref.slice(2).split('/').map(unescapePointer)) {
    if (Array.isArray(node)) {
      const index = Number(token);
      node = Number.isInteger(index) && index >= 0 && index < node.length ? node[index] : null;
    } else if (isJsonObject(node) && Object.hasOwn(node, token)) {
      node = node[token];
    } else {
      return { ok: false, reason: `$ref "${ref}" does not resolve` };
    }
  }
  if (node === true) return { ok: true, schema: {} };
  if (!isJsonObject(node)) return { ok: false, reason: `$ref "${ref}" resolves to something that is not a schema` };
  return { ok: true, schema: node };
}

/** Base URI of a schema that names no `$id`: refs are resolved against it, and never fetched. */
export const defaultBaseUri = 'https://schema.loupe.invalid/input';

/**
 * Where every `$id` and `$anchor` of one document points (2020-12 identifiers), and the base URI in force at each
 * schema object, so a `$ref` is resolved the way a validator would: against the nearest enclosing `$id`.
 */
export interface RefIndex {
  baseOf: WeakMap<JsonObject, string>;
  /** Schema resources by absolute URI (no fragment): the root and each subschema with an `$id`. */
  resources: Map<string, JsonObject>;
  /** `$anchor` (and `$dynamicAnchor`) targets by absolute URI with fragment. */
  anchors: Map<string, JsonObject>;
  /** A name per resolved target schema, however it was reached. */
  targets: WeakMap<JsonObject, string>;
  targetCount: number;
}

function absolute(reference: string, base: string): URL | undefined {
  try {
    return new URL(reference, base);
  } catch {
    return undefined;
  }
}

function withoutFragment(url: URL): string {
  return url.href.replace(/#.*$/, '');
}

function indexNode(value: JsonValue, base: string, index: RefIndex, depth: number): void {
  if (depth > 200) return;
  if (Array.isArray(value)) {
    for (const item of value) indexNode(item, base, index, depth + 1);
    return;
  }
  if (!isJsonObject(value) || index.baseOf.has(value)) return;
  let here = base;
  if (typeof value.$id === 'string') {
    const url = absolute(value.$id, base);
    if (url) {
      here = withoutFragment(url);
      if (!index.resources.has(here)) index.resources.set(here, value);
    }
  }
  index.baseOf.set(value, here);
  for (const key of ['$anchor', '$dynamicAnchor']) {
    const anchor = value[key];
    if (typeof anchor === 'string' && !index.anchors.has(`${here}#${anchor}`)) index.anchors.set(`${here}#${anchor}`, value);
  }
  for (const [key, child] of Object.entries(value)) {
    // Values of these keywords are data, not schemas: an `$id` inside an enum or default is not an identifier.
    if (key === 'enum' || key === 'const' || key === 'default' || key === 'examples') continue;
    indexNode(child, here, index, depth + 1);
  }
}

export function indexSchema(root: JsonObject): RefIndex {
  const index: RefIndex = { baseOf: new WeakMap(), resources: new Map(), anchors: new Map(), targets: new WeakMap(), targetCount: 0 };
  const url = typeof root.$id === 'string' ? absolute(root.$id, defaultBaseUri) : undefined;
  const rootBase = url ? withoutFragment(url) : defaultBaseUri;
  index.resources.set(rootBase, root);
  indexNode(root, defaultBaseUri, index, 0);
  return index;
}

/**
 * Resolves a $ref as 2020-12 does: against the base URI in force, to a schema resource of this document (by `$id`),
 * then by JSON pointer or `$anchor` inside it. Nothing outside the document is fetched.
 */
export function resolveRef(ref: string, base: string, index: RefIndex): ResolvedRef {
  const url = absolute(ref, base);
  if (!url) return { ok: false, reason: `$ref "${ref}" is not a valid URI reference` };
  const documentUri = withoutFragment(url);
  const document = index.resources.get(documentUri);
  if (!document) return { ok: false, reason: `$ref "${ref}" points outside this schema (not fetched)` };
  const hashAt = ref.indexOf('#');
  const fragment = hashAt >= 0 ? ref.slice(hashAt + 1) : '';
  let resolved: RefResolution;
  if (fragment === '' || fragment.startsWith('/')) {
    resolved = resolveLocalRef(`#${fragment}`, document);
  } else {
    const anchored = index.anchors.get(`${documentUri}#${decode(fragment)}`);
    resolved = anchored ? { ok: true, schema: anchored } : { ok: false, reason: `$ref "${ref}" names an anchor that this schema does not define` };
  }
  if (!resolved.ok) return resolved;
  let key = index.targets.get(resolved.schema);
  if (key === undefined) {
    index.targetCount += 1;
    key = `target ${index.targetCount}`;
    index.targets.set(resolved.schema, key);
  }
  return { ok: true, schema: resolved.schema, key };
}
