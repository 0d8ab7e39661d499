/** A line of server text for evidence or advice (the doctor's), in a module of its own so a listing loads no lint. */
const lineLength = 200;

/** A line of server text for evidence or advice: one line, cut to 200 characters. */
export function cutLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > lineLength ? `${line.slice(0, lineLength)}…` : line;
}
