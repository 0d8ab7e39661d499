/**
 * `${env:NAME}` and `${capture:NAME}` in a collection's values. A string that is exactly one reference becomes the
 * value itself (a captured number stays a number); inside a longer string it is written in as text. `$${` is a
 * literal `${`. Values read from the environment are never written back: reports show `${env:NAME}` in their place.
 */
import { LoupeError } from '../../shared/errors.js';
import { isJsonObject, type JsonValue } from '../../shared/json.js';
import { stringifyJson } from '../json/stringifyJson.js';
import { namedSecretScrubber, type NamedSecret } from '../snapshot/secretText.js';

const reference = /(\$?)\$\{(env|capture):([A-Za-z_][A-Za-z0-9_.-]*)\}/g;
const whole = /^\$\{(env|capture):([A-Za-z_][A-Za-z0-9_.-]*)\}$/;

export interface Scope {
  env: Readonly<Record<string, string | undefined>>;
  captures: ReadonlyMap<string, JsonValue>;
  /** Environment values used so far, by name (for the redactor). */
  usedEnv: Map<string, string>;
  /**
   * The value as a report shows it: every `${env:NAME}` stays as written (nothing is read from the environment),
   * captures are filled in. What a report says was sent or expected is this, so no environment value, however
   * short, is shown where it was substituted.
   */
  shown?: boolean;
}

function namesIn(value: JsonValue, kind: 'env' | 'capture', out: Set<string>): Set<string> {
  if (typeof value === 'string') {
    if (!value.includes('${')) return out;
    for (const match of value.matchAll(reference))
      if (match[1] === '' && match[2] === kind) out.add(match[3]);
  } else if (Array.isArray(value)) for (const item of value) namesIn(item, kind, out);
  else if (isJsonObject(value)) for (const item of Object.values(value)) namesIn(item, kind, out);
  return out;
}

/** Whether any string in a value holds a `${` (only then can substitute change it). */
export function mentionsReference(value: JsonValue): boolean {
  if (typeof value === 'string') return value.includes('${');
  if (Array.isArray(value)) return value.some(mentionsReference);
  if (isJsonObject(value)) {
    for (const key in value) if (mentionsReference(value[key])) return true;
  }
  return false;
}

export const captureNamesIn = (value: JsonValue): Set<string> => namesIn(value, 'capture', new Set());
export const envNamesIn = (value: JsonValue): Set<string> => namesIn(value, 'env', new Set());

function lookUp(kind: string, name: string, scope: Scope): JsonValue {
  if (kind === 'env') {
    if (scope.shown === true) return `\${env:${name}}`;
    const value = scope.env[name];
    if (value === undefined)
      throw new LoupeError({
        kind: 'collection-invalid',
        message: `\${env:${name}}: the environment variable ${name} is not set`,
      });
    scope.usedEnv.set(name, value);
    return value;
  }
  const value = scope.captures.get(name);
  if (value === undefined)
    throw new LoupeError({
      kind: 'collection-invalid',
      message: `\${capture:${name}}: the step that captures it captured nothing`,
    });
  return value;
}

/** The value with every reference replaced. */
export function substitute<T extends JsonValue>(value: T, scope: Scope): T;
export function substitute(value: JsonValue, scope: Scope): JsonValue {
  if (typeof value === 'string') {
    const exact = whole.exec(value);
    if (exact) return lookUp(exact[1], exact[2], scope);
    if (!value.includes('${')) return value;
    return value.replace(reference, (match: string, escape: string, kind: string, name: string) => {
      if (escape === '$') return match.slice(1);
      const found = lookUp(kind, name, scope);
      return typeof found === 'string' ? found : stringifyJson(found);
    });
  }
  if (Array.isArray(value)) return value.map((item) => substitute(item, scope));
  if (isJsonObject(value)) {
    const out: Record<string, JsonValue> = {};
    for (const [key, item] of Object.entries(value)) out[key] = substitute(item, scope);
    return out;
  }
  return value;
}

/**
 * Environment values shorter than this are not searched for in free text (a server's answer, an error message):
 * scrubbing "ab" from every string would shred the report and tell nothing of where a value was. They never show
 * where they were substituted (reports show the step as written, `shown` above); a server that echoes one is not
 * caught. Longer values are scrubbed in every form text can hold them (secretText.ts).
 */
export const minimumScrubbedLength = 3;

/** Each environment value used, with the `${env:NAME}` that takes its place in a report. */
export function envSecrets(usedEnv: ReadonlyMap<string, string>): NamedSecret[] {
  return [...usedEnv].map(([name, value]) => ({ value, replacement: `\${env:${name}}` }));
}

/**
 * Replaces every environment value used (3 characters or more) by its `${env:NAME}` in the strings (and keys) of a
 * value: literally, JSON-escaped at any depth, \\u-escaped, URL-encoded.
 */
export function redactor(usedEnv: ReadonlyMap<string, string>): <T>(value: T) => T {
  const text = namedSecretScrubber(envSecrets(usedEnv), minimumScrubbedLength);
  if (text === undefined) return <T>(value: T): T => value;
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return text(value);
    if (Array.isArray(value)) return value.map(walk);
    if (value !== null && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) out[text(key)] = walk(item);
      return out;
    }
    return value;
  };
  return <T>(value: T): T => walk(value) as T;
}
