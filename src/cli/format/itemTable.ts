/** The readable table of `loupe list`: one row per item, columns chosen per list kind. */
import type { JsonObject } from '../../shared/json.js';
import { isJsonObject, stringField } from '../../shared/json.js';
import type { ListKind, ListResult } from '../../shared/lists.js';
import type { StreamedList } from '../../core/lists/pageWalker.js';
import { firstLine, plural, printableCell } from '../terminal.js';

interface Column {
  header: string;
  /** Most characters the column may take before truncation. */
  max: number;
  value(item: JsonObject): string;
}

function requiredArguments(item: JsonObject): string {
  const schema = item.inputSchema;
  if (isJsonObject(schema) && Array.isArray(schema.required)) {
    return schema.required.filter((name): name is string => typeof name === 'string').join(', ');
  }
  if (Array.isArray(item.arguments)) {
    return item.arguments
      .filter((argument): argument is JsonObject => isJsonObject(argument) && argument.required === true)
      .map((argument) => stringField(argument, 'name') ?? '?')
      .join(', ');
  }
  return '';
}

const text = (key: string) => (item: JsonObject) => stringField(item, key) ?? '';
const description = (item: JsonObject) => firstLine(stringField(item, 'description') ?? '');

const columnsByKind: Record<ListKind, Column[]> = {
  tools: [
    { header: 'NAME', max: 48, value: text('name') },
    { header: 'TITLE', max: 32, value: text('title') },
    { header: 'DESCRIPTION', max: 64, value: description },
    { header: 'REQUIRED', max: 40, value: requiredArguments },
  ],
  prompts: [
    { header: 'NAME', max: 48, value: text('name') },
    { header: 'TITLE', max: 32, value: text('title') },
    { header: 'DESCRIPTION', max: 64, value: description },
    { header: 'REQUIRED', max: 40, value: requiredArguments },
  ],
  resources: [
    { header: 'URI', max: 56, value: text('uri') },
    { header: 'NAME', max: 32, value: text('name') },
    { header: 'MIME TYPE', max: 24, value: text('mimeType') },
    { header: 'DESCRIPTION', max: 56, value: description },
  ],
  templates: [
    { header: 'URI TEMPLATE', max: 56, value: text('uriTemplate') },
    { header: 'NAME', max: 32, value: text('name') },
    { header: 'MIME TYPE', max: 24, value: text('mimeType') },
    { header: 'DESCRIPTION', max: 56, value: description },
  ],
};

/** Code points of a short cell (each cell is already truncated). */
function characterCount(cell: string): number {
  let count = 0;
  for (const _character of cell) count += 1;
  return count;
}

/**
 * The table of `loupe list`, made page by page as the walk goes: each item is turned into its cells when added and
 * is not kept, so a 50,000-row table holds its cells and their widths, not the items (whose retention through the
 * walk was most of a big listing's garbage collection). The lines are made one at a time as they are written.
 */
export class ItemTable {
  readonly #columns: Column[];
  /** Every row's cells, row after row. */
  readonly #cells: string[] = [];
  /** The code points of each cell, in the same order. */
  readonly #counts: number[] = [];
  readonly #widths: number[];

  constructor(kind: ListKind) {
    this.#columns = columnsByKind[kind];
    this.#widths = this.#columns.map((column) => column.header.length);
  }

  /** Rows of these items, after the rows added before. */
  add(items: readonly JsonObject[]): void {
    const columns = this.#columns;
    const widths = this.#widths;
    for (const item of items) {
      for (let index = 0; index < columns.length; index += 1) {
        const column = columns[index];
        // Only a prefix of each value is escaped and measured: a 100 MB description costs no more than a short one.
        const cell = printableCell(column.value(item), column.max);
        const count = characterCount(cell);
        this.#cells.push(cell);
        this.#counts.push(count);
        if (count > widths[index]) widths[index] = count;
      }
    }
  }

  /** How many rows were added. */
  get rows(): number {
    return this.#cells.length / this.#columns.length;
  }

  /** The table's lines, header first. */
  *lines(): Generator<string> {
    const headers = this.#columns.map((column) => column.header);
    yield this.#render(headers, headers.map(characterCount), 0);
    const width = this.#columns.length;
    for (let at = 0; at < this.#cells.length; at += width) yield this.#render(this.#cells, this.#counts, at);
  }

  /** The row whose cells start at `at`: each cell but the last padded to its column, two spaces between. */
  #render(cells: readonly string[], counts: readonly number[], at: number): string {
    const last = this.#columns.length - 1;
    let line = '';
    for (let index = 0; index < last; index += 1)
      line += `${cells[at + index]}${' '.repeat(this.#widths[index] - counts[at + index])}  `;
    return `${line}${cells[at + last]}`.trimEnd();
  }
}

/** The table's lines for items held whole (the same lines as ItemTable, page by page). */
export function* itemTable(kind: ListKind, items: readonly JsonObject[]): Generator<string> {
  const table = new ItemTable(kind);
  table.add(items);
  yield* table.lines();
}

const kindNames: Record<ListKind, [string, string]> = {
  tools: ['tool', 'tools'],
  resources: ['resource', 'resources'],
  templates: ['resource template', 'resource templates'],
  prompts: ['prompt', 'prompts'],
};

/** "1,000 tools · 40 pages", and never "complete" when the walk stopped early. */
export function listFooter(result: ListResult | StreamedList): string {
  const [one, many] = kindNames[result.kind];
  const count = 'items' in result ? result.items.length : result.itemCount;
  const base = `${plural(count, one, many)} · ${plural(result.pages.length, 'page')}`;
  if (result.complete) return base;
  const where = result.error ? ` (${result.error.kind})` : '';
  const read =
    result.pages.length === 0
      ? 'no page could be read'
      : `only the first ${plural(result.pages.length, 'page')} could be read`;
  return `${base} · INCOMPLETE${where}: ${read}`;
}
