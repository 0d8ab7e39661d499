/** The shells' target flags and the snapshot file name. */
import { describe, expect, it } from 'vitest';
import { snapshotFileName } from '../../src/core/backend/snapshotFileName.js';
import { parseTargetArguments } from '../../src/core/backend/targetArguments.js';
import { LoupeError } from '../../src/shared/errors.js';

function usageOf(argv: string[]): string {
  try {
    parseTargetArguments(argv);
  } catch (error) {
    if (error instanceof LoupeError) return error.kind;
  }
  return 'no error';
}

describe('parseTargetArguments', () => {
  it('reads a stdio command after --, with env and cwd, and leaves other flags alone', () => {
    expect(parseTargetArguments(['--port', '0', '--env', 'A=1=2', '--cwd', '/tmp', '--', 'node', 'server.js', '--port', '9'])).toEqual({
      target: { transport: 'stdio', command: 'node', args: ['server.js', '--port', '9'], cwd: '/tmp', env: { A: '1=2' } },
      rest: ['--port', '0'],
    });
  });

  it('reads a URL with transport and headers, --flag=value included', () => {
    expect(parseTargetArguments(['--url=http://127.0.0.1:3001/mcp', '--transport', 'sse', '--header', 'Authorization: Bearer a:b'])).toEqual({
      target: { transport: 'sse', url: 'http://127.0.0.1:3001/mcp', headers: [{ name: 'Authorization', value: 'Bearer a:b' }] },
      rest: [],
    });
  });

  it('gives --demo, or no target at all', () => {
    expect(parseTargetArguments(['--demo']).target).toEqual({ transport: 'demo' });
    expect(parseTargetArguments([]).target).toBeUndefined();
  });

  it('refuses malformed flags as usage errors', () => {
    expect(usageOf(['--url'])).toBe('usage');
    expect(usageOf(['--demo', '--url', 'http://x'])).toBe('usage');
    expect(usageOf(['--'])).toBe('usage');
    expect(usageOf(['--transport', 'carrier-pigeon'])).toBe('usage');
    expect(usageOf(['--header', 'no colon'])).toBe('usage');
    expect(usageOf(['--url', 'not a url'])).toBe('invalid-target');
  });
});

describe('snapshotFileName', () => {
  it('is loupe-<server>-<UTC date-time>.json with the name made safe', () => {
    const at = new Date(Date.UTC(2026, 10, 29, 23, 5, 7, 123));
    expect(snapshotFileName('../../etc/pass wd', at)).toBe('loupe-etc-pass-wd-20261129T230507Z.json');
    expect(snapshotFileName(undefined, at)).toBe('loupe-server-20261129T230507Z.json');
    expect(snapshotFileName('CON', at)).toBe('loupe-CON-20261129T230507Z.json');
    expect(snapshotFileName('.....', at)).toBe('loupe-server-20261129T230507Z.json');
    expect(snapshotFileName(`${'a'.repeat(59)}.rest`, at)).toBe(`loupe-${'a'.repeat(59)}-20261129T230507Z.json`);
  });

  it('does not repeat the word loupe when the server is named after it (the demo server is loupe-demo)', () => {
    const at = new Date(Date.UTC(2026, 10, 29, 23, 5, 7, 123));
    expect(snapshotFileName('loupe-demo', at)).toBe('loupe-demo-20261129T230507Z.json');
    expect(snapshotFileName('Loupe Releases', at)).toBe('loupe-Releases-20261129T230507Z.json');
    expect(snapshotFileName('loupe', at)).toBe('loupe-loupe-20261129T230507Z.json');
    expect(snapshotFileName('loupeish', at)).toBe('loupe-loupeish-20261129T230507Z.json');
  });
});
