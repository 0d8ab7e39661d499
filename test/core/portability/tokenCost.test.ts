// Token costs stay counts where they can and say so where they cannot: a definition past the counting limit is
// counted in part and scaled, one nested too deep to serialise is not counted; neither takes the process down.
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
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
  it('counts a small definition exactly: the o200k tokens of its serialised OpenAI definition, and the list as one array', async () => {
    const cost = await contextCost([echo]);
    // The text a Chat Completions request carries for this tool, written out here rather than taken from the code.
    const serialised =
      '{"type":"function","function":{"name":"echo","description":"Echo the message back.","parameters":' +
      '{"type":"object","properties":{"message":{"type":"string"}}}}}';
    expect(cost.tools[0]).toMatchObject({ name: 'echo', index: 0 });
    expect(cost.tools[0].partial).toBeUndefined();
    // Counted independently with gpt-tokenizer's o200k encoder, and pinned (gpt-tokenizer 4.0.0).
    expect(cost.tools[0].o200k).toBe(encode(serialised).length);
    expect(cost.tools[0].o200k).toBe(34);
    // The whole `tools` array: the same text in brackets, one token more.
    expect(cost.total.o200k).toBe(encode(`[${serialised}]`).length);
    expect(cost.total.o200k).toBe(35);
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
