/** The tools filter ranks matches: exact name, name prefix, name substring, title, description. */
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../shared/json';
import {
  buildHaystacks,
  filterHaystacks,
  filterHaystacksTyped,
  matchRank,
  warmFilterWhenIdle,
} from './toolFilter';

/** 1,924 tools like a big real server: 107 whose description mentions "find", a few whose name does, one named find. */
function bigList(): JsonObject[] {
  const tools: JsonObject[] = [];
  for (let index = 0; index < 1924; index += 1) {
    const number = String(index).padStart(4, '0');
    tools.push({
      name: `tool_${number}`,
      title: `Tool ${number}`,
      description: index % 18 === 0 ? `Helps you find record ${number}` : `Does job ${number}`,
    });
  }
  tools[1500] = { name: 'find', title: 'Find', description: 'Find things' };
  tools[1200] = { name: 'find_files', description: 'Lists files' };
  tools[901] = { name: 'quick_find', description: 'Searches' };
  tools[700] = { name: 'lookup', title: 'Find by key', description: 'Looks a key up' };
  return tools;
}

describe('filterHaystacks ranking', () => {
  it('puts the tool named find first in a 1,924-tool list with 107 description matches', () => {
    const tools = bigList();
    const descriptionOnly = tools.filter((tool) => {
      const name = typeof tool.name === 'string' ? tool.name : '';
      const title = typeof tool.title === 'string' ? tool.title.toLowerCase() : '';
      return (
        !name.includes('find') &&
        !title.includes('find') &&
        (typeof tool.description === 'string' ? tool.description.toLowerCase() : '').includes('find')
      );
    });
    expect(tools).toHaveLength(1924);
    expect(descriptionOnly).toHaveLength(107);
    const positions = filterHaystacks(buildHaystacks(tools), 'find');
    const names = positions.map((position) => tools[position].name);
    expect(names.slice(0, 4)).toEqual(['find', 'find_files', 'quick_find', 'lookup']);
    expect(names).toHaveLength(4 + 107);
    // Description matches follow in list order.
    expect(positions.slice(4)).toEqual([...positions.slice(4)].sort((left, right) => left - right));
  });

  it('ranks each field and keeps list order within a rank; case and surrounding spaces do not matter', () => {
    const items: JsonObject[] = [
      { name: 'b', description: 'about Echo' },
      { name: 'reecho', title: 'x' },
      { name: 'c', title: 'Echo twice' },
      { name: 'echo_all' },
      { name: 'Echo' },
      { name: 'echoes' },
    ];
    expect(filterHaystacks(buildHaystacks(items), '  ECHO ')).toEqual([4, 3, 5, 1, 2, 0]);
    const haystacks = buildHaystacks(items);
    expect(haystacks.map((haystack) => matchRank(haystack, 'echo'))).toEqual([4, 2, 3, 1, 0, 1]);
    expect(matchRank(haystacks[0], 'zzz')).toBe(-1);
  });
});

describe('filterHaystacksTyped', () => {
  it('gives what filterHaystacks gives, key by key, typed, erased, pasted and retyped', () => {
    const words = ['alpha', 'beta', 'gamma', 'delta'];
    const items = Array.from({ length: 3_000 }, (_, index) => ({
      name: `tool_${String(index).padStart(4, '0')}_${words[index % 4]}`,
      ...(index % 7 === 0 ? { title: `Title ${index % 13}` } : {}),
      description: `Does ${words[(index * 3) % 4]} things, ${index % 11} of them`,
    }));
    const haystacks = buildHaystacks(items);
    const typed = [
      '1',
      '12',
      '123',
      '12',
      '1',
      '',
      '2',
      '2 ',
      '2 o',
      'ta',
      'TA',
      'tal',
      'del',
      'delta',
      'x',
      '0',
      '01',
    ];
    const pasted = [
      'beta things',
      'a',
      'ha',
      'al',
      'alp',
      '9 of',
      'tool_0042_gamma',
      'tool_0042_gamm',
      'tool_0042',
    ];
    for (const query of [...typed, ...pasted, ...typed.reverse()]) {
      const expected = filterHaystacks(haystacks, query);
      expect(filterHaystacksTyped(haystacks, query), `query "${query}"`).toEqual(expected);
    }
    expect(filterHaystacksTyped(haystacks, '123')).toEqual(filterHaystacks(haystacks, '123'));
    expect(filterHaystacksTyped(haystacks, 'tool_0042_gamma')).toEqual([42]);
  });
});

describe('warmFilterWhenIdle', () => {
  const items = Array.from({ length: 10_000 }, (_, index) => ({
    name: `tool_${index}`,
    description: `Does job ${index % 97}`,
  }));

  it('runs the search over every haystack a slice at a time, and leaves the results as they were', async () => {
    const haystacks = buildHaystacks(items);
    const done = await new Promise<number>((resolve) => warmFilterWhenIdle(haystacks, resolve));
    // 10,000 haystacks in slices of 4,096.
    expect(done).toBe(3);
    // Nothing it searched is kept as a query typed: a key after it gives the whole search's answer.
    for (const query of ['t', 'to', '1', '12', 'job 9'])
      expect(filterHaystacksTyped(haystacks, query), query).toEqual(filterHaystacks(haystacks, query));
  });

  it('stops when told (the list changed) and never finishes', async () => {
    const haystacks = buildHaystacks(items);
    let finished = false;
    const stop = warmFilterWhenIdle(haystacks, () => (finished = true));
    stop();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(finished).toBe(false);
  });
});
