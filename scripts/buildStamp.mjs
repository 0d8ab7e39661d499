#!/usr/bin/env node
// The record of a successful `npm run build:node`: out/node/.build-stamp, whose mtime is when tsc last succeeded.
// `node scripts/buildStamp.mjs clear` (before tsc) removes it, `node scripts/buildStamp.mjs` (after tsc succeeded)
// writes it, so a failed build leaves none. Tests that run the compiled code (test/helpers/buildFreshness.ts) refuse
// a build without a stamp, or one older than a source file. The outputs' own mtimes cannot serve: tsc's incremental
// build does not rewrite the output of a source that was only touched (a checkout, a stash and pop).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const stamp = join(fileURLToPath(new URL('..', import.meta.url)), 'out', 'node', '.build-stamp');

if (process.argv[2] === 'clear') rmSync(stamp, { force: true });
else {
  mkdirSync(dirname(stamp), { recursive: true });
  writeFileSync(stamp, `${JSON.stringify({ builtAt: new Date().toISOString(), node: process.version })}\n`);
}
