/**
 * Rewriting a client config to route a server through the tap keeps the file what it was: its mode (a 0600 config
 * holding tokens stays 0600 under a 022 umask), its owner and group, and its symbolic link (the file it points to is
 * rewritten, the link stays) — by `loupe tap --config … --write --yes` and by the app's "Tap this server" (the
 * contract's writeConfigTap), which write through the same code. The backup has the same mode and owner. A write
 * that fails half way (a file size limit hit in the middle of the new text) leaves the config as it was, with no
 * temporary file or backup behind.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
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
import { beforeAll, describe, expect, it } from 'vitest';
import { configMethods } from '../../src/core/backend/configMethods.js';
import { everythingServer, loupeBin, repositoryRoot, requireBuild, runLoupe } from '../cli/loupe.js';
import { tapFiles } from './tapHarness.js';

function configText(padding = 0): string {
  const entry = { command: process.execPath, args: [everythingServer, 'stdio'], env: { TOKEN: 'tok-123' } };
  const other = { command: 'other-server', args: ['x'.repeat(padding)] };
  return `${JSON.stringify({ mcpServers: { everything: entry, other } }, null, 2)}\n`;
}

/**
 * An owner and group the test may give a file that differ from this process's where it can: as root any (4321), as a
 * user one of its other groups (a user may give its files any group it is in); else its own.
 */
function anotherOwner(): { uid: number; gid: number } {
  const uid = process.getuid?.() ?? 0;
  const gid = process.getgid?.() ?? 0;
  if (uid === 0) return { uid: 4321, gid: 4321 };
  const group = process.getgroups?.().find((candidate) => candidate !== gid);
  return { uid, gid: group ?? gid };
}

const ways = [
  {
    way: 'loupe tap --config … --write --yes',
    write: async (path: string): Promise<void> => {
      const run = await runLoupe(['tap', '--config', path, '--server', 'everything', '--write', '--yes']);
      expect(run.code, run.stderr).toBe(0);
    },
  },
  {
    way: 'the app’s Tap this server',
    write: async (path: string): Promise<void> => {
      const methods = configMethods(repositoryRoot);
      const proposal = await methods.proposeConfigTap(path, 'everything');
      await methods.writeConfigTap(path, 'everything', proposal.diff);
    },
  },
];

const mode = (path: string): number => statSync(path).mode & 0o7777;
const leftovers = (folder: string): string[] =>
  readdirSync(folder).filter((name) => name.includes('.loupe-'));

beforeAll(() => {
  requireBuild();
  // What most users have: files created 0644 unless told otherwise.
  process.umask(0o022);
});

describe.each(ways)('$way', ({ write }) => {
  it('keeps the config’s mode and owner, and gives the backup the same', async () => {
    const { folder } = tapFiles();
    const path = join(folder, 'claude_desktop_config.json');
    writeFileSync(path, configText());
    chmodSync(path, 0o640);
    const owner = anotherOwner();
    chownSync(path, owner.uid, owner.gid);

    await write(path);
    const written = readFileSync(path, 'utf8');
    expect(written).toContain('"tap"');
    expect(written).toContain('tok-123');
    expect(mode(path).toString(8)).toBe('640');
    expect({ uid: statSync(path).uid, gid: statSync(path).gid }).toEqual(owner);
    const backups = leftovers(folder);
    expect(backups).toHaveLength(1);
    const backup = join(folder, backups[0] ?? '');
    expect(readFileSync(backup, 'utf8')).toBe(configText());
    expect(mode(backup).toString(8)).toBe('640');
    expect({ uid: statSync(backup).uid, gid: statSync(backup).gid }).toEqual(owner);
  });

  it('writes through a symbolic link: the link stays, the file it points to is rewritten and stays 0600', async () => {
    const { folder } = tapFiles();
    mkdirSync(join(folder, 'dotfiles'));
    const real = join(folder, 'dotfiles', 'claude.json');
    writeFileSync(real, configText(), { mode: 0o600 });
    const link = join(folder, 'claude_desktop_config.json');
    symlinkSync(join('dotfiles', 'claude.json'), link);

    await write(link);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(join('dotfiles', 'claude.json'));
    expect(readFileSync(real, 'utf8')).toContain('"tap"');
    expect(mode(real).toString(8)).toBe('600');
    // The backup beside the link (where the person looks), a plain file as private as the config.
    const backups = leftovers(folder);
    expect(backups).toHaveLength(1);
    expect(lstatSync(join(folder, backups[0] ?? '')).isFile()).toBe(true);
    expect(mode(join(folder, backups[0] ?? '')).toString(8)).toBe('600');
    expect(leftovers(join(folder, 'dotfiles'))).toEqual([]);
  });
});

describe('loupe tap --config … --write, failing half way', () => {
  it('leaves the config as it was when the new text cannot be written whole', async () => {
    const { folder } = tapFiles();
    const path = join(folder, 'claude_desktop_config.json');
    // A config just under 3 KiB, whose rewritten text is over it: the backup fits a 3 KiB file size limit, the new
    // text is cut off in the middle by it.
    const limit = 3 * 1024;
    const original = configText(limit - 40 - configText().length);
    expect(original.length).toBeLessThan(limit);
    writeFileSync(path, original, { mode: 0o600 });

    // SIGXFSZ ignored, so the write past the limit fails (EFBIG) instead of killing the process.
    const script = `trap '' XFSZ; ulimit -f 3; exec "$0" "$@"`;
    const child = spawn(
      'bash',
      [
        '-c',
        script,
        process.execPath,
        loupeBin,
        'tap',
        '--config',
        path,
        '--server',
        'everything',
        '--write',
        '--yes',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout.resume();
    const [code] = (await once(child, 'close')) as [number | null];

    expect(code).not.toBe(0);
    expect(stderr).toContain(`${path} could not be rewritten, and is unchanged`);
    expect(readFileSync(path, 'utf8')).toBe(original);
    expect(mode(path).toString(8)).toBe('600');
    // No half-written temporary file and no backup of an unchanged file are left behind.
    expect(leftovers(folder)).toEqual([]);
  });
});
