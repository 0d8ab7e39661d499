#!/usr/bin/env node
// Lint of 50,000 bench tools (bench/servers/toolShape.mjs) in pages of 50, as `list --json` lints them, this checkout's
// ToolLinter against a baseline's, alternated in one process, CPU time per round (machine load moves it least):
//   node bench/investigations/lintAb.mjs [--rounds 8] [--baseline /work/main]
// Both checkouts must be built (the linter is read from out/node/core). Also checks the findings are the same.
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { tool } from '../servers/toolShape.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const rounds = Number(option('--rounds', '8'));
const baseline = option('--baseline', '/work/main');
const linterOf = async (checkout) =>
  (await import(pathToFileURL(join(checkout, 'out', 'node', 'core', 'lint', 'lintTools.js')).href))
    .ToolLinter;
const linters = { this: await linterOf(root), base: await linterOf(baseline) };
const tools = Array.from({ length: 50_000 }, (_, index) => JSON.parse(JSON.stringify(tool(index))));
const cpu = { this: [], base: [] };
const texts = {};
for (let round = 0; round < rounds; round += 1) {
  for (const name of round % 2 ? ['base', 'this'] : ['this', 'base']) {
    const started = process.cpuUsage();
    const linter = new linters[name]();
    for (let offset = 0; offset < tools.length; offset += 50)
      linter.add(tools.slice(offset, offset + 50), offset);
    const findings = linter.findings();
    const used = process.cpuUsage(started);
    cpu[name].push((used.user + used.system) / 1000);
    texts[name] = JSON.stringify(findings);
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
process.stdout.write(
  `lint of 50,000 tools, CPU ms median of ${rounds}: this ${median(cpu.this).toFixed(0)}, base ${median(cpu.base).toFixed(0)}; same findings: ${texts.this === texts.base}\n`,
);
