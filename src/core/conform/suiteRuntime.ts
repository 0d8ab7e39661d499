/**
 * Where the conformance suite and a Node >= 22 to run it come from (the suite's 0.2.0-alpha line imports
 * fs.globSync). Node: Electron's own in the desktop app (process.execPath with ELECTRON_RUN_AS_NODE=1), else this
 * process's when it is 22 or newer, else the `node-<platform>-<arch>` npm package (a Node binary inside a registry
 * package) from a cache. The suite is always taken from a cache: Loupe's own (loupe/conform) or the one
 * scripts/node22.mjs keeps for the tests (loupe/node22), whichever holds the pinned version.
 *
 * Nothing is installed without consent: findSuite() says what is missing, installSuite() installs it with the
 * ordinary npm client into a staging directory renamed into place (an interrupted install never looks complete).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { LoupeError } from '../../shared/errors.js';

export const suiteVersion = '0.2.0-alpha.12';
const nodeVersion = '22.23.5';
const platformNames: Partial<Record<NodeJS.Platform, string>> = { linux: 'linux', darwin: 'darwin', win32: 'win' };

export interface SuiteRuntime {
  /** The Node binary (or Electron) that runs the suite, and what it needs in its environment. */
  node: string;
  env: Record<string, string>;
  /** "node 22.23.5 (cache)", "electron 45.1.0 (ELECTRON_RUN_AS_NODE)", "node 24.1.0 (this process)". */
  nodeLabel: string;
  entry: string;
  version: string;
  /** The suite's requirements/ folder. */
  requirements: string;
}

export type SuiteLookup = { found: SuiteRuntime } | { missing: string; install: string[] };

function cacheBase(): string {
  return process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
}

/** Loupe's own cache (installSuite writes here): $LOUPE_CONFORM_CACHE, else <cache>/loupe/conform. */
export function conformCache(): string {
  return process.env.LOUPE_CONFORM_CACHE || join(cacheBase(), 'loupe', 'conform');
}

function cacheRoots(): string[] {
  return [conformCache(), process.env.LOUPE_NODE22_CACHE || join(cacheBase(), 'loupe', 'node22')];
}

function nodePackage(): string | undefined {
  const platform = platformNames[process.platform];
  return platform ? `node-${platform}-${process.arch}` : undefined;
}

function installedVersion(folder: string): string | undefined {
  try {
    const parsed = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof parsed.version === 'string' ? parsed.version : undefined;
  } catch {
    return undefined;
  }
}

const major = (version: string): number => Number(version.replace(/^v/, '').split('.')[0]);

function suiteIn(root: string): { entry: string; requirements: string } | undefined {
  const folder = join(root, 'node_modules', '@modelcontextprotocol', 'conformance');
  const entry = join(folder, 'dist', 'index.js');
  if (installedVersion(folder) !== suiteVersion || !existsSync(entry)) return undefined;
  return { entry, requirements: join(folder, 'requirements') };
}

function cachedNode(root: string): string | undefined {
  const name = nodePackage();
  if (!name) return undefined;
  const binary = join(root, 'node_modules', name, process.platform === 'win32' ? 'node.exe' : join('bin', 'node'));
  if (!existsSync(binary)) return undefined;
  const ran = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  return ran.status === 0 && major(ran.stdout.trim()) >= 22 ? binary : undefined;
}

/** The Node that runs the suite without installing anything, if there is one. */
function ownNode(): Pick<SuiteRuntime, 'node' | 'env' | 'nodeLabel'> | undefined {
  const electron = process.versions.electron;
  // The desktop app: Electron's main process is Node (22 in electron 45), run as plain Node by this variable.
  if (electron !== undefined && major(process.versions.node) >= 22)
    return {
      node: process.execPath,
      env: { ELECTRON_RUN_AS_NODE: '1' },
      nodeLabel: `electron ${electron} (node ${process.versions.node}, ELECTRON_RUN_AS_NODE)`,
    };
  if (electron === undefined && major(process.version) >= 22)
    return { node: process.execPath, env: {}, nodeLabel: `node ${process.version.slice(1)} (this process)` };
  return undefined;
}

/** The suite and a Node for it, or what installSuite() would install. */
export function findSuite(): SuiteLookup {
  const own = ownNode();
  for (const root of cacheRoots()) {
    const suite = suiteIn(root);
    if (!suite) continue;
    if (own) return { found: { ...own, ...suite, version: suiteVersion } };
    const node = cachedNode(root);
    if (node) return { found: { node, env: {}, nodeLabel: `node ${nodeVersion} (${root})`, ...suite, version: suiteVersion } };
  }
  const install = [`@modelcontextprotocol/conformance@${suiteVersion}`];
  const name = nodePackage();
  if (!own) {
    if (!name)
      throw new LoupeError({
        kind: 'usage',
        message: `the conformance suite needs Node >= 22; this is ${process.version} and no Node package exists for ${process.platform}: run loupe on Node 22 or newer`,
      });
    install.push(`${name}@${nodeVersion}`);
  }
  return {
    missing: `the conformance suite ${suiteVersion}${own ? '' : ` and Node ${nodeVersion} (this is Node ${process.version})`}`,
    install,
  };
}

/** Installs what findSuite() named as missing into conformCache(), with npm, once. `log` gets npm's progress. */
export async function installSuite(packages: readonly string[], log: (line: string) => void): Promise<SuiteRuntime> {
  const root = conformCache();
  const staging = `${root}.${process.pid}.tmp`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  const dependencies = Object.fromEntries(
    packages.map((spec) => {
      const at = spec.lastIndexOf('@');
      return [spec.slice(0, at), spec.slice(at + 1)];
    }),
  );
  await writeFile(
    join(staging, 'package.json'),
    `${JSON.stringify({ name: 'loupe-conform-cache', private: true, dependencies }, null, 2)}\n`,
  );
  log(`loupe conform: installing ${packages.join(' and ')} into ${root} (once)`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(npm, ['install', '--prefix', staging, '--no-audit', '--no-fund', '--loglevel', 'error'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: process.platform === 'win32',
    });
    const forward = (chunk: Buffer): void => {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) log(line);
    };
    child.stdout.on('data', forward);
    child.stderr.on('data', forward);
    child.once('error', (error) =>
      reject(new LoupeError({ kind: 'usage', message: `could not run npm to install the suite: ${error.message}` })),
    );
    child.once('close', resolve);
  });
  if (code !== 0) {
    await rm(staging, { recursive: true, force: true });
    throw new LoupeError({
      kind: 'usage',
      message: `npm install of ${packages.join(', ')} exited with ${String(code)} (no network or registry access?)`,
    });
  }
  await mkdir(dirname(root), { recursive: true });
  await rm(root, { recursive: true, force: true });
  await rename(staging, root);
  const lookup = findSuite();
  if ('found' in lookup) return lookup.found;
  throw new LoupeError({ kind: 'usage', message: `npm installed into ${root} but ${lookup.missing} is still missing` });
}
