/**
 * How deeply a JSON text nests its objects and arrays, counted without parsing (strings skipped), so a
 * hostile file is refused before anything recursive (validation, JSON.stringify, structured clone, React)
 * meets it.
 */
export function jsonTextDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c)
        index++; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) deepest = Math.max(deepest, ++depth);
    else if (char === 0x7d || char === 0x5d) depth--;
  }
  return deepest;
}

/** Deeper than this, a snapshot is refused: real schemas nest a few dozen levels; the carriers fail in the thousands. */
export const maxSnapshotDepth = 1000;
