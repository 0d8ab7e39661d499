/**
 * Whether out/node may be tested: tests that run the compiled code (the CLI, the demo server, the host command)
 * must not run a build that failed or is older than its sources. A successful `npm run build:node` writes
 * out/node/.build-stamp (scripts/buildStamp.mjs) and a failed one leaves none; the build is stale when any source
 * file is newer than the stamp. The stamp, not the outputs' mtimes: after a clone or checkout every source carries
 * the checkout's time, and tsc's incremental build does not rewrite the output of a source that was only touched,
 * so outputs can stay older than sources through any number of successful builds.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export const buildStamp = 'out/node/.build-stamp';
/**
 * What tsconfig.node.json compiles into out/node (its tests excluded), and the configs and script that shape the
 * output (scripts/bundleCli.mjs writes the CLI's bundle, out/node/bundle).
 */
export const nodeSources = [
  'src/shared',
  'src/core',
  'src/cli',
  'src/host',
  'src/demo',
  'tsconfig.node.json',
  'tsconfig.base.json',
  'scripts/bundleCli.mjs',
];

interface Newest {
  path: string;
  mtimeMs: number;
}

function newestIn(path: string, newest: Newest | undefined): Newest | undefined {
  if (!existsSync(path)) return newest;
  const stat = statSync(path);
  if (!stat.isDirectory()) {
    if (/\.test\.tsx?$/.test(path)) return newest;
    return newest && newest.mtimeMs >= stat.mtimeMs ? newest : { path, mtimeMs: stat.mtimeMs };
  }
  for (const entry of readdirSync(path)) newest = newestIn(join(path, entry), newest);
  return newest;
}

/** Why the build in `root`/out/node cannot be trusted for these sources, or undefined when it can. */
export function staleBuild(root: string, sources: readonly string[] = nodeSources): string | undefined {
  const stamp = join(root, buildStamp);
  if (!existsSync(stamp)) {
    return `out/node holds no successful build (${buildStamp} is missing: the last npm run build:node failed or never ran): run npm run build`;
  }
  const builtAt = statSync(stamp).mtimeMs;
  let newest: Newest | undefined;
  for (const source of sources) newest = newestIn(join(root, source), newest);
  if (newest && newest.mtimeMs > builtAt) {
    const when = (ms: number) => new Date(ms).toISOString();
    return `out/node is older than its sources: ${relative(root, newest.path)} changed at ${when(newest.mtimeMs)}, after the last successful build at ${when(builtAt)}: run npm run build`;
  }
  return undefined;
}
