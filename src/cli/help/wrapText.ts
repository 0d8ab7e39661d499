/** Plain-text wrapping for the terminal help: words filled to a width, every line after the first indented. */

/** `text` filled to `width` columns; the first line starts after `firstIndent` (already printed), the rest at `indent`. */
export function wrap(text: string, width: number, indent: number, firstIndent = indent): string {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  let room = width - firstIndent;
  for (const word of words) {
    if (line === '') line = word;
    else if (line.length + 1 + word.length <= room) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
      room = width - indent;
    }
  }
  if (line !== '') lines.push(line);
  return lines.join(`\n${' '.repeat(indent)}`);
}
