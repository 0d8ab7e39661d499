// The recording section's Loupe contender (lib/callers.mjs: connect, tools/list, then N callTool in a row, 500 calls
// of warm-up first) in a fresh process per run, alternating this checkout and another built one:
//   node --expose-gc bench/investigations/callPathAb.mjs [rounds] [calls] [--base <checkout>]   (default /tmp/calls-base)
// Prints each run and the medians of wall and client CPU, and the paired ratios this / base.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const args = process.argv.slice(2);
const baseAt = args.indexOf('--base');
const base = baseAt >= 0 ? args.splice(baseAt, 2)[1] : '/tmp/calls-base';
const [rounds = 5, calls = 5000] = args.map(Number);

if (args[0] === 'child') {
  const { callers } = await import(`${args[1]}/bench/lib/callers.mjs`);
  await callers.loupe(500);
  const run = await callers.loupe(Number(args[2]));
  process.stdout.write(`${JSON.stringify({ ms: run.ms, cpuMs: run.cpuMs })}\n`);
} else {
  const runOf = (root) => {
    const child = spawnSync(
      process.execPath,
      ['--expose-gc', fileURLToPath(import.meta.url), 'child', root, String(calls)],
      {
        encoding: 'utf8',
      },
    );
    if (child.status !== 0) throw new Error(child.stderr);
    return JSON.parse(child.stdout);
  };
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const runs = { self: [], base: [] };
  for (let round = 0; round < rounds; round += 1) {
    for (const name of round % 2 === 0 ? ['self', 'base'] : ['base', 'self'])
      runs[name].push(runOf(name === 'self' ? here : base));
    console.log(
      `round ${round + 1}: this ${runs.self.at(-1).cpuMs.toFixed(0)} ms CPU, base ${runs.base.at(-1).cpuMs.toFixed(0)} ms CPU`,
    );
  }
  for (const key of ['ms', 'cpuMs'])
    console.log(
      `${key}: this ${median(runs.self.map((run) => run[key])).toFixed(0)}, base ${median(runs.base.map((run) => run[key])).toFixed(0)}, paired ${median(runs.self.map((run, index) => run[key] / runs.base[index][key])).toFixed(2)}`,
    );
}
