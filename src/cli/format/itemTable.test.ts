// `loupe list` makes its table page by page as the walk goes (ItemTable): the lines must be those of the whole list,
// every row there, the columns as wide as the widest cell of any page.
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../shared/json.js';
import { ItemTable, itemTable } from './itemTable.js';

const tools: JsonObject[] = Array.from({ length: 120 }, (_, index) => ({
  name: index === 77 ? `wide_${'w'.repeat(30)}` : `tool_${index}`,
  ...(index % 3 === 0 ? { title: `Title ${index}` } : {}),
  description: index === 5 ? 'first line\nsecond line' : `does thing ${index} \u202e`,
  inputSchema: { type: 'object', required: index % 2 === 0 ? ['query', 'limit'] : [] },
}));

function paged(size: number): string[] {
  const table = new ItemTable('tools');
  for (let at = 0; at < tools.length; at += size) table.add(tools.slice(at, at + size));
  expect(table.rows).toBe(tools.length);
  return [...table.lines()];
}

describe('ItemTable', () => {
  it('gives the lines of the whole list for pages of any size, every row in order', () => {
    const whole = [...itemTable('tools', tools)];
    expect(whole).toHaveLength(121);
    // The widest cells: a 35-character name on page 8 of 10s, "Title 117", "does thing 119 \\u202e" (21).
    expect(whole[0]).toBe(
      `${'NAME'.padEnd(35)}  ${'TITLE'.padEnd(9)}  ${'DESCRIPTION'.padEnd(21)}  REQUIRED`,
    );
    // A wide cell on a late page widens the column of every row, those of earlier pages too.
    expect(whole[1]).toBe(
      `${'tool_0'.padEnd(35)}  ${'Title 0'.padEnd(9)}  ${'does thing 0 \\u202e'.padEnd(21)}  query, limit`,
    );
    expect(whole[2]).toBe(`${'tool_1'.padEnd(35)}  ${''.padEnd(9)}  does thing 1 \\u202e`);
    expect(whole[6]).toBe(`${'tool_5'.padEnd(35)}  ${''.padEnd(9)}  first line`);
    expect(whole.slice(1).map((line) => line.split(' ')[0])).toEqual(tools.map((tool) => tool.name));
    for (const size of [1, 7, 50, 119, 120]) expect(paged(size)).toEqual(whole);
  });

  it('an empty list is the header alone', () => {
    expect([...new ItemTable('resources').lines()]).toEqual(['URI  NAME  MIME TYPE  DESCRIPTION']);
  });
});
