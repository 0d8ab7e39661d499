#!/usr/bin/env node
// The `loupe` command: the bundle npm run build:node writes (out/node/bundle/loupe.js, scripts/bundleCli.mjs), so a
// run loads a few files instead of every module of the engine one by one.
import { existsSync } from 'node:fs';

const entry = new URL('../out/node/bundle/loupe.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('loupe: not built yet: run `npm run build` (or `npm run build:node`) first\n');
  process.exit(1);
}
const { main } = await import(entry.href);
await main(process.argv.slice(2));
