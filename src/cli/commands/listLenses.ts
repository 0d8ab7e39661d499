/**
 * Lint and the summary of a tools listing, made page by page beside the walk: each page is taken up once the walk
 * has asked for the next one (setImmediate runs while Loupe waits on the server), so by the time the last page
 * arrives only that page is left. `list --json` writes the items first, then these (listPages.ts).
 */
import type { Finding, ToolSummary } from '../../shared/lint.js';
import type { JsonObject } from '../../shared/json.js';
import { ToolLinter } from '../../core/lint/lintTools.js';
import { ToolSummaryCounter } from '../../core/lint/summarizeTools.js';

export class ToolLenses {
  readonly #linter = new ToolLinter();
  readonly #counter = new ToolSummaryCounter();
  readonly #waiting: { rows: readonly JsonObject[]; offset: number }[] = [];
  #scheduled = false;
  /** How many tools were taken up: the walk's items must be these pages, in order. */
  #taken = 0;

  /** A page of the walk, at this offset in the list; taken up when the process is next idle. */
  page(rows: readonly JsonObject[], offset: number): void {
    this.#waiting.push({ rows, offset });
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => this.#takeOne());
  }

  #takeOne(): void {
    this.#take(this.#waiting.shift());
    if (this.#waiting.length > 0) setImmediate(() => this.#takeOne());
    else this.#scheduled = false;
  }

  #take(page: { rows: readonly JsonObject[]; offset: number } | undefined): void {
    if (!page) return;
    this.#linter.add(page.rows, page.offset);
    this.#counter.add(page.rows);
    this.#taken = page.offset + page.rows.length;
  }

  /**
   * The findings and summary of a list of `count` items: the pages still waiting are taken up now. When the pages
   * given are not that list (a walk that went another way), its items, when given, are linted whole instead, so the
   * answer is always that of the list; without them that is a fault of the caller.
   */
  of(count: number, items?: readonly JsonObject[]): { findings: Finding[]; summary: ToolSummary } {
    while (this.#waiting.length > 0) this.#take(this.#waiting.shift());
    if (this.#taken !== count) {
      if (!items) throw new Error(`ToolLenses: ${this.#taken} tools were given, the list has ${count}`);
      const linter = new ToolLinter();
      const counter = new ToolSummaryCounter();
      linter.add(items, 0);
      counter.add(items);
      return { findings: linter.findings(), summary: counter.summary() };
    }
    return { findings: this.#linter.findings(), summary: this.#counter.summary() };
  }
}
