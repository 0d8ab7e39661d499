#!/usr/bin/env node
// Finds a Node >= 22 with the tools that need it: the MCP conformance suite (@modelcontextprotocol/conformance
// 0.2.0-alpha.x imports fs.globSync) and the official MCP Inspector (its CLI is a client no one here wrote, for the
// tap, replay and conform tests; it declares Node >= 22.19). Prints three lines: the node binary, the suite's entry
// script, the Inspector's launcher (run it as `<node> <launcher> --cli …`).
//
// Node: this process's own when it is new enough, else the `node-<platform>-<arch>` npm package (a Node
// binary shipped inside a registry package) in a cache directory. The suite is always taken from the cache.
// Cache: $LOUPE_NODE22_CACHE, else $XDG_CACHE_HOME/loupe/node22, else ~/.cache/loupe/node22. A missing or
// incomplete cache is installed once with the ordinary npm client into a temporary sibling directory and
// renamed into place, so an interrupted install never looks complete. Exits 1 naming the cause when
// none can be had (no network, unsupported platform…): callers fail, they do not skip.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

const nodeVersion = '22.23.5';
const conformanceVersion = '0.2.0-alpha.12';
const inspectorVersion = '2.12.0';

const platformNames = { linux: 'linux', darwin: 'darwin', win32: 'win' };

function cacheDirectory() {
  if (process.env.LOUPE_NODE22_CACHE) return process.env.LOUPE_NODE22_CACHE;
  const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'loupe', 'node22');
}

function nodePackageName() {
  const platform = platformNames[process.platform];
  if (!platform) return undefined;
  return `node-${platform}-${process.arch}`;
}

function paths(root, packageName) {
  const binary = process.platform === 'win32' ? 'node.exe' : join('bin', 'node');
  return {
    node: join(root, 'node_modules', packageName, binary),
    conformance: join(root, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js'),
    inspector: join(
      root,
      'node_modules',
      '@modelcontextprotocol',
      'inspector',
      'clients',
      'launcher',
      'build',
      'index.js',
    ),
  };
}

function major(version) {
  return Number(version.replace(/^v/, '').split('.')[0]);
}

function fail(reason) {
  process.stderr.write(`node22: ${reason}\n`);
  process.exit(1);
}

function installedVersion(packageDirectory) {
  try {
    return JSON.parse(readFileSync(join(packageDirectory, 'package.json'), 'utf8')).version;
  } catch {
    return undefined;
  }
}

/** The cache holds the pinned suite and Inspector versions (an older pin is reinstalled) and, if needed, a node. */
function complete(found, useOwnNode) {
  return (
    installedVersion(join(dirname(found.conformance), '..')) === conformanceVersion &&
    installedVersion(join(dirname(found.inspector), '..', '..', '..')) === inspectorVersion &&
    existsSync(found.inspector) &&
    (useOwnNode || existsSync(found.node))
  );
}

function install(root, packageName, useOwnNode) {
  const staging = `${root}.${process.pid}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const dependencies = {
    '@modelcontextprotocol/conformance': conformanceVersion,
    '@modelcontextprotocol/inspector': inspectorVersion,
  };
  if (!useOwnNode) dependencies[packageName] = nodeVersion;
  // One package.json naming both, so the second package is not pruned as extraneous by a later install.
  writeFileSync(
    join(staging, 'package.json'),
    `${JSON.stringify({ name: 'loupe-node22-cache', private: true, dependencies }, null, 2)}\n`,
  );
  process.stderr.write(
    `node22: installing ${Object.entries(dependencies)
      .map(([n, v]) => `${n}@${v}`)
      .join(' and ')} into ${root} (once)\n`,
  );
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(
    npm,
    ['install', '--prefix', staging, '--no-audit', '--no-fund', '--loglevel', 'error'],
    {
      stdio: ['ignore', process.stderr, 'inherit'],
      shell: process.platform === 'win32',
    },
  );
  if (result.error) fail(`could not run npm: ${result.error.message}`);
  if (result.status !== 0) {
    rmSync(staging, { recursive: true, force: true });
    fail(`npm install into ${staging} exited with ${String(result.status)} (no network or registry access?)`);
  }
  if (!complete(paths(staging, packageName), useOwnNode)) {
    rmSync(staging, { recursive: true, force: true });
    fail(
      `npm installed into ${staging} but the node binary, the conformance entry or the Inspector is missing`,
    );
  }
  mkdirSync(dirname(root), { recursive: true });
  if (complete(paths(root, packageName), useOwnNode)) {
    // Another run finished first: keep its copy.
    rmSync(staging, { recursive: true, force: true });
    return;
  }
  rmSync(root, { recursive: true, force: true });
  renameSync(staging, root);
}

function checkNode(node) {
  const result = spawnSync(node, ['--version'], { encoding: 'utf8' });
  if (result.status !== 0) fail(`${node} does not run: ${result.error?.message ?? result.stderr.trim()}`);
  const version = result.stdout.trim();
  if (major(version) < 22) fail(`${node} is ${version}, not >= 22`);
}

const useOwnNode = major(process.version) >= 22;
const packageName = nodePackageName();
if (!useOwnNode && !packageName)
  fail(`Node ${process.version} is older than 22 and no Node package exists for ${process.platform}`);
const root = cacheDirectory();
if (!complete(paths(root, packageName ?? ''), useOwnNode)) install(root, packageName ?? '', useOwnNode);
const found = paths(root, packageName ?? '');
const node = useOwnNode ? process.execPath : found.node;
checkNode(node);
process.stdout.write(`${node}\n${found.conformance}\n${found.inspector}\n`);
