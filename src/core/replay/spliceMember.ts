/**
 * Replaces one member's value in the raw text of a JSON object without re-serialising anything else: the
 * replayed frame keeps the recorded bytes, key order and whitespace, with only the JSON-RPC id (or a progress
 * token) swapped for the client's. A path names nested members (['params', 'progressToken']).
 */

/** Index just past the JSON string that starts at `start` (a '"'). */
function stringEnd(text: string, start: number): number {
  let index = start + 1;
  while (index < text.length) {
    const char = text.charCodeAt(index);
    if (char === 0x5c) index += 2;
    else if (char === 0x22) return index + 1;
    else index += 1;
  }
  return -1;
}

function skipSpace(text: string, start: number): number {
  let index = start;
  while (index < text.length && ' \t\r\n'.includes(text[index] ?? '')) index += 1;
  return index;
}

/** Index just past the JSON value that starts at `start`. */
function valueEnd(text: string, start: number): number {
  const first = text[start];
  if (first === '"') return stringEnd(text, start);
  if (first === '{' || first === '[') {
    let depth = 0;
    let index = start;
    while (index < text.length) {
      const char = text[index];
      if (char === '"') {
        index = stringEnd(text, index);
        if (index < 0) return -1;
        continue;
      }
      if (char === '{' || char === '[') depth += 1;
      else if (char === '}' || char === ']') {
        depth -= 1;
        if (depth === 0) return index + 1;
      }
      index += 1;
    }
    return -1;
  }
  let index = start;
  while (index < text.length && !',}] \t\r\n'.includes(text[index] ?? '')) index += 1;
  return index === start ? -1 : index;
}

/** [start, end) of the value of member `key` of the object whose '{' is at `objectStart`, or undefined. */
function memberSpan(text: string, objectStart: number, key: string): [number, number] | undefined {
  let index = skipSpace(text, objectStart + 1);
  while (index < text.length && text[index] === '"') {
    const keyEnd = stringEnd(text, index);
    if (keyEnd < 0) return undefined;
    let name: unknown;
    try {
      name = JSON.parse(text.slice(index, keyEnd));
    } catch {
      return undefined;
    }
    index = skipSpace(text, keyEnd);
    if (text[index] !== ':') return undefined;
    const start = skipSpace(text, index + 1);
    const end = valueEnd(text, start);
    if (end < 0) return undefined;
    if (name === key) return [start, end];
    index = skipSpace(text, end);
    if (text[index] !== ',') return undefined;
    index = skipSpace(text, index + 1);
  }
  return undefined;
}

/** The span of the value at `path` in the JSON object text, or undefined when a member is missing. */
export function findMember(raw: string, path: readonly string[]): [number, number] | undefined {
  let objectStart = skipSpace(raw, 0);
  let span: [number, number] | undefined;
  for (const key of path) {
    if (raw[objectStart] !== '{') return undefined;
    span = memberSpan(raw, objectStart, key);
    if (!span) return undefined;
    objectStart = span[0];
  }
  return span;
}

/** The text with the value at `path` replaced by `valueJson`, or undefined when there is no such member. */
export function spliceMember(raw: string, path: readonly string[], valueJson: string): string | undefined {
  const span = findMember(raw, path);
  if (!span) return undefined;
  return raw.slice(0, span[0]) + valueJson + raw.slice(span[1]);
}
