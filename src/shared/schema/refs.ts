/** Local $ref resolution: JSON pointers into the same document (`#`, `#/$defs/X`, `#/definitions/X`, any path). */
import type { JsonObject, JsonValue } from '../json.js';
import { isJsonObject } from '../json.js';

export type RefResolution = { ok: true; schema: JsonObject } | { ok: false; reason: string };

function unescapePointer(token: string): string {
  return decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Resolves a $ref against the root document. Remote references are reported, never fetched. */
export function resolveLocalRef(ref: string, root: JsonObject): RefResolution {
  if (!ref.startsWith('#')) return { ok: false, reason: `$ref "${ref}" points outside this schema (not fetched)` };
  if (ref === '#' || ref === '#/') return { ok: true, schema: root };
  if (!ref.startsWith('#/')) return { ok: false, reason: `$ref "${ref}" uses an anchor, which is not supported` };
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
