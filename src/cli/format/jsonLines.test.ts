import { describe, expect, it } from 'vitest';
import { terminalJson } from '../terminal.js';
import { ArrayText, writeJsonDocument } from './jsonLines.js';

function written(document: Record<string, unknown>): { text: string; writes: number } {
  const pieces: string[] = [];
  writeJsonDocument((text) => pieces.push(`${text}\n`), document);
  return { text: pieces.join(''), writes: pieces.length };
}

describe('writeJsonDocument', () => {
  it('writes the same text as the whole document stringified, for every shape list --json carries', () => {
    const document = {
      transport: 'stdio',
      skipped: undefined,
      fn: () => 1,
      serverInfo: { name: 'a\u202eb', version: '1\u0085' },
      empty: [],
      nested: [[1, [2]], { deep: { deeper: [null] } }],
      items: [
        {
          name: 'x',
          description: 'line\nbreak\ttab \u001b[31m',
          inputSchema: { type: 'object', properties: {} },
        },
        undefined,
        'text',
        3.5,
        Number.POSITIVE_INFINITY,
      ],
      complete: true,
      summary: null,
    };
    const { text } = written(document);
    expect(text).toBe(`${terminalJson(document, 2)}\n`);
    expect(JSON.parse(text)).toEqual(JSON.parse(terminalJson(document, 2)));
    expect(text).toContain('"name": "a\\u202eb"');
  });

  it('an empty document is {}', () => {
    expect(written({}).text).toBe('{}\n');
    expect(written({ gone: undefined }).text).toBe('{}\n');
  });

  it('a 20,000-item list goes out in batches, not as one string nor 20,000 writes', () => {
    const items = Array.from({ length: 20_000 }, (_, index) => ({
      name: `tool_${index}`,
      inputSchema: { type: 'object' },
    }));
    const { text, writes } = written({ kind: 'tools', items });
    expect(text).toBe(`${terminalJson({ kind: 'tools', items }, 2)}\n`);
    expect(writes).toBeGreaterThan(10);
    expect(writes).toBeLessThan(200);
  });
});

// list --json turns each page of the walk into text as it arrives (ArrayText) and keeps no item: the document's bytes
// must be those of the items written whole, whatever the pages.
describe('ArrayText', () => {
  const items = Array.from({ length: 3_000 }, (_, index) => ({
    name: `tool_${index}`,
    description: index % 7 === 0 ? 'bidi \u202e and C1 \u0085 stay escaped' : `tool number ${index}`,
    inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
  }));

  function paged(size: number, list: readonly unknown[] = items): ArrayText {
    const text = new ArrayText();
    for (let at = 0; at < list.length; at += size) text.add(list.slice(at, at + size));
    return text;
  }

  it('writes the document as the items held whole would, for pages of any size (empty pages too)', () => {
    const whole = written({ kind: 'tools', complete: true, items, findings: [] }).text;
    expect(whole).toBe(`${terminalJson({ kind: 'tools', complete: true, items, findings: [] }, 2)}\n`);
    for (const size of [1, 7, 50, 2_999, 3_000]) {
      const text = paged(size);
      text.add([]);
      expect(text.length).toBe(3_000);
      expect(written({ kind: 'tools', complete: true, items: text, findings: [] }).text).toBe(whole);
      // Written once, each run let go as it went out: nothing of the items' text is held after the array.
      expect(text.runs).toEqual([]);
    }
  });

  it('keeps a run of text per page given, not the values', () => {
    const text = paged(10);
    expect(text.runs).toHaveLength(300);
    expect(JSON.parse(`[${text.runs[1]}]`)).toEqual(items.slice(10, 20));
  });

  it('an array given no element is written [] as an empty array is, last or not', () => {
    const empty = new ArrayText();
    empty.add([]);
    expect(written({ items: empty, complete: false }).text).toBe(
      `${terminalJson({ items: [], complete: false }, 2)}\n`,
    );
    expect(written({ complete: false, items: new ArrayText() }).text).toBe(
      `${terminalJson({ complete: false, items: [] }, 2)}\n`,
    );
  });
});
