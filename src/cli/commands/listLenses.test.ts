// list --json lints each page beside the walk (ToolLenses, over lint's ToolLinter and the summary's counter): the
// findings and summary must be exactly those of the whole list, whatever the pages and whenever they are taken up.
import { describe, expect, it } from 'vitest';
import { lintTools } from '../../core/lint/lintTools.js';
import { summarizeTools } from '../../core/lint/summarizeTools.js';
import type { JsonObject } from '../../shared/json.js';
import { violatingTools } from '../../../test/servers/catalog.mjs';
import { ToolLenses } from './listLenses.js';

const tools: JsonObject[] = violatingTools();

function pages(items: readonly JsonObject[], size: number): { rows: JsonObject[]; offset: number }[] {
  const out: { rows: JsonObject[]; offset: number }[] = [];
  for (let offset = 0; offset < items.length; offset += size)
    out.push({ rows: items.slice(offset, offset + size), offset });
  return out;
}

describe('ToolLenses', () => {
  it('gives the findings and summary of the whole list for pages of any size, taken up while the walk waits', async () => {
    // The catalogue has a duplicate and a case collision across what become different pages.
    expect(tools.length).toBeGreaterThan(10);
    for (const size of [1, 3, 7, tools.length]) {
      const lenses = new ToolLenses();
      for (const page of pages(tools, size)) {
        lenses.page(page.rows, page.offset);
        await new Promise((resolve) => setImmediate(resolve));
      }
      const { findings, summary } = lenses.of(tools.length);
      expect(findings).toEqual(lintTools(tools));
      expect(summary).toEqual(summarizeTools(tools));
    }
  });

  it('takes up pages still waiting when asked, and lints the items themselves when they are not the pages given', () => {
    const lenses = new ToolLenses();
    for (const page of pages(tools, 4)) lenses.page(page.rows, page.offset);
    // Nothing was idle yet: every page is still waiting, and of() takes them up.
    expect(lenses.of(tools.length).findings).toEqual(lintTools(tools));

    const partial = new ToolLenses();
    partial.page(tools.slice(0, 4), 0);
    expect(partial.of(tools.length, tools)).toEqual({
      findings: lintTools(tools),
      summary: summarizeTools(tools),
    });
  });
});
