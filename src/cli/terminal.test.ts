import { describe, expect, it } from 'vitest';
import {
  firstLine,
  formatCount,
  prefix,
  printable,
  printableCell,
  serverLabel,
  terminalJson,
  truncate,
} from './terminal.js';

describe('terminal text', () => {
  it('shows control characters instead of obeying them', () => {
    expect(printable('red \x1b[31mtext\x1b[0m\rover\x07')).toBe(
      'red \\u001b[31mtext\\u001b[0m\\u000dover\\u0007',
    );
    expect(printable('two\nlines\tand tab')).toBe('two↵lines and tab');
    expect(printable('<script>alert(1)</script>')).toBe('<script>alert(1)</script>');
  });

  it('shows OSC 52, OSC 0, CSI 2J, OSC 8, C1 controls and bidi overrides as visible escapes', () => {
    expect(printable('\x1b]52;c;cHduZWQ=\x07')).toBe('\\u001b]52;c;cHduZWQ=\\u0007');
    expect(printable('\x1b]0;title\x1b\\')).toBe('\\u001b]0;title\\u001b\\');
    expect(printable('\x1b[2J')).toBe('\\u001b[2J');
    expect(printable('\x1b]8;;https://evil.example/\x07click\x1b]8;;\x07')).toBe(
      '\\u001b]8;;https://evil.example/\\u0007click\\u001b]8;;\\u0007',
    );
    expect(printable('\u009b2J \u0085 \u007f')).toBe('\\u009b2J \\u0085 \\u007f');
    expect(printable('a\u202eb\u202a\u202b\u202c\u202d c\u2066\u2067\u2068\u2069 \u200e\u200f\u061c')).toBe(
      'a\\u202eb\\u202a\\u202b\\u202c\\u202d c\\u2066\\u2067\\u2068\\u2069 \\u200e\\u200f\\u061c',
    );
    expect(printable('line\u2028sep\u2029')).toBe('line\\u2028sep\\u2029');
    // Ordinary text outside ASCII is left alone.
    expect(printable('héllo – 日本 😀')).toBe('héllo – 日本 😀');
  });

  it('writes JSON with C1, bidi and separators escaped, which parses back to the same value', () => {
    const value = { text: 'a\x1b[2J\u009b31m\u202eb\u2066c\u2028\x7f', list: [1, null, 'é'] };
    const text = terminalJson(value, 2);
    expect(text).toContain('\\u001b[2J\\u009b31m\\u202eb\\u2066c\\u2028\\u007f');
    expect(text).not.toMatch(/[\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028]/);
    expect(text.split('\n')).toHaveLength(JSON.stringify(value, null, 2).split('\n').length);
    expect(JSON.parse(text)).toEqual(value);
    expect(terminalJson({ a: 1 })).toBe('{"a":1}');
  });

  it('cuts a cell after escaping, never in the middle of an escape', () => {
    expect(printableCell('abcdef', 4)).toBe('abc…');
    expect(printableCell('ab\x1bcdef', 5)).toBe('ab…');
    expect(printableCell('ab\x1bcdef', 9)).toBe('ab\\u001b…');
    expect(printableCell('short', 10)).toBe('short');
  });

  it('takes the first non-blank line and truncates by characters', () => {
    expect(firstLine('\n  \n  Lists things.\nMore detail.')).toBe('Lists things.');
    expect(firstLine('one\r\ntwo')).toBe('one');
    expect(firstLine('a\rb\nc')).toBe('a\rb');
    expect(firstLine(' \n \n')).toBe('');
    expect(firstLine('')).toBe('');
    expect(truncate('abcdef', 4)).toBe('abc…');
    expect(truncate('abcd', 4)).toBe('abcd');
    expect(truncate('ab😀', 3)).toBe('ab😀');
    expect(truncate('ab😀😀', 3)).toBe('ab…');
    expect(truncate('😀😀😀😀', 3)).toBe('😀😀…');
  });

  it('handles a 50 MB text by its prefix only', () => {
    const huge = 'x'.repeat(50 * 1024 * 1024);
    expect(prefix(huge, 10)).toHaveLength(22);
    expect(prefix('short', 10)).toBe('short');
    expect(truncate(huge, 8)).toBe('xxxxxxx…');
    expect(printableCell(`\x1b${huge}`, 10)).toBe('\\u001bxxx…');
    expect(firstLine(`${huge}\nsecond`)).toHaveLength(huge.length);
  });

  it('formats counts and server labels', () => {
    expect(formatCount(1000)).toBe('1,000');
    // Whole numbers are grouped without ICU, as en-US groups them; others go to toLocaleString.
    const values = [
      0,
      -0,
      7,
      999,
      1_000,
      -1_234,
      50_000,
      123_456,
      1_234_567,
      -98_765_432,
      Number.MAX_SAFE_INTEGER,
    ];
    for (const value of [...values, 0.5, 1_234.5678, -0.25, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60])
      expect(formatCount(value)).toBe(value.toLocaleString('en-US'));
    expect(values.map(formatCount).slice(4, 8)).toEqual(['1,000', '-1,234', '50,000', '123,456']);
    expect(serverLabel({ name: 'demo', version: '1.0.0' })).toBe('demo 1.0.0');
    expect(serverLabel({ name: 'evil\x1b]0;pwned\x07\u202e', version: '1' })).toBe(
      'evil\\u001b]0;pwned\\u0007\\u202e 1',
    );
    expect(serverLabel({ name: { evil: true } })).toBe('server');
    expect(serverLabel(null)).toBe('server');
  });
});
