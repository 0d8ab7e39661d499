/**
 * Adding Loupe to a host, and its Agent Skill (the built CLI, real files, real clients):
 * - `loupe mcp --config <file> --print` shows the entry as a diff and changes nothing; `--write --yes` adds it to
 *   Claude Code's .mcp.json, VS Code's .vscode/mcp.json ("servers", type stdio) and Cursor's .cursor/mcp.json, keeps
 *   the other entries, the file's mode, owner and symbolic link, and a backup of what was there; the entry written
 *   starts a working loupe mcp (the SDK Client runs it); a file with comments is not rewritten; without --yes and no
 *   terminal to ask at, nothing is written.
 * - `loupe mcp --write-skill <dir>` writes the loupe-testing skill byte for byte; the official Inspector's
 *   `skills/list --verify` reads it through the skills extension and verifies every file's digest and size.
 */
import { execFile, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { loupeBin, repositoryRoot, requireBuild, runLoupe } from '../cli/loupe.js';
import { agentEnvironment, agentFolder, callAgent, mcpCommand, type AgentFolder } from './agentHarness.js';

const execFileAsync = promisify(execFile);
const mode = (path: string): number => statSync(path).mode & 0o7777;
const original = `${JSON.stringify({ mcpServers: { other: { command: 'other-server', args: ['--flag'] } } }, null, 2)}\n`;

let folder: AgentFolder;

beforeAll(() => {
  requireBuild();
  process.umask(0o022);
  folder = agentFolder();
});

function anotherOwner(): { uid: number; gid: number } {
  const uid = process.getuid?.() ?? 0;
  const gid = process.getgid?.() ?? 0;
  return uid === 0 ? { uid: 4321, gid: 4321 } : { uid, gid };
}

async function mcpConfig(path: string, flags: string[]) {
  return runLoupe(['mcp', '--config', path, '--targets', folder.config, ...flags], {
    env: agentEnvironment(folder),
  });
}

describe('loupe mcp --config', () => {
  it.each([
    { host: 'Claude Code', file: '.mcp.json', key: 'mcpServers', extra: {} },
    { host: 'Cursor', file: '.cursor/mcp.json', key: 'mcpServers', extra: {} },
    { host: 'VS Code', file: '.vscode/mcp.json', key: 'servers', extra: { type: 'stdio' } },
  ])(
    '$host ($file): --print changes nothing, --write adds a working entry and keeps mode, owner and a backup',
    async ({ file, key, extra }) => {
      const path = join(folder.root, 'hosts', file);
      mkdirSync(join(path, '..'), { recursive: true });
      const before = key === 'servers' ? original.replace('mcpServers', 'servers') : original;
      writeFileSync(path, before);
      chmodSync(path, 0o600);
      const owner = anotherOwner();
      chownSync(path, owner.uid, owner.gid);

      const printed = await mcpConfig(path, ['--allow-calls', '--print']);
      expect(printed.code, printed.stderr).toBe(0);
      expect(printed.stdout).toContain('+   "loupe": {');
      expect(printed.stdout).toContain(`+       "${loupeBin}",`);
      expect(printed.stderr).toMatch(/nothing written\. To add it: loupe mcp --config/);
      expect(readFileSync(path, 'utf8')).toBe(before);

      const written = await mcpConfig(path, ['--allow-calls', '--write', '--yes']);
      expect(written.code, written.stderr).toBe(0);
      const backup = /the previous file is (.+?)\. Restart/.exec(written.stderr)?.[1] ?? '';
      expect(readFileSync(backup, 'utf8')).toBe(before);
      expect(mode(backup)).toBe(0o600);
      const config = JSON.parse(readFileSync(path, 'utf8')) as Record<
        string,
        Record<string, { command: string; args: string[] }>
      >;
      expect(config[key]?.other).toEqual({ command: 'other-server', args: ['--flag'] });
      const entry = config[key]?.loupe;
      expect(entry).toEqual({
        ...extra,
        command: process.execPath,
        args: [loupeBin, 'mcp', '--targets', folder.config, '--allow-calls'],
      });
      expect(mode(path)).toBe(0o600);
      expect({ uid: statSync(path).uid, gid: statSync(path).gid }).toEqual(owner);
      expect(
        readdirSync(join(path, '..')).filter((name) => name.includes('.loupe-') && !backup.endsWith(name)),
      ).toEqual([]);

      // Written again: nothing to change.
      const again = await mcpConfig(path, ['--allow-calls', '--print']);
      expect(again.stderr).toMatch(/already has this "loupe" entry: nothing to change/);

      // The entry as the host starts it: a working loupe mcp that names the configured servers.
      const client = new Client({ name: 'host-from-config', version: '1.0.0' });
      await client.connect(
        new StdioClientTransport({
          command: entry?.command ?? '',
          args: entry?.args ?? [],
          env: agentEnvironment(folder),
          stderr: 'ignore',
        }),
      );
      try {
        const targets = (await callAgent(client, 'list_targets')).targets as { name: string }[];
        expect(targets.map((target) => target.name)).toEqual(['everything', 'memory', 'filesystem', 'paged']);
      } finally {
        await client.close();
      }
    },
    120_000,
  );

  it('keeps a symbolic link, refuses to rewrite a file with comments, and writes nothing without --yes or a terminal', async () => {
    const real = join(folder.root, 'links', 'real.json');
    const link = join(folder.root, 'links', '.mcp.json');
    mkdirSync(join(real, '..'), { recursive: true });
    writeFileSync(real, original);
    symlinkSync(real, link);
    const written = await mcpConfig(link, ['--write', '--yes']);
    expect(written.code, written.stderr).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(real);
    expect(JSON.parse(readFileSync(real, 'utf8'))).toHaveProperty(['mcpServers', 'loupe']);

    const commented = join(folder.root, 'links', 'mcp.json');
    const withComments = '{\n  // my servers\n  "servers": {}\n}\n';
    writeFileSync(commented, withComments);
    const refused = await mcpConfig(commented, ['--write', '--yes']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(
      /has comments, which rewriting it would lose: paste the \+ lines above into it by hand/,
    );
    expect(refused.stdout).toContain('+   "loupe": {');
    expect(readFileSync(commented, 'utf8')).toBe(withComments);

    const plain = join(folder.root, 'links', 'plain.json');
    writeFileSync(plain, original);
    const unasked = await mcpConfig(plain, ['--write']);
    expect(unasked.code).not.toBe(0);
    expect(unasked.stderr).toMatch(/stdin is not a terminal to ask at: give --yes/);
    expect(readFileSync(plain, 'utf8')).toBe(original);
  }, 60_000);
});

describe('the loupe-testing Agent Skill', () => {
  it('--write-skill writes it byte for byte; the Inspector verifies it through the skills extension', async () => {
    const source = join(repositoryRoot, 'resources', 'skills', 'loupe-testing');
    const target = join(folder.root, 'skills');
    const run = await runLoupe(['mcp', '--write-skill', target]);
    expect(run.code, run.stderr).toBe(0);
    const files = ['SKILL.md', 'references/collections.md', 'references/refusals.md'];
    for (const file of files) {
      expect(readFileSync(join(target, 'loupe-testing', file))).toEqual(readFileSync(join(source, file)));
      expect(mode(join(target, 'loupe-testing', file))).toBe(0o600);
    }
    expect(readFileSync(join(target, 'loupe-testing', 'SKILL.md'), 'utf8')).toMatch(
      /^---\nname: loupe-testing\n/,
    );

    const found = spawnSync(
      process.execPath,
      [fileURLToPath(new URL('../../scripts/node22.mjs', import.meta.url))],
      {
        encoding: 'utf8',
        timeout: 300_000,
      },
    );
    if (found.status !== 0) throw new Error(`scripts/node22.mjs failed: ${found.stderr}`);
    const [node22 = '', , launcher = ''] = found.stdout.trim().split('\n');
    const { command, args } = mcpCommand(folder, ['--no-live']);
    const environment = Object.entries(agentEnvironment(folder)).flatMap(([name, value]) => [
      '-e',
      `${name}=${value}`,
    ]);
    const { stdout } = await execFileAsync(
      node22,
      [launcher, '--cli', command, ...args, ...environment, '--method', 'skills/list', '--verify'],
      {
        timeout: 120_000,
      },
    );
    const verified = JSON.parse(stdout.split('\n')[0] ?? '{}') as {
      name: string;
      ok: boolean;
      files: { uri: string; status: string; actualDigest: string }[];
    };
    expect(verified).toMatchObject({ name: 'loupe-testing', ok: true });
    expect(verified.files.map((file) => [file.uri, file.status, file.actualDigest])).toEqual(
      files.map((file) => [
        `skill://loupe-testing/${file}`,
        'verified',
        `sha256:${createHash('sha256')
          .update(readFileSync(join(source, file)))
          .digest('hex')}`,
      ]),
    );
  }, 320_000);

  it('--write-skill again: the same files are left alone; your edits are kept whole beside the new copy; a link is refused', async () => {
    const source = join(repositoryRoot, 'resources', 'skills', 'loupe-testing');
    const target = join(folder.root, 'skills-again');
    expect((await runLoupe(['mcp', '--write-skill', target])).code).toBe(0);
    const same = await runLoupe(['mcp', '--write-skill', target]);
    expect(same.code, same.stderr).toBe(0);
    expect(same.stderr.trim()).toBe(
      `loupe mcp: ${join(target, 'loupe-testing')} already holds this loupe-testing skill: nothing written.`,
    );
    expect(readdirSync(target)).toEqual(['loupe-testing']);

    writeFileSync(join(target, 'loupe-testing', 'SKILL.md'), 'my own notes\n');
    const edited = await runLoupe(['mcp', '--write-skill', target]);
    expect(edited.code, edited.stderr).toBe(0);
    const kept = readdirSync(target).filter((name) => name.startsWith('loupe-testing.before-'));
    expect(kept).toHaveLength(1);
    expect(readFileSync(join(target, kept[0] ?? '', 'SKILL.md'), 'utf8')).toBe('my own notes\n');
    expect(readFileSync(join(target, 'loupe-testing', 'SKILL.md'))).toEqual(
      readFileSync(join(source, 'SKILL.md')),
    );
    expect(edited.stderr).toContain(
      `held a different copy (SKILL.md): kept whole at ${join(target, kept[0] ?? '')}`,
    );

    const linked = join(folder.root, 'skills-linked');
    mkdirSync(linked);
    mkdirSync(join(folder.root, 'elsewhere'));
    symlinkSync(join(folder.root, 'elsewhere'), join(linked, 'loupe-testing'));
    const refused = await runLoupe(['mcp', '--write-skill', linked]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/loupe-testing is a symbolic link/);
    expect(readdirSync(join(folder.root, 'elsewhere'))).toEqual([]);
  }, 60_000);
});
