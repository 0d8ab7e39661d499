/** staleBuild on a scratch tree: no stamp, a source newer than the stamp, and what does not count as a source. */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildStamp, staleBuild } from './buildFreshness.js';

let root: string;
const builtAt = new Date('2026-11-30T12:00:00.000Z');

/** Writes a file with the given mtime. */
function file(path: string, mtime: Date): void {
  const full = join(root, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, 'x');
  utimesSync(full, mtime, mtime);
}

const before = new Date(builtAt.getTime() - 60_000);
const after = new Date(builtAt.getTime() + 1_000);

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'loupe-build-'));
  // As after a clone: every source carries the same time, the build came later.
  for (const path of ['src/core/a.ts', 'src/shared/b.ts', 'src/cli/c.ts', 'tsconfig.node.json']) file(path, before);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('staleBuild', () => {
  it('refuses a tree whose last build failed or never ran (no stamp)', () => {
    expect(staleBuild(root)).toBe(
      'out/node holds no successful build (out/node/.build-stamp is missing: the last npm run build:node failed or never ran): run npm run build',
    );
  });

  it('accepts a build stamped after every source, and refuses one a source changed after', () => {
    file(buildStamp, builtAt);
    expect(staleBuild(root)).toBeUndefined();
    file('src/core/deep/inner/changed.ts', after);
    expect(staleBuild(root)).toBe(
      'out/node is older than its sources: src/core/deep/inner/changed.ts changed at 2026-11-30T12:00:01.000Z, after the last successful build at 2026-11-30T12:00:00.000Z: run npm run build',
    );
  });

  it('counts the compiler config, not tests, the renderer or sources outside the ones asked about', () => {
    file(buildStamp, builtAt);
    file('src/core/a.test.ts', after);
    file('src/renderer/App.tsx', after);
    file('src/cli/c.ts', after);
    expect(staleBuild(root)).toMatch(/src\/cli\/c\.ts changed at/);
    expect(staleBuild(root, ['src/core', 'src/shared'])).toBeUndefined();
    file('tsconfig.node.json', after);
    expect(staleBuild(root, ['src/core', 'tsconfig.node.json'])).toMatch(/^out\/node is older than its sources: tsconfig\.node\.json /);
  });
});
