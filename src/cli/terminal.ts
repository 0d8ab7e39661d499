/** Where the CLI writes, and making server text safe to print on a terminal. */

export interface Terminal {
  out(line: string): void;
  err(line: string): void;
  /** Raw text on stderr, no newline (progress that rewrites itself). */
  errRaw(text: string): void;
  /** True when stderr is a TTY (progress is shown only then). */
  stderrIsTty: boolean;
  /** Width for tables; undefined when stdout is not a terminal. */
  columns?: number;
}

export function processTerminal(): Terminal {
  return {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    errRaw: (text) => process.stderr.write(text),
    stderrIsTty: process.stderr.isTTY,
    columns: process.stdout.isTTY ? process.stdout.columns : undefined,
  };
}

/** Server text is hostile: control characters (escape sequences, carriage returns) are shown, not obeyed. */
export function printable(text: string): string {
  return text.replace(/\p{Cc}/gu, (character) => {
    if (character === '\n') return '↵';
    if (character === '\t') return ' ';
    return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

export function firstLine(text: string): string {
  return text.split(/\r?\n/).find((line) => line.trim() !== '')?.trim() ?? '';
}

export function truncate(text: string, width: number): string {
  const characters = [...text];
  return characters.length <= width ? text : `${characters.slice(0, Math.max(1, width - 1)).join('')}…`;
}

export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** "name version" of a serverInfo object, printable; "server" when it carries neither. */
export function serverLabel(serverInfo: unknown): string {
  if (typeof serverInfo !== 'object' || serverInfo === null) return 'server';
  const info = serverInfo as Record<string, unknown>;
  const name = typeof info.name === 'string' ? info.name : '';
  const version = typeof info.version === 'string' ? info.version : '';
  return printable(`${name} ${version}`.trim()) || 'server';
}
