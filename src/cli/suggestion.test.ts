import { describe, expect, it } from 'vitest';
import { closest, editDistance } from './suggestion.js';

describe('editDistance and closest', () => {
  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('lsit', 'list')).toBe(1);
    expect(editDistance('lsit', 'lint')).toBe(2);
    expect(editDistance('', 'web')).toBe(3);
    expect(editDistance('diff', 'diff')).toBe(0);
  });

  it('picks the nearest command, a prefix of three letters or more, or nothing', () => {
    const commands = [
      'list',
      'call',
      'lint',
      'snapshot',
      'watch',
      'web',
      'diff',
      'board',
      'auth',
      'help',
      'version',
    ];
    expect(closest('lsit', commands)).toBe('list');
    expect(closest('LNIT', commands)).toBe('lint');
    expect(closest('snap', commands)).toBe('snapshot');
    expect(closest('ls', commands)).toBeUndefined();
    expect(closest('x', commands)).toBeUndefined();
    expect(closest('frobnicate', commands)).toBeUndefined();
  });
});
