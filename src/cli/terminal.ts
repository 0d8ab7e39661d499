/** Where the CLI writes, and making server text safe to print on a terminal. */
import { stringifyJson } from '../core/json/stringifyJson.js';

export interface Terminal {
  out(line: string): void;
  err(line: string): void;
  /** Raw text on stderr, no newline (progress that rewrites itself). */
  errRaw(text: string): void;
  /** True when stderr is a TTY (progress is shown only then). */
  stderrIsTty: boolean;
  /** Width for tables; undefined when stdout is not a terminal. */
  columns?: number;
  /** Resolves once what `out` wrote has been taken by the reader (at once when nothing is queued). */
  drained?(): Promise<void>;
}

export function processTerminal(): Terminal {
  return {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    errRaw: (text) => process.stderr.write(text),
    stderrIsTty: process.stderr.isTTY,
    // Read when asked: opening process.stdout makes descriptor 1 non-blocking, which `loupe tap`'s forwarding
    // thread (blocking writes to it) would then have to poll.
    get columns() {
      return process.stdout.isTTY ? process.stdout.columns : undefined;
    },
    drained: () => {
      const stdout = process.stdout;
      if (!stdout.writableNeedDrain) return Promise.resolve();
      return new Promise((resolve) => {
        const done = () => {
          stdout.off('drain', done).off('close', done).off('error', done);
          resolve();
        };
        stdout.on('drain', done).on('close', done).on('error', done);
      });
    },
  };
}

/**
 * Lines joined into pieces of about `size` characters (without the last newline, which `out` adds), so a table of
 * 50,000 rows is a few hundred writes instead of 50,000: stdout to a pipe is written synchronously, one system
 * call each. The bytes are the same as one `out` per line.
 */
export function* linePieces(lines: Iterable<string>, size = 64 * 1024): Generator<string> {
  let piece: string[] = [];
  let length = 0;
  for (const line of lines) {
    piece.push(line);
    length += line.length + 1;
    if (length >= size) {
      yield piece.join('\n');
      piece = [];
      length = 0;
    }
  }
  if (piece.length > 0) yield piece.join('\n');
}

/**
 * Characters a terminal obeys rather than shows: C0 controls, DEL, C1 controls (U+0080–U+009F, where U+009B is
 * a one-byte CSI) and the bidirectional controls that reorder what follows them (U+061C, U+200E–U+200F,
 * U+202A–U+202E, U+2066–U+2069). Line and paragraph separators are here too: some terminals break on them.
 */
const obeyed = /[\p{Cc}\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

/** The same set less C0: JSON.stringify escapes C0 inside strings, and its own newlines are layout. */
const obeyedInJson = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

const escapeCode = (character: string): string =>
  `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * Server text made inert for a terminal, the one scheme every line of the CLI uses: each obeyed character is
 * written as its visible escape `\u001b`, `\u009b`, `\u202e`…; a newline shows as ↵ and a tab as a space.
 */
export function printable(text: string): string {
  return text.replace(obeyed, (character) => {
    if (character === '\n') return '↵';
    if (character === '\t') return ' ';
    return escapeCode(character);
  });
}

/**
 * JSON text for the terminal: JSON.stringify already escapes C0 controls; the C1, bidi and separator characters it
 * leaves raw are written as \uXXXX escapes too, so the output is inert when piped to a terminal and parses back to
 * the same value. Values nested too deep for JSON.stringify are written by the iterative writer.
 */
export function terminalJson(value: unknown, indent?: number): string {
  return stringifyJson(value, indent).replace(obeyedInJson, escapeCode);
}

/** The first non-blank line, trimmed; looks at no more of a huge text than it needs. */
export function firstLine(text: string): string {
  const pattern = /[^\n]*(?:\n|$)/y;
  while (pattern.lastIndex < text.length) {
    const start = pattern.lastIndex;
    const match = pattern.exec(text);
    if (!match || match[0] === '') break;
    const line = match[0].trim();
    if (line !== '') return line;
    if (pattern.lastIndex === start) break;
  }
  return '';
}

/** At most `width` characters (code points), the last one an ellipsis when cut; reads only the prefix it keeps. */
export function truncate(text: string, width: number): string {
  const keep = Math.max(1, width - 1);
  let cut = 0;
  for (let index = 0, count = 0; index < text.length; count += 1) {
    if (count === keep) cut = index;
    if (count === width) return `${text.slice(0, cut)}…`;
    index += (text.codePointAt(index) ?? 0) > 0xffff ? 2 : 1;
  }
  return text;
}

/**
 * Server text as one inert cell of at most `width` characters: escaped, then cut, never in the middle of an
 * escape (a cut `\u00…` would read as a different character).
 */
export function printableCell(text: string, width: number): string {
  const cell = truncate(printable(prefix(text, width)), width);
  return cell.endsWith('…') ? cell.replace(/\\u[0-9a-f]{0,3}…$/, '…') : cell;
}

/** A prefix of server text short enough to escape and measure cheaply (the whole text when already short). */
export function prefix(text: string, characters: number): string {
  const units = characters * 2 + 2;
  return text.length <= units ? text : text.slice(0, units);
}

/**
 * A number with thousands grouped as en-US writes it ("50,000"). Whole numbers are grouped here: the first
 * toLocaleString of a process builds ICU's number formatter, which took ~15 ms of every `loupe list` for its footer.
 */
export function formatCount(value: number): string {
  if (!Number.isSafeInteger(value) || Object.is(value, -0)) return value.toLocaleString('en-US');
  const digits = String(Math.abs(value));
  let grouped = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let at = grouped.length; at < digits.length; at += 3) grouped += `,${digits.slice(at, at + 3)}`;
  return value < 0 ? `-${grouped}` : grouped;
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
