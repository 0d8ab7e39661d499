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

  it('hands over the exact bytes of a line that is not valid UTF-8, and none for a valid one', () => {
    const got: [string, Buffer | undefined][] = [];
    const splitter = new LineSplitter((line, exact) => got.push([line, exact]));
    splitter.push(Buffer.concat([Buffer.from('ok é\r\nbad '), Buffer.from([0xff, 0xfe]), Buffer.from('\n')]));
    expect(got[0]).toEqual(['ok é', undefined]);
    expect(got[1][0]).toBe('bad \uFFFD\uFFFD');
    expect([...(got[1][1] ?? [])]).toEqual([0x62, 0x61, 0x64, 0x20, 0xff, 0xfe]);
    // A U+FFFD the server really sent (valid UTF-8) is text like any other: no exact bytes.
    splitter.push(Buffer.from('sent \uFFFD as is\r\nlast \uFFFD'));
    splitter.push(Buffer.from([0xc3, 0x0a]));
    expect(got[2]).toEqual(['sent \uFFFD as is', undefined]);
    expect(got[3][0]).toBe('last \uFFFD\uFFFD');
    expect(got[3][1]?.subarray(-1)[0]).toBe(0xc3);
  });

  it('stops buffering a line past maxLineBytes, reports it once with a prefix, and resumes after its newline', () => {
    const lines: string[] = [];
    const oversized: [string, number][] = [];
    const splitter = new LineSplitter((line) => lines.push(line), {
      maxLineBytes: 10,
      onOversize: (prefix, seen) => oversized.push([prefix.toString(), seen]),
    });
    splitter.push(Buffer.from('short\n0123456'));
    splitter.push(Buffer.from('789abc'));
    splitter.push(Buffer.from('more and more'));
    expect(oversized).toEqual([['0123456789abc', 13]]);
    splitter.push(Buffer.from('tail\nnext\n'));
    splitter.end();
    expect(lines).toEqual(['short', 'next']);
    splitter.push(Buffer.from('0123456789ABCDEF\nafter\n'));
    expect(oversized.at(-1)).toEqual(['0123456789ABCDEF', 16]);
    expect(lines).toEqual(['short', 'next', 'after']);
  });

  it('hands over the UTF-8 bytes of a valid line from bytesFrom on, whole or reassembled, without its \r', () => {
    const got: [string, Buffer | undefined, Buffer | undefined][] = [];
    const splitter = new LineSplitter((line, exact, utf8) => got.push([line, exact, utf8]), { bytesFrom: 8 });
    splitter.push(Buffer.from('short\r\nlong é line\r\nsplit '));
    splitter.push(Buffer.from('across 🙂\ntiny\n'));
    splitter.push(Buffer.concat([Buffer.from('invalid '), Buffer.from([0xff]), Buffer.from('\n')]));
    expect(got.map(([line, exact, utf8]) => [line, exact === undefined, utf8?.toString('utf8')])).toEqual([
      ['short', true, undefined],
      ['long é line', true, 'long é line'],
      ['split across 🙂', true, 'split across 🙂'],
      ['tiny', true, undefined],
      ['invalid \uFFFD', false, undefined],
    ]);
  });
});
