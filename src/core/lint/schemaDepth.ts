/**
 * How deep a schema nests, measured before anything recursive touches it. JSON.parse reads a schema 100,000 levels
 * deep, but Ajv, JSON.stringify and every unbounded recursive walk overflow the stack on it: lint measures first and
 * checks only schemas within the limit.
 */
import type { JsonValue } from '../../shared/json.js';

/** Levels of objects and arrays lint accepts in a schema; generous for any real tool (real ones nest under 20). */
export const defaultMaximumSchemaDepth = 256;

/**
 * Limits up to this are measured by a recursion that stops one level past the limit (so its stack never grows past
 * it) and allocates nothing; larger ones with an explicit stack. Lint measures every schema of a listing: the explicit
 * stack made an object per node, a twentieth of linting 50,000 tools.
 */
const recursiveLimit = 1024;

/** True when the value nests objects and arrays more than `limit` levels deep (the value itself is level 1). */
export function deeperThan(value: JsonValue, limit: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  return limit <= recursiveLimit ? nestsPast(value, 1, limit) : deeperByStack(value, limit);
}

/** Whether this object or array, at `depth`, or anything in it, sits deeper than `limit`. */
function nestsPast(node: object, depth: number, limit: number): boolean {
  if (depth > limit) return true;
  if (Array.isArray(node)) {
    for (let index = 0; index < node.length; index += 1) {
      const child: unknown = node[index];
      if (child !== null && typeof child === 'object' && nestsPast(child, depth + 1, limit)) return true;
    }
    return false;
  }
  const record = node as Record<string, unknown>;
  for (const key in record) {
    const child = record[key];
    if (child !== null && typeof child === 'object' && nestsPast(child, depth + 1, limit)) return true;
  }
  return false;
}

function deeperByStack(value: JsonValue, limit: number): boolean {
  const stack: { node: JsonValue; depth: number }[] = [{ node: value, depth: 1 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop() as { node: JsonValue; depth: number };
    if (node === null || typeof node !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (child !== null && typeof child === 'object') stack.push({ node: child, depth: depth + 1 });
    }
  }
  return false;
}
