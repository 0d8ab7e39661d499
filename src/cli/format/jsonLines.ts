/**
 * A JSON document written to the terminal a piece at a time. `list --json` of 50,000 tools is a 55 MB text: built
 * whole, it is one string on top of the items it came from (and the peak memory the speed issue measured). Written
 * here, each element of a top-level array is turned into text on its own and flushed in batches, so only one batch
 * is ever held as text. The text is the same as terminalJson(document, 2) for every value JSON.stringify can write
 * (a value nested past the iterative writer's indented levels is indented from its own element, parsing the same).
 *
 * A value may be made later (`Later`): when the writer reaches it, everything before it is written first, then it is
 * made. `list --json` puts its lenses (lint, summary, token costs) after the items that way, so they never hold back
 * the list itself. A `Later` that makes a promise is waited for by an async writer (printJson); the sync one refuses.
 */
import { terminalJson } from '../terminal.js';

/** How much text is gathered before one write: big enough that 50,000 items are not 50,000 writes. */
const batchCharacters = 1 << 16;

/** A document value made when the writer reaches it, after everything before it has gone out. */
export class Later {
  constructor(readonly make: () => unknown) {}
}

/**
 * A top-level array whose elements are turned into text as they arrive (`list --json` adds each page of the walk),
 * so the values need not be kept until the writer reaches the array: only their text is, a run per page. The writer
 * writes that text as it would have written the values, once: it lets each run go as it writes it.
 *
 * Runs joined past V8's largest young object (128 KiB), which the young collector does not copy, took ~5% less CPU
 * over 50,000 tools but 28 MiB more peak memory (234 against 206 MiB): the runs stay a page each.
 */
export class ArrayText {
  readonly #runs: string[] = [];
  #length = 0;

  /** Elements after those added before. */
  add(elements: readonly unknown[]): void {
    if (elements.length === 0) return;
    this.#runs.push(elementLines(elements, 0, elements.length));
    this.#length += elements.length;
  }

  get length(): number {
    return this.#length;
  }

  /** The text of the elements not yet written: runs of whole elements at the document's first level, in order. */
  get runs(): readonly string[] {
    return this.#runs;
  }

  /**
   * The runs, each let go once taken: the writer writes the array once, and what comes after it in the document (the
   * lenses of `list --json`) is made without the items' text still held.
   */
  *drain(): Generator<{ run: string; last: boolean }> {
    for (let run = this.#runs.shift(); run !== undefined; run = this.#runs.shift())
      yield { run, last: this.#runs.length === 0 };
  }
}

/** What the pieces pause on when a Later made a promise: the writer resumes them with its value. */
export class Pending {
  constructor(readonly promise: Promise<unknown>) {}
}

function omitted(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

const runOpen = '{\n  "run": [\n';
const runClose = '\n  ]\n}';

/**
 * The lines of elements from..from+count of an array held at the document's first level: the text of
 * `{"run": [those elements]}` indented by 2 holds them at exactly that depth (4 spaces, 2 more per level, a missing
 * element as null), so one call writes a run of them, with no re-indenting.
 */
function elementLines(array: readonly unknown[], from: number, count: number): string {
  const text = terminalJson({ run: array.slice(from, from + count) }, 2);
  return text.slice(runOpen.length, text.length - runClose.length);
}

function indented(text: string, pad: string): string {
  return text.replace(/\n/g, `\n${pad}`);
}

/** Writes document as terminalJson(document, 2) would, through out (which ends each piece with a newline). */
export function writeJsonDocument(out: (text: string) => void, document: Record<string, unknown>): void {
  const pieces = jsonDocumentPieces(document);
  for (let step = pieces.next(); !step.done; step = pieces.next()) {
    if (step.value instanceof Pending)
      throw new Error('writeJsonDocument: a Later made a promise; use printJson');
    out(step.value);
  }
}

/**
 * The pieces writeJsonDocument writes, each about 64 KB (without its last newline), made one at a time as they are
 * asked for: a writer that waits for a slow reader between pieces holds one piece as text, never the document. A
 * Later that makes a promise yields it as a Pending, and the writer passes its value back with `next(value)`.
 */
export function* jsonDocumentPieces(
  document: Record<string, unknown>,
): Generator<string | Pending, void, unknown> {
  const entries = Object.entries(document).filter(([, value]) => !omitted(value));
  if (entries.length === 0) {
    yield '{}';
    return;
  }
  let batch: string[] = [];
  let size = 0;
  function* line(text: string): Generator<string> {
    batch.push(text);
    size += text.length;
    if (size < batchCharacters) return;
    yield batch.join('\n');
    batch = [];
    size = 0;
  }
  yield* line('{');
  for (let index = 0; index < entries.length; index += 1) {
    const [key, given] = entries[index];
    let value = given;
    if (value instanceof Later) {
      // Everything before it goes out first: making it (a lens over the whole list) must not hold the list back.
      if (batch.length > 0) {
        yield batch.join('\n');
        batch = [];
        size = 0;
      }
      value = value.make();
      if (value instanceof Promise) value = yield new Pending(value);
      if (omitted(value)) value = null;
    }
    const comma = index < entries.length - 1 ? ',' : '';
    const name = `  ${terminalJson(key)}: `;
    if (value instanceof ArrayText) {
      if (value.length === 0) {
        yield* line(`${name}[]${comma}`);
        continue;
      }
      yield* line(`${name}[`);
      for (const { run, last } of value.drain()) yield* line(last ? run : `${run},`);
      yield* line(`  ]${comma}`);
    } else if (Array.isArray(value) && value.length > 0) {
      yield* line(`${name}[`);
      // Elements in runs of about one batch: each run is one stringify call, already at the document's indentation.
      let run = 16;
      for (let at = 0; at < value.length;) {
        const count = Math.min(run, value.length - at);
        const text = elementLines(value, at, count);
        at += count;
        yield* line(`${text}${at < value.length ? ',' : ''}`);
        run = Math.max(1, Math.min(4096, Math.floor((batchCharacters * count) / Math.max(1, text.length))));
      }
      yield* line(`  ]${comma}`);
    } else {
      yield* line(`${name}${indented(terminalJson(value, 2), '  ')}${comma}`);
    }
  }
  yield* line('}');
  yield batch.join('\n');
}
