/**
 * "Tap this server" through the backend's contract methods (what the Import dialog calls): the change shown first,
 * nothing written until writeConfigTap with the diff that was shown, a backup beside the file, and the rewritten
 * entry really runs the server through the tap (the SDK client started from the entry's command and args).
 */
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import { configMethods } from '../../src/core/backend/configMethods.js';
import { everythingServer } from '../cli/loupe.js';

describe('Tap this server (proposeConfigTap, writeConfigTap)', () => {
  it('shows the change, writes it only with the diff shown, keeps a backup, and the entry runs through the tap', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'loupe-config-tap-'));
    const path = join(folder, 'claude_desktop_config.json');
    const original = `${JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [everythingServer, 'stdio'], env: { LOUPE_RUNTIME_DIR: join(folder, 'run') } } } }, null, 2)}\n`;
    writeFileSync(path, original);
    const methods = configMethods(folder);

    const proposal = await methods.proposeConfigTap(path, 'everything');
    expect(proposal.writable).toBe(true);
    expect(proposal.diff.filter((line) => line.startsWith('+ ')).join('\n')).toContain('"tap"');
    expect(readFileSync(path, 'utf8')).toBe(original);

    // A diff other than the one the file gives now is refused: nothing written.
    await expect(methods.writeConfigTap(path, 'everything', proposal.diff.slice(1))).rejects.toThrow(/changed since the change was shown: nothing written/);
    expect(readFileSync(path, 'utf8')).toBe(original);

    const written = await methods.writeConfigTap(path, 'everything', proposal.diff);
    expect(written.path).toBe(path);
    expect(readFileSync(written.backup, 'utf8')).toBe(original);
    expect(readdirSync(folder).filter((name) => name.includes('.loupe-backup-'))).toHaveLength(1);
    const entry = (JSON.parse(readFileSync(path, 'utf8')) as { mcpServers: { everything: { command: string; args: string[]; env: Record<string, string> } } }).mcpServers.everything;
    expect(entry.args.slice(-4)).toEqual(['--', process.execPath, everythingServer, 'stdio']);
    expect(entry.env).toEqual({ LOUPE_RUNTIME_DIR: join(folder, 'run') });
    // Tapping it again is refused: it already runs through the tap.
    await expect(methods.proposeConfigTap(path, 'everything')).rejects.toThrow(/already runs through loupe tap/);

    // The entry as a host would run it.
    const transport = new StdioClientTransport({ command: entry.command, args: entry.args, env: { ...process.env, ...entry.env } as Record<string, string>, stderr: 'pipe' });
    let said = '';
    transport.stderr?.on('data', (chunk: Buffer) => (said += chunk.toString('utf8')));
    const client = new Client({ name: 'config-tap-test', version: '1.0.0' });
    await client.connect(transport);
    expect((await client.listTools()).tools.length).toBeGreaterThanOrEqual(10);
    await client.close();
    expect(said).toMatch(/loupe tap: recording to /);
  }, 60_000);

  it('refuses a file with comments with the reason, and offers the lines to paste', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'loupe-config-tap-'));
    const path = join(folder, 'mcp.json');
    const original = `// mine\n{ "servers": { "memory": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"] } } }\n`;
    writeFileSync(path, original);
    const methods = configMethods(folder);
    const proposal = await methods.proposeConfigTap(path, 'memory');
    expect(proposal.writable).toBe(false);
    expect(proposal.reason).toMatch(/has comments, which rewriting it would lose/);
    await expect(methods.writeConfigTap(path, 'memory', proposal.diff)).rejects.toThrow(/has comments/);
    expect(readFileSync(path, 'utf8')).toBe(original);
  });
});
