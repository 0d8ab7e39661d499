/** The readable table of `loupe list`: one row per item, columns chosen per list kind. */
import type { JsonObject } from '../../shared/json.js';
import { isJsonObject, stringField } from '../../shared/json.js';
import type { ListKind, ListResult } from '../../shared/lists.js';
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
 * The table's lines, header first, made one at a time as they are written: only the cells (and their widths) of all
 * rows are held, never every rendered line at once.
 */
export function* itemTable(kind: ListKind, items: readonly JsonObject[]): Generator<string> {
  const columns = columnsByKind[kind];
  // Only a prefix of each value is escaped and measured: a 100 MB description costs no more than a short one.
  const rows = items.map((item) => columns.map((column) => printableCell(column.value(item), column.max)));
  const counts = rows.map((row) => row.map(characterCount));
  // A loop, not Math.max(...rows): 200,000 rows are more arguments than a call can take.
  const widths = columns.map((column) => column.header.length);
  for (const row of counts) row.forEach((count, index) => (widths[index] = Math.max(widths[index] ?? 0, count)));
  const render = (cells: string[], lengths: number[]) =>
    cells
      .map((cell, index) => (index === cells.length - 1 ? cell : cell + ' '.repeat((widths[index] ?? 0) - (lengths[index] ?? 0))))
      .join('  ')
      .trimEnd();
  const headers = columns.map((column) => column.header);
  yield render(headers, headers.map(characterCount));
  for (let index = 0; index < rows.length; index += 1) yield render(rows[index], counts[index]);
}

const kindNames: Record<ListKind, [string, string]> = {
  tools: ['tool', 'tools'],
  resources: ['resource', 'resources'],
  templates: ['resource template', 'resource templates'],
  prompts: ['prompt', 'prompts'],
};

/** "1,000 tools · 40 pages", and never "complete" when the walk stopped early. */
export function listFooter(result: ListResult): string {
  const [one, many] = kindNames[result.kind];
  const base = `${plural(result.items.length, one, many)} · ${plural(result.pages.length, 'page')}`;
  if (result.complete) return base;
  const where = result.error ? ` (${result.error.kind})` : '';
  const read = result.pages.length === 0 ? 'no page could be read' : `only the first ${plural(result.pages.length, 'page')} could be read`;
  return `${base} · INCOMPLETE${where}: ${read}`;
}
