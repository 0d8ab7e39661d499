/** Structural equality of JSON values, key order ignored; iterative, so a value nested 100,000 deep does not overflow. */
import type { JsonValue } from '../../shared/json.js';
import { stringifyJson } from '../json/stringifyJson.js';

export function jsonEqual(left: JsonValue | undefined, right: JsonValue | undefined): boolean {
  const pending: [JsonValue | undefined, JsonValue | undefined][] = [[left, right]];
  while (pending.length > 0) {
    const [a, b] = pending.pop() as [JsonValue | undefined, JsonValue | undefined];
    if (a === b) continue;
    if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    if (Array.isArray(a) && Array.isArray(b)) {
      if (a.length !== b.length) return false;
      for (let index = 0; index < a.length; index += 1) pending.push([a[index], b[index]]);
      continue;
    }
    const aObject = a as Record<string, JsonValue>;
    const bObject = b as Record<string, JsonValue>;
    const keys = Object.keys(aObject);
    if (keys.length !== Object.keys(bObject).length) return false;
    for (const key of keys) {
      if (!Object.prototype.hasOwnProperty.call(bObject, key)) return false;
      pending.push([aObject[key], bObject[key]]);
    }
  }
  return true;
}

/** A value as one short line of JSON (cut with an ellipsis past `width` characters). */
export function shortJson(value: JsonValue | undefined, width = 60): string {
  if (value === undefined) return '(absent)';
  const text = stringifyJson(value);
  return text.length > width ? `${text.slice(0, width - 1)}…` : text;
}
