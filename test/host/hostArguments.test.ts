/** `npm start -- npx server …` reaches the host without its `--`: the first bare word starts the server command. */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { parseHostArguments, withCommandSeparator } from '../../src/host/hostArguments.js';
import { LoupeError } from '../../src/shared/errors.js';
import { ensureBuilt } from '../backend/backendHarness.js';

describe('host arguments without the -- npm took', () => {
  it('npx and its flags become the stdio command, flags after it included', () => {
    expect(
      parseHostArguments(['npx', '-y', '@modelcontextprotocol/server-everything', '--port', '9']),
    ).toMatchObject({
      target: {
        transport: 'stdio',
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-everything', '--port', '9'],
      },
    });
  });

  it('host and target flags before the command keep their meaning; their values are not taken for a command', () => {
    const options = parseHostArguments([
      '--port',
      '0',
      '--env',
      'MEMORY_FILE_PATH=/tmp/m.json',
      'node',
      'server.js',
    ]);
    expect(options.port).toBe(0);
    expect(options.target).toEqual({
      transport: 'stdio',
      command: 'node',
      args: ['server.js'],
      env: { MEMORY_FILE_PATH: '/tmp/m.json' },
    });
    expect(withCommandSeparator(['--cwd', 'dir', 'node', 's.js'])).toEqual([
      '--cwd',
      'dir',
      '--',
      'node',
      's.js',
    ]);
  });

  it("--page-limit sets the sessions' page limit, and its value is not taken for a command", () => {
    const options = parseHostArguments(['--page-limit', '1000', 'npx', 'server']);
    expect(options.sessionDefaults).toEqual({ pageLimit: 1000 });
    expect(options.target).toEqual({ transport: 'stdio', command: 'npx', args: ['server'] });
    expect(() => parseHostArguments(['--page-limit', '0'])).toThrow(/--page-limit is a whole number/);
  });

  it('the explicit -- and the flag-only forms are unchanged', () => {
    expect(withCommandSeparator(['--', 'npx', 'x'])).toEqual(['--', 'npx', 'x']);
    expect(withCommandSeparator(['--url', 'http://127.0.0.1:3000/mcp'])).toEqual([
      '--url',
      'http://127.0.0.1:3000/mcp',
    ]);
    expect(parseHostArguments(['--url', 'http://127.0.0.1:3000/mcp']).target).toEqual({
      transport: 'auto',
      url: 'http://127.0.0.1:3000/mcp',
    });
    expect(parseHostArguments([]).target).toEqual({ transport: 'demo' });
  });

  it('an unknown flag is still refused, and a command with --url is two targets', () => {
    expect(() => parseHostArguments(['--frobnicate'])).toThrow(/Unknown option --frobnicate/);
    const both = (() => {
      try {
        parseHostArguments(['--url', 'http://127.0.0.1:1/mcp', 'npx', 'server']);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(both).toBeInstanceOf(LoupeError);
    expect((both as LoupeError).kind).toBe('usage');
  });

  it('the built host starts with `node server.js`-style arguments instead of "Unknown option node"', async () => {
    const hostMain = ensureBuilt('out/node/host/main.js', ['src/host', 'src/core', 'src/shared']);
    const child = spawn(
      process.execPath,
      [
        hostMain,
        '--port',
        '0',
        '--settings',
        '/nonexistent-dir-for-loupe/settings.json',
        process.execPath,
        '-e',
        '0',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = once(child, 'exit');
    while (!stdout.includes('\n') && child.exitCode === null)
      await Promise.race([once(child.stdout, 'data'), exited]);
    expect(stderr).not.toContain('Unknown option');
    expect(stdout).toMatch(/^Loupe is at http:\/\/127\.0\.0\.1:\d+\//);
    child.kill('SIGINT');
    await exited;
  }, 180_000);
});
