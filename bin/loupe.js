#!/usr/bin/env node
// The `loupe` command. The CLI is compiled TypeScript (npm run build:node → out/node/cli/main.js).
import { existsSync } from 'node:fs';

const entry = new URL('../out/node/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('loupe: not built yet: run `npm run build` (or `npm run build:node`) first\n');
  process.exit(1);
}
const { main } = await import(entry.href);
await main(process.argv.slice(2));
