/**
 * `loupe tap --config <file> --server <name> --print | --write --yes`: the entry that routes a server through the tap,
 * shown as a diff; written only when asked, with a backup; and the written entry, run as a host runs it (the SDK 1.x
 * Client), reaches the server through the tap and records.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { everythingServer, requireBuild, runLoupe } from '../cli/loupe.js';
import { journalFrames, tapFiles } from './tapHarness.js';

const original = `${JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [everythingServer, 'stdio'], env: { KEEP_ME: 'yes' } }, other: { command: 'other-server' } } }, null, 2)}\n`;

function configFile(text = original): { folder: string; path: string } {
  const { folder } = tapFiles();
  const path = join(folder, 'claude_desktop_config.json');
  writeFileSync(path, text);
  return { folder, path };
}

describe('loupe tap --config', () => {
  beforeAll(() => requireBuild());

  it('--print shows the entry change and writes nothing', async () => {
    const { path } = configFile();
    const run = await runLoupe(['tap', '--config', path, '--server', 'everything', '--print']);
    expect(run.code).toBe(0);
    // The command stays this Node: the tap's script, `tap` and `--` are inserted before the server's own arguments.
    expect(run.stdout).toMatch(/^\+ +".*bin[\\/]loupe\.js",$/m);
    expect(run.stdout).toMatch(/^\+ +"tap",\n\+ +"--",$/m);
    expect(run.stdout).toMatch(/^ {2} +".*server-everything.*index\.js",$/m);
    expect(run.stderr).toContain('nothing written');
    expect(readFileSync(path, 'utf8')).toBe(original);
  });

  it('--write --yes keeps a backup, and the written entry runs the server through the tap', async () => {
    const { folder, path } = configFile();
    const run = await runLoupe(['tap', '--config', path, '--server', 'everything', '--write', '--yes']);
    expect(run.code, run.stderr).toBe(0);
    const backups = readdirSync(folder).filter((name) => name.includes('.loupe-backup-'));
    expect(backups).toHaveLength(1);
    expect(readFileSync(join(folder, backups[0] ?? ''), 'utf8')).toBe(original);
    const written = JSON.parse(readFileSync(path, 'utf8')) as {
      mcpServers: Record<string, { command: string; args: string[]; env?: Record<string, string> }>;
    };
    const entry = written.mcpServers.everything;
    expect(entry?.env).toEqual({ KEEP_ME: 'yes' });
    expect(written.mcpServers.other).toEqual({ command: 'other-server' });
    expect(entry?.args.slice(-4)).toEqual(['--', process.execPath, everythingServer, 'stdio']);

    // As Claude Desktop would run it: the entry's command, args and env.
    const dataDir = join(folder, 'data');
    const transport = new StdioClientTransport({
      command: entry?.command ?? '',
      args: entry?.args ?? [],
      env: { ...(process.env as Record<string, string>), ...entry?.env, LOUPE_DATA_DIR: dataDir },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'config-host', version: '1' });
    await client.connect(transport);
    expect((await client.listTools()).tools.some((tool) => tool.name === 'echo')).toBe(true);
    await client.close();
    const journals = readdirSync(join(dataDir, 'taps'));
    expect(journals).toHaveLength(1);
    expect(
      journalFrames(join(dataDir, 'taps', journals[0] ?? '')).some((frame) =>
        frame.raw.includes('"config-host"'),
      ),
    ).toBe(true);

    const again = await runLoupe(['tap', '--config', path, '--server', 'everything', '--print']);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain('already runs through loupe tap');
  });

  it('refuses what it cannot do, by name: a missing server, an HTTP entry, a file with comments, --write without a yes', async () => {
    const { path } = configFile();
    const missing = await runLoupe(['tap', '--config', path, '--server', 'nope', '--print']);
    expect(missing.stderr).toContain('has no server "nope"; it has "everything", "other"');
    const http = configFile(
      JSON.stringify({ servers: { remote: { type: 'http', url: 'https://example.test/mcp' } } }),
    );
    const url = await runLoupe(['tap', '--config', http.path, '--server', 'remote', '--print']);
    expect(url.stderr).toContain('loupe tap --url https://example.test/mcp');
    const commented = configFile(original.replace('{\n', '{\n  // my servers\n'));
    const refusal = await runLoupe([
      'tap',
      '--config',
      commented.path,
      '--server',
      'everything',
      '--write',
      '--yes',
    ]);
    expect(refusal.code).not.toBe(0);
    expect(refusal.stderr).toContain('has comments');
    expect(readFileSync(commented.path, 'utf8')).toContain('// my servers');
    const unasked = await runLoupe(['tap', '--config', path, '--server', 'everything', '--write']);
    expect(unasked.code).toBe(2);
    expect(unasked.stderr).toContain('stdin is not a terminal to ask at: give --yes');
    expect(existsSync(path)).toBe(true);
    expect(readFileSync(path, 'utf8')).toBe(original);
  });
});
