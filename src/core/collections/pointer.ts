/** JSON Pointers (RFC 6901): reading a value, and a copy of a value with some pointers left out. */
import { isJsonObject, type JsonValue } from '../../shared/json.js';

/** The reference tokens of a pointer; undefined when it is not one ("" is the whole value, else it starts with "/"). */
export function pointerTokens(pointer: string): string[] | undefined {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return undefined;
  if (/~[^01]|~$/.test(pointer)) return undefined;
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function child(value: JsonValue, token: string): JsonValue | undefined {
  if (Array.isArray(value)) {
    if (!/^(0|[1-9]\d*)$/.test(token)) return undefined;
    return value[Number(token)];
  }
  if (isJsonObject(value))
    return Object.prototype.hasOwnProperty.call(value, token) ? value[token] : undefined;
  return undefined;
}

/** The value at the pointer, or undefined when nothing is there. */
export function valueAt(value: JsonValue | undefined, pointer: string): JsonValue | undefined {
  const tokens = pointerTokens(pointer);
  if (!tokens) return undefined;
  let current = value;
  for (const token of tokens) {
    if (current === undefined) return undefined;
    current = child(current, token);
  }
  return current;
}

/** A copy of the value without what the pointers address (the whole value for ""; array items removed in place). */
export function without(value: JsonValue | undefined, pointers: readonly string[]): JsonValue | undefined {
  if (value === undefined || pointers.length === 0) return value;
  const copy = structuredClone(value);
  for (const pointer of pointers) {
    const tokens = pointerTokens(pointer);
    if (!tokens) continue;
    if (tokens.length === 0) return undefined;
    const parent = valueAt(copy, `/${tokens.slice(0, -1).map(encodeToken).join('/')}`.replace(/^\/$/, ''));
    const last = tokens[tokens.length - 1];
    if (Array.isArray(parent) && /^(0|[1-9]\d*)$/.test(last)) parent.splice(Number(last), 1);
    else if (isJsonObject(parent)) delete parent[last];
  }
  return copy;
}

export function encodeToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Every leaf of a value with its pointer (the app offers each one to ignore). */
export function leafPointers(value: JsonValue, base = '', out: string[] = [], limit = 500): string[] {
  if (out.length >= limit) return out;
  if (Array.isArray(value) && value.length > 0)
    value.forEach((item, index) => leafPointers(item, `${base}/${index}`, out, limit));
  else if (isJsonObject(value) && Object.keys(value).length > 0)
    for (const [key, item] of Object.entries(value))
      leafPointers(item, `${base}/${encodeToken(key)}`, out, limit);
  else out.push(base);
  return out;
}
