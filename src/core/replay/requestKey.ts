/**
 * How a replay matches a request to a recorded one: the method, the item it names (tool or prompt name, resource
 * uri, completion ref) and its arguments as canonical JSON (keys sorted at every depth). The `_meta` envelope is
 * left out (a modern client sends its protocol version and capabilities there on every request, a legacy one its
 * progress token), and so is a list's cursor, which lists match on by itself.
 */
import { isJsonObject, type JsonObject, type JsonValue } from '../../shared/json.js';

export const listMethodNames = [
  'tools/list',
  'resources/list',
  'resources/templates/list',
  'prompts/list',
] as const;
export const handshakeMethods = ['initialize', 'server/discover'] as const;

export function isListMethod(method: string): boolean {
  return (listMethodNames as readonly string[]).includes(method);
}

export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isJsonObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The params without `_meta`. */
export function matchedParams(params: JsonObject | undefined): JsonObject {
  if (!params) return {};
  const { _meta: _left, ...rest } = params;
  return rest;
}

/** What the request is about, in words a miss message can use: the tool or prompt name, the uri, the ref. */
export function requestSubject(params: JsonObject | undefined): string | undefined {
  if (!params) return undefined;
  if (typeof params.name === 'string') return params.name;
  if (typeof params.uri === 'string') return params.uri;
  const ref: JsonValue | undefined = params.ref;
  if (isJsonObject(ref))
    return typeof ref.name === 'string' ? ref.name : typeof ref.uri === 'string' ? ref.uri : undefined;
  return undefined;
}

export function cursorOf(params: JsonObject | undefined): string | undefined {
  const cursor = params?.cursor;
  return typeof cursor === 'string' ? cursor : undefined;
}

/** The key a request is matched on. */
export function requestKey(method: string, params: JsonObject | undefined): string {
  if ((handshakeMethods as readonly string[]).includes(method)) return method;
  if (isListMethod(method)) return `${method}\u0000${cursorOf(params) ?? ''}`;
  return `${method}\u0000${canonicalJson(matchedParams(params))}`;
}
