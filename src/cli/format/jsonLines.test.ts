import { describe, expect, it } from 'vitest';
import { terminalJson } from '../terminal.js';
import { writeJsonDocument } from './jsonLines.js';

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
