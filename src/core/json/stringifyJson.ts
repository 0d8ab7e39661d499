/**
 * JSON.stringify that also writes values nested deeper than the call stack allows. A server can send a schema
 * 100,000 levels deep: JSON.parse reads it, but JSON.stringify (and every recursive walk) throws RangeError.
 * The common case stays JSON.stringify itself; only when it runs out of stack does the iterative writer below
 * produce the same text (toJSON honoured, undefined and functions left out of objects and null in arrays,
 * non-finite numbers as null, circular references a TypeError). Indentation stops at `indentedLevels`: below
 * that the text is compact, since indenting 100,000 levels would take billions of spaces.
 */

type Step = { text: string } | { release: object } | { value: unknown; depth: number };

/** Levels indented when pretty-printing; deeper ones are written compactly (same value, parses the same). */
export const indentedLevels = 64;

function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError && /call stack/i.test(error.message);
}

/** The value JSON.stringify would write for value under key: toJSON applied. */
function prepared(key: string, value: unknown): unknown {
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return (value as { toJSON(key: string): unknown }).toJSON(key);
  }
  return value;
}

function omitted(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

function scalar(value: unknown): string {
  if (value === null || typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') throw new TypeError('Do not know how to serialize a BigInt');
  return 'null';
}

/** The iterative writer: an explicit stack of pending texts and values instead of recursion. */
export function stringifyIteratively(root: unknown, indent = 0): string | undefined {
  const gap = ' '.repeat(Math.max(0, Math.min(10, Math.floor(indent))));
  const first = prepared('', root);
  if (omitted(first)) return undefined;
  const parts: string[] = [];
  const stack: Step[] = [{ value: first, depth: 0 }];
  /** Objects on the path being written, to refuse circular structures as JSON.stringify does. */
  const path = new Set<object>();
  while (stack.length > 0) {
    const step = stack.pop() as Step;
    if ('text' in step) {
      parts.push(step.text);
      continue;
    }
    if ('release' in step) {
      path.delete(step.release);
      continue;
    }
    const { value, depth } = step;
    if (value === null || typeof value !== 'object') {
      parts.push(scalar(value));
      continue;
    }
    if (path.has(value)) throw new TypeError('Converting circular structure to JSON');
    const indented = gap !== '' && depth < indentedLevels;
    const inner = indented ? `\n${gap.repeat(depth + 1)}` : '';
    const outer = indented ? `\n${gap.repeat(depth)}` : '';
    const entries: Step[] = [];
    const isArray = Array.isArray(value);
    if (isArray) {
      value.forEach((item: unknown, index) => {
        const ready = prepared(String(index), item);
        entries.push({ text: `${index === 0 ? '' : ','}${inner}` }, omitted(ready) ? { text: 'null' } : { value: ready, depth: depth + 1 });
      });
    } else {
      for (const [key, item] of Object.entries(value)) {
        const ready = prepared(key, item);
        if (omitted(ready)) continue;
        entries.push({ text: `${entries.length === 0 ? '' : ','}${inner}${JSON.stringify(key)}:${indented ? ' ' : ''}` }, { value: ready, depth: depth + 1 });
      }
    }
    const [open, close] = isArray ? ['[', ']'] : ['{', '}'];
    if (entries.length === 0) {
      parts.push(`${open}${close}`);
      continue;
    }
    path.add(value);
    parts.push(open);
    stack.push({ release: value }, { text: `${outer}${close}` });
    for (let index = entries.length - 1; index >= 0; index -= 1) stack.push(entries[index]);
  }
  return parts.join('');
}

/** JSON text of a value, as JSON.stringify(value, null, indent), at any depth ('' for a value it leaves out). */
export function stringifyJson(value: unknown, indent?: number): string {
  try {
    return JSON.stringify(value, null, indent) ?? '';
  } catch (error) {
    if (!isStackOverflow(error)) throw error;
    return stringifyIteratively(value, indent) ?? '';
  }
}
