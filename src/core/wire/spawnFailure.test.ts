import { describe, expect, it } from 'vitest';
import { spawnFailure } from './spawnFailure.js';

function errno(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`spawn x ${code}`), { code });
}

describe('spawnFailure', () => {
  it('names the command, with a Windows hint for batch commands', () => {
    expect(spawnFailure('uvx', errno('ENOENT'), 'linux').detail).toEqual({
      kind: 'command-not-found',
      message: 'Command not found: uvx',
      data: { command: 'uvx' },
    });
    expect(spawnFailure('npx', errno('ENOENT'), 'win32').message).toBe(
      'Command not found: npx (on Windows, run .cmd/.bat commands such as npx through cmd: command "cmd", arguments "/c npx …")',
    );
    expect(spawnFailure('server.exe', errno('ENOENT'), 'win32').message).toBe(
      'Command not found: server.exe',
    );
    expect(spawnFailure('npx.cmd', errno('EINVAL'), 'win32').detail.kind).toBe('transport-error');
    expect(spawnFailure('npx.cmd', errno('EINVAL'), 'win32').message).toContain('through cmd');
    expect(spawnFailure('./server', errno('EACCES'), 'linux').message).toBe(
      'Command is not executable: ./server',
    );
  });
});
