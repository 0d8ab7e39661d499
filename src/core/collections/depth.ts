/**
 * How deep a JSON value nests, found without recursion. Substitution, containment, diffs, structuredClone and
 * JSON.stringify all recurse, and V8's stack ends near 2,000 levels for some of them: a collection value nested
 * deeper than `maximumDepth` is refused when the file is read (collection-invalid), and a result that deep is an
 * invalid response of the step, not a crash of the run.
 */
import { encodeToken } from './pointer.js';

/** Levels of arrays and objects a collection's value, or a result judged, may nest. */
export const maximumDepth = 256;

/**
 * The JSON Pointer of the first value nested deeper than `limit` levels (its first 8 tokens, then "/…"), or
 * undefined when the whole value is within it. Iterative: the value may be 100,000 levels deep.
 */
export function tooDeepAt(value: unknown, limit = maximumDepth): string | undefined {
  return nestsDeeper(value, limit) ? deepPath(value, limit) : undefined;
}

/**
 * Whether a value nests deeper than `limit`: every step's result is checked, so no object or path is made per value
 * (the values and their depths on two stacks); the path is found only for a value that is too deep.
 */
function nestsDeeper(value: unknown, limit: number): boolean {
  const values: unknown[] = [value];
  const depths: number[] = [0];
  while (values.length > 0) {
    const item = values.pop();
    const depth = (depths.pop() ?? 0) + 1;
    if (item === null || typeof item !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Array.isArray(item) ? (item as unknown[]) : Object.values(item))
      if (child !== null && typeof child === 'object') {
        values.push(child);
        depths.push(depth);
      }
  }
  return false;
}

/** The pointer of the first value nested deeper than `limit` (tooDeepAt's answer), keeping each value's path. */
function deepPath(value: unknown, limit: number): string | undefined {
  const stack: { value: unknown; depth: number; path: string[] }[] = [{ value, depth: 0, path: [] }];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item === undefined) break;
    if (item.value === null || typeof item.value !== 'object') continue;
    const depth = item.depth + 1;
    if (depth > limit) {
      const shown = item.path.slice(0, 8).map((token) => `/${encodeToken(token)}`);
      return `${shown.join('')}${item.path.length > 8 ? '/…' : ''}`;
    }
    const entries: [string, unknown][] = Array.isArray(item.value)
      ? item.value.map((child, index): [string, unknown] => [String(index), child])
      : Object.entries(item.value);
    for (const [key, child] of entries)
      if (child !== null && typeof child === 'object')
        stack.push({ value: child, depth, path: item.path.length < 9 ? [...item.path, key] : item.path });
  }
  return undefined;
}
