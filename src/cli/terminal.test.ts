import { describe, expect, it } from 'vitest';
import { firstLine, formatCount, printable, serverLabel, truncate } from './terminal.js';

describe('terminal text', () => {
  it('shows control characters instead of obeying them', () => {
    expect(printable('red \x1b[31mtext\x1b[0m\rover\x07')).toBe('red \\u001b[31mtext\\u001b[0m\\u000dover\\u0007');
    expect(printable('two\nlines\tand tab')).toBe('two↵lines and tab');
    expect(printable('<script>alert(1)</script>')).toBe('<script>alert(1)</script>');
  });

  it('takes the first non-blank line and truncates by characters', () => {
    expect(firstLine('\n  \n  Lists things.\nMore detail.')).toBe('Lists things.');
    expect(truncate('abcdef', 4)).toBe('abc…');
    expect(truncate('ab😀', 3)).toBe('ab😀');
  });

  it('formats counts and server labels', () => {
    expect(formatCount(1000)).toBe('1,000');
    expect(serverLabel({ name: 'demo', version: '1.0.0' })).toBe('demo 1.0.0');
    expect(serverLabel({ name: { evil: true } })).toBe('server');
    expect(serverLabel(null)).toBe('server');
  });
});
