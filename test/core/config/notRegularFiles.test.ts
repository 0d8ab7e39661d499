/**
 * A client config and its envFile are read only when they are regular files, and never past their byte limit:
 * `"envFile": "/dev/zero"` in a cloned repository's `.vscode/mcp.json` once grew `loupe list --config` to 7.9 GB,
 * and a named pipe with no writer made the read wait forever. Each is refused at once, naming what the path is.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../../src/core/config/readConfig.js';
import type { ConfigFile, ConfigServer } from '../../../src/shared/config.js';

let folder: string;
let pipe: string;
const home = '/home/ada';

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'loupe-not-regular-'));
  pipe = join(folder, 'pipe.env');
  execFileSync('mkfifo', [pipe]);
});
afterAll(() => rm(folder, { recursive: true, force: true }));

function server(file: ConfigFile, name: string): ConfigServer {
  const found = file.servers.find((item) => item.name === name);
  if (!found) throw new Error(`no server ${name} in ${file.path}`);
  return found;
}

/** A VS Code project whose mcp.json gives each server the envFile named. */
async function project(envFiles: Record<string, string>): Promise<string> {
  const root = await mkdtemp(join(folder, 'project-'));
  await mkdir(join(root, '.vscode'));
  const servers = Object.fromEntries(
    Object.entries(envFiles).map(([name, envFile]) => [name, { type: 'stdio', command: 'node', envFile }]),
  );
  const path = join(root, '.vscode', 'mcp.json');
  await writeFile(
    path,
    JSON.stringify({ servers: { ...servers, plain: { type: 'stdio', command: 'node' } } }),
  );
  return path;
}

describe('envFile and config files that are not regular files', () => {
  it('an envFile that is a named pipe or a folder makes that server unusable at once; the others stay', async () => {
    const named = join(folder, 'named.env');
    await mkdir(named);
    const path = await project({ piped: pipe, folder: named });
    const file = await readConfig({ path }, { environment: {}, home });
    expect(file.error).toBeUndefined();
    expect(server(file, 'piped').target).toBeUndefined();
    expect(server(file, 'piped').error).toBe(
      `the entry's envFile ${pipe} could not be read: it is not a regular file but a named pipe`,
    );
    expect(server(file, 'folder').error).toBe(
      `the entry's envFile ${named} could not be read: it is a folder`,
    );
    expect(server(file, 'plain').target).toEqual({ transport: 'stdio', command: 'node', args: [] });
  });

  it.runIf(existsSync('/dev/zero'))('an envFile of /dev/zero is refused as a character device', async () => {
    const path = await project({ zero: '/dev/zero' });
    const file = await readConfig({ path }, { environment: {}, home });
    expect(server(file, 'zero').error).toBe(
      `the entry's envFile /dev/zero could not be read: it is not a regular file but a character device`,
    );
    expect(server(file, 'plain').target?.transport).toBe('stdio');
  });

  it('an envFile past 1 MiB is refused by its size, without being read', async () => {
    const big = join(folder, 'big.env');
    const handle = await open(big, 'w');
    await handle.truncate(3 * 1024 * 1024); // sparse: nothing written
    await handle.close();
    const path = await project({ big });
    const file = await readConfig({ path }, { environment: {}, home });
    expect(server(file, 'big').error).toBe(
      `the entry's envFile ${big} could not be read: 3,145,728 bytes is more than the 1,048,576 bytes allowed for an env file`,
    );
  });

  it('the config file itself: a named pipe or /dev/zero is an io-error naming what it is', async () => {
    const piped = await readConfig({ path: pipe, client: 'vscode' });
    expect(piped.error).toEqual({
      kind: 'io-error',
      message: `${pipe}: it is not a regular file but a named pipe`,
      data: { path: pipe },
    });
    expect(piped.exists).toBe(true);
    expect(piped.servers).toEqual([]);
    if (existsSync('/dev/zero')) {
      const zero = await readConfig({ path: '/dev/zero', client: 'vscode' });
      expect(zero.error?.message).toBe('/dev/zero: it is not a regular file but a character device');
    }
  });

  it('a config file past 4 MiB is config-invalid by its size', async () => {
    const big = join(folder, 'mcp.json');
    const handle = await open(big, 'w');
    await handle.truncate(5 * 1024 * 1024);
    await handle.close();
    const file = await readConfig({ path: big });
    expect(file.error).toEqual({
      kind: 'config-invalid',
      message: `${big}: 5,242,880 bytes is more than the 4,194,304 bytes allowed for a client config`,
      data: { path: big },
    });
  });
});
