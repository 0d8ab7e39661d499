/**
 * The number literal of a JSON text that JSON.parse could not hold (1e999 becomes Infinity), for a message that
 * says what is really wrong. Looked for after the key of the field the check stopped at ("roundTripMs" of
 * `roundTripMs`, "t" of `frames[3].t`); undefined when the text does not show it plainly.
 */
const numberAfterKey = (key: string): RegExp =>
  new RegExp(
    `(?<!\\\\)"${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"\\s*:\\s*(-?(?:0|[1-9]\\d*)(?:\\.\\d+)?(?:[eE][+-]?\\d+)?)`,
    'g',
  );

/** The last key of a problem path: `frames[3].t` → `t`; undefined for an array element (`toolNames[2]`). */
function lastKey(path: string): string | undefined {
  const match = /(?:^|\.)([^.[\]]+)$/.exec(path);
  return match?.[1];
}

export function overflowLiteral(text: string, path: string): string | undefined {
  const key = lastKey(path);
  if (key === undefined) return undefined;
  for (const match of text.matchAll(numberAfterKey(key))) {
    const literal = match[1] ?? '';
    if (!Number.isFinite(Number(literal))) return literal.length > 40 ? `${literal.slice(0, 40)}…` : literal;
  }
  return undefined;
}
