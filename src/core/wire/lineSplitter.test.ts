import { describe, expect, it } from 'vitest';
import { LineSplitter } from './lineSplitter.js';

describe('LineSplitter', () => {
  it('splits on \\n across chunks, strips \\r, reassembles multi-byte characters cut between chunks', () => {
    const lines: string[] = [];
    const splitter = new LineSplitter((line) => lines.push(line));
    const bytes = Buffer.from('first\r\nsé€ond 🙂\npartial', 'utf8');
    for (let index = 0; index < bytes.length; index++) splitter.push(bytes.subarray(index, index + 1));
    expect(lines).toEqual(['first', 'sé€ond 🙂']);
    splitter.push(Buffer.from(' end\n\n'));
    expect(lines).toEqual(['first', 'sé€ond 🙂', 'partial end', '']);
    splitter.push(Buffer.from('no newline'));
    splitter.end();
    expect(lines.at(-1)).toBe('no newline');
    splitter.end();
    expect(lines).toHaveLength(5);
  });
});
