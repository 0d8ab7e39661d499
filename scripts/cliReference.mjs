#!/usr/bin/env node
// `node scripts/cliReference.mjs [--check]` (after `npm run build:node`): the per-command sections of docs/cli.md,
// rendered from the CLI's help data (src/cli/help) between <!-- cli:reference --> and <!-- /cli:reference -->, so
// `loupe help <command>` and the reference cannot drift. The rest of the file is left as it is, and the file is
// formatted as the repository formats Markdown (prettier). --check rewrites nothing and exits 1 when the file differs
// (test/cli/helpReference.test.ts makes the same check from the sources, without a build).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const referencePath = 'docs/cli.md';
const open = '<!-- cli:reference -->';
const close = '<!-- /cli:reference -->';
const note = '<!-- generated from src/cli/help by node scripts/cliReference.mjs: do not edit -->';

/** The file's text with the block between the markers replaced by `markdown`, formatted by prettier. */
export async function withReference(text, markdown, path) {
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  if (start < 0 || end < start) throw new Error(`${path}: the markers ${open} … ${close} are missing`);
  const replaced = `${text.slice(0, start + open.length)}\n${note}\n\n${markdown}\n\n${text.slice(end)}`;
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(path)) ?? {};
  return prettier.format(replaced, { ...options, filepath: path });
}

async function main(argv) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const built = join(root, 'out', 'node', 'cli', 'help', 'helpReference.js');
  if (!existsSync(built)) {
    process.stderr.write('cliReference: run `npm run build:node` first (out/node/cli/help is missing)\n');
    process.exitCode = 1;
    return;
  }
  const { referenceMarkdown } = await import(pathToFileURL(built).href);
  const path = resolve(root, referencePath);
  const current = readFileSync(path, 'utf8');
  const expected = await withReference(current, referenceMarkdown(), path);
  if (current === expected) return;
  if (argv.includes('--check')) {
    process.stderr.write(`${referencePath} differs from the CLI's help: run node scripts/cliReference.mjs\n`);
    process.exitCode = 1;
    return;
  }
  writeFileSync(path, expected);
  process.stderr.write(`rewrote ${referencePath}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  await main(process.argv.slice(2));
