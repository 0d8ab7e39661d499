// Token costs stay counts where they can and say so where they cannot: a definition past the counting limit is
// counted in part and scaled, one nested too deep to serialise is not counted; neither takes the process down.
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../../src/shared/json.js';
import { contextCost, countingLimit } from '../../../src/core/portability/tokenCost.js';

const echo: JsonObject = {
  name: 'echo',
  description: 'Echo the message back.',
  inputSchema: { type: 'object', properties: { message: { type: 'string' } } },
};

function deep(levels: number): JsonObject {
  let schema: JsonObject = { type: 'string' };
  for (let level = 0; level < levels; level += 1) schema = { type: 'object', properties: { inner: schema } };
  return schema;
}

describe('context cost', () => {
  it('counts a small definition exactly and the list as one array', async () => {
    const cost = await contextCost([echo]);
    // {"type":"function","function":{"name":"echo","description":"Echo the message back.","parameters":{…}}}
    expect(cost.tools[0]).toMatchObject({ name: 'echo', index: 0 });
    expect(cost.tools[0].partial).toBeUndefined();
    expect(cost.tools[0].o200k).toBeGreaterThan(20);
    expect(cost.tools[0].o200k).toBeLessThan(60);
    // The array's brackets: a token or two, merged with the neighbours.
    expect(cost.total.o200k).toBeGreaterThan(cost.tools[0].o200k);
    expect(cost.total.o200k).toBeLessThanOrEqual(cost.tools[0].o200k + 2);
    expect(cost.partialTools).toBeUndefined();
  });

  it('scales a description past the counting limit, and marks it', async () => {
    const long = { ...echo, name: 'long', description: 'word '.repeat((countingLimit * 3) / 5) };
    const cost = await contextCost([echo, long]);
    const entry = cost.tools.find((tool) => tool.name === 'long');
    expect(entry?.partial).toBe('extrapolated');
    // "word " is one token in o200k: 120,000 of them, three times the counting limit's worth.
    expect(entry?.o200k).toBeGreaterThan(115_000);
    expect(entry?.o200k).toBeLessThan(125_000);
    expect(cost.tools[0].name).toBe('long');
    expect(cost.partialTools).toBe(1);
  });

  it('does not count a schema nested too deep to serialise, and says so', async () => {
    const cost = await contextCost([echo, { name: 'abyss', inputSchema: deep(100_000) }]);
    expect(cost.tools.find((tool) => tool.name === 'abyss')).toMatchObject({
      o200k: 0,
      partial: 'not-counted',
    });
    expect(cost.total.o200k).toBe(cost.tools.find((tool) => tool.name === 'echo')?.o200k);
  });

  it('counts a special-token string in server text as plain text instead of failing', async () => {
    const cost = await contextCost([{ ...echo, description: 'Echo <|endoftext|> back.' }]);
    expect(cost.tools[0].o200k).toBeGreaterThan(20);
    expect(cost.tools[0].partial).toBeUndefined();
  });
});
