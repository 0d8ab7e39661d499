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
