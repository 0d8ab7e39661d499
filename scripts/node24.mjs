#!/usr/bin/env node
// Finds a Node 24 (the current LTS) for the second CI run (.ci/run): this process's own when it is 24, else the
// `node-<platform>-<arch>` npm package (a Node binary shipped inside a registry package) installed once into a
// cache with the ordinary npm client. Prints the node binary's path. Cache: $LOUPE_NODE24_CACHE, else
// $XDG_CACHE_HOME/loupe/node24, else ~/.cache/loupe/node24; installed into a temporary sibling directory and
// renamed into place, so an interrupted install never looks complete. Exits 1 naming the cause when it cannot.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

const nodeVersion = '24.22.3';
const platformNames = { linux: 'linux', darwin: 'darwin', win32: 'win' };

function fail(reason) {
  process.stderr.write(`node24: ${reason}\n`);
  process.exit(1);
}

if (process.versions.node.split('.')[0] === '24') {
  process.stdout.write(`${process.execPath}\n`);
  process.exit(0);
}
const platform = platformNames[process.platform];
if (!platform) fail(`no Node package exists for ${process.platform}`);
const packageName = `node-${platform}-${process.arch}`;
const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
const root = process.env.LOUPE_NODE24_CACHE || join(base, 'loupe', 'node24');
const binaryOf = (directory) =>
  join(directory, 'node_modules', packageName, process.platform === 'win32' ? 'node.exe' : join('bin', 'node'));

if (!existsSync(binaryOf(root))) {
  const staging = `${root}.${process.pid}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  writeFileSync(
    join(staging, 'package.json'),
    `${JSON.stringify({ name: 'loupe-node24-cache', private: true, dependencies: { [packageName]: nodeVersion } }, null, 2)}\n`,
  );
  process.stderr.write(`node24: installing ${packageName}@${nodeVersion} into ${root} (once)\n`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['install', '--prefix', staging, '--no-audit', '--no-fund', '--loglevel', 'error'], {
    stdio: ['ignore', process.stderr, 'inherit'],
    shell: process.platform === 'win32',
  });
  if (result.error) fail(`could not run npm: ${result.error.message}`);
  if (result.status !== 0 || !existsSync(binaryOf(staging))) {
    rmSync(staging, { recursive: true, force: true });
    fail(`npm install of ${packageName}@${nodeVersion} failed (exit ${String(result.status)}; no network or registry access?)`);
  }
  mkdirSync(dirname(root), { recursive: true });
  if (existsSync(binaryOf(root))) rmSync(staging, { recursive: true, force: true });
  else {
    rmSync(root, { recursive: true, force: true });
    renameSync(staging, root);
  }
}
const node = binaryOf(root);
const check = spawnSync(node, ['--version'], { encoding: 'utf8' });
if (check.status !== 0 || !check.stdout.startsWith('v24.')) fail(`${node} does not run as Node 24: ${check.stderr || check.stdout}`);
process.stdout.write(`${node}\n`);
