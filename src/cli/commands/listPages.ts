/**
 * What `loupe list` keeps of each page while the walk goes on, so that no page's items outlive what the output needs:
 * the table's cells (ItemTable), or for --json the items' text (ArrayText, the document's bytes as they were) and the
 * lint and summary taken up beside the walk (ToolLenses). The items themselves are kept only for --costs, whose token
 * counts need them whole. Holding 50,000 parsed items until the walk ended was most of a big listing's garbage
 * collection (bench/README.md, "Big lists").
 */
import type { JsonObject } from '../../shared/json.js';
import type { ListKind } from '../../shared/lists.js';
import type { StreamedList } from '../../core/lists/pageWalker.js';
import type { CliOptions } from '../arguments.js';
import { ItemTable } from '../format/itemTable.js';
import { ArrayText } from '../format/jsonLines.js';
import { ToolLenses } from './listLenses.js';
import type { ListParts } from './listOutput.js';

export class ListPages {
  readonly json: boolean;
  readonly #table: ItemTable;
  readonly #items = new ArrayText();
  readonly #lenses: ToolLenses | undefined;
  /** With --costs (tools): every item, for the token counts. */
  readonly #costItems: JsonObject[] | undefined;
  /** Pages given and not yet taken up. */
  readonly #waiting: { rows: readonly JsonObject[]; offset: number }[] = [];
  #scheduled = false;

  constructor(kind: ListKind, options: Pick<CliOptions, 'json' | 'costs'>) {
    this.json = options.json === true;
    this.#table = new ItemTable(kind);
    this.#lenses = this.json && kind === 'tools' ? new ToolLenses() : undefined;
    this.#costItems = options.costs === true && kind === 'tools' ? [] : undefined;
  }

  /**
   * The next page of the walk: its items, which start at `offset` in the list. It is taken up once the walk has
   * asked for the next page (a microtask: the request is written before the walk first waits), so the server makes
   * that page while this one is turned into cells or text; before then was on the walk's path, the server idle.
   */
  add(rows: readonly JsonObject[], offset: number): void {
    this.#waiting.push({ rows, offset });
    if (this.#scheduled) return;
    this.#scheduled = true;
    queueMicrotask(() => {
      this.#scheduled = false;
      this.#takeWaiting();
    });
  }

  /** Takes up every page given so far (the output reads nothing before). */
  #takeWaiting(): void {
    for (let page = this.#waiting.shift(); page; page = this.#waiting.shift())
      this.#take(page.rows, page.offset);
  }

  #take(rows: readonly JsonObject[], offset: number): void {
    if (this.json) {
      this.#items.add(rows);
      this.#lenses?.page(rows, offset);
    } else this.#table.add(rows);
    // One at a time: push(...rows) passes every item as an argument, and a huge page overflows the stack.
    if (this.#costItems) for (const row of rows) this.#costItems.push(row);
  }

  /** With --costs (tools): every item, every page given taken up. */
  get costItems(): readonly JsonObject[] | undefined {
    this.#takeWaiting();
    return this.#costItems;
  }

  /** The table, every page given taken up. */
  get table(): ItemTable {
    this.#takeWaiting();
    return this.#table;
  }

  /** The JSON document's parts for the walk that gave these pages. */
  parts(result: StreamedList): ListParts {
    this.#takeWaiting();
    const lenses = this.#lenses;
    let lensed: ReturnType<ToolLenses['of']> | undefined;
    const lens = () => {
      if (!lenses) throw new Error('ListPages: lint and the summary are made for a tools list only');
      return (lensed ??= lenses.of(result.itemCount));
    };
    return {
      result,
      items: this.#items,
      lens,
      ...(this.#costItems ? { costItems: this.#costItems } : {}),
    };
  }
}
