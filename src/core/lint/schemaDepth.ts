/**
 * How deep a schema nests, measured without recursion. JSON.parse reads a schema 100,000 levels deep, but Ajv,
 * JSON.stringify and every recursive walk overflow the stack on it: lint measures first and checks only schemas
 * within the limit.
 */
import type { JsonValue } from '../../shared/json.js';

/** Levels of objects and arrays lint accepts in a schema; generous for any real tool (real ones nest under 20). */
export const defaultMaximumSchemaDepth = 256;

/** True when the value nests objects and arrays more than `limit` levels deep (the value itself is level 1). */
export function deeperThan(value: JsonValue, limit: number): boolean {
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
