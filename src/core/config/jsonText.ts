/**
 * JSON as client configs write it: VS Code and Cursor accept comments and trailing commas (JSONC), so Loupe
 * does too. Comments and trailing commas become spaces (positions stay where they were), then JSON.parse; a
 * failure names the line and column.
 */

/** The text with comments and trailing commas blanked out, same length; strings are left as they are. */
export function blankJsonComments(text: string): string {
  const out = text.split('');
  let index = 0;
  let pendingComma = -1;
  const blank = (from: number, to: number): void => {
    for (let position = from; position < to; position += 1) if (out[position] !== '\n') out[position] = ' ';
  };
  while (index < text.length) {
    const character = text[index];
    if (character === '"') {
      pendingComma = -1;
      index += 1;
      while (index < text.length && text[index] !== '"') index += text[index] === '\\' ? 2 : 1;
      index += 1;
    } else if (character === '/' && text[index + 1] === '/') {
      const end = text.indexOf('\n', index);
      const stop = end === -1 ? text.length : end;
      blank(index, stop);
      index = stop;
    } else if (character === '/' && text[index + 1] === '*') {
      const end = text.indexOf('*/', index + 2);
      const stop = end === -1 ? text.length : end + 2;
      blank(index, stop);
      index = stop;
    } else if (character === ',') {
      pendingComma = index;
      index += 1;
    } else if (character === '}' || character === ']') {
      if (pendingComma >= 0) out[pendingComma] = ' ';
      pendingComma = -1;
      index += 1;
    } else {
      if (!/\s/.test(character)) pendingComma = -1;
      index += 1;
    }
  }
  return out.join('');
}

/** "line 3, column 7" for a character offset. */
export function linePosition(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return `line ${line}, column ${column}`;
}

/** Parses JSON or JSONC; throws an Error whose message names the line and column of the fault. */
export function parseJsonText(text: string): unknown {
  const cleaned = blankJsonComments(text.replace(/^\uFEFF/, ''));
  try {
    return JSON.parse(cleaned);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const match = /position (\d+)/.exec(message);
    if (cleaned.trim() === '') throw new Error('the file is empty', { cause: error });
    if (!match) throw new Error(message, { cause: error });
    throw new Error(
      `${message.replace(/ in JSON at position \d+.*$/, '')} at ${linePosition(cleaned, Number(match[1]))}`,
      { cause: error },
    );
  }
}
