#!/usr/bin/env node
// An A/B of `loupe list` and `loupe list --json` over a big list, whole processes as the processes section runs them,
// with the client's CPU time beside the wall time (machine load spreads wall time far more than CPU time):
//   node bench/investigations/bigListAb.mjs [--runs 7] [--tools 50000] [--only table,json] [--baseline <checkout>]
// Contenders, alternated every round (order rotating), one warm-up run each: the raw loop (bench/lib/processLister.mjs)
// and, for this checkout and the baseline (default /work/main: another built checkout), `list` (the table) and
// `list --json`. Prints each contender's medians (wall, user + system CPU, peak RSS) and the median of per-round
// ratios: to the raw loop, and this checkout to the baseline. stdout is checked as the section checks it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { benchServer } from '../lib/engine.mjs';
import { median } from '../lib/stats.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const runs = Number(option('--runs', '7'));
const tools = Number(option('--tools', '50000'));
const only = option('--only', 'table,json').split(',');
const baseline = option('--baseline', '/work/main');
const flags = ['--tools', String(tools), '--page-size', '50'];
const target = benchServer(flags);
const server = ['--page-limit', String(Math.ceil(tools / 10) + 10), '--', target.command, ...target.args];

const rows = (stdout) => (stdout.match(/^tool_\d+/gm) ?? []).length;
const documentItems = (stdout) => {
  const document = JSON.parse(stdout);
  return document.complete === true ? document.items.length : -1;
};
const contenders = {
  raw: { args: [join(root, 'bench', 'lib', 'processLister.mjs'), 'raw', ...flags], count: Number },
};
for (const [label, checkout] of [
  ['this', root],
  ['base', baseline],
]) {
  const bin = join(checkout, 'bin', 'loupe.js');
  if (only.includes('table')) contenders[`${label} table`] = { args: [bin, 'list', ...server], count: rows };
  if (only.includes('json'))
    contenders[`${label} json`] = { args: [bin, 'list', '--json', ...server], count: documentItems };
}

const tmp = join(root, 'bench', 'tmp', 'bigListAb');
mkdirSync(tmp, { recursive: true });
const usage = join(tmp, `time-${process.pid}`);

function once(name) {
  rmSync(usage, { force: true });
  const started = performance.now();
  const child = spawnSync(
    '/usr/bin/time',
    ['-f', '%U %S %M', '-o', usage, process.execPath, ...contenders[name].args],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 1 << 30,
    },
  );
  const ms = performance.now() - started;
  if (child.status !== 0)
    throw new Error(`${name} exited ${child.status}: ${child.stderr.toString().slice(-300)}`);
  const listed = contenders[name].count(child.stdout.toString('utf8').trim());
  if (listed !== tools) throw new Error(`${name} listed ${listed}, expected ${tools}`);
  const [user, system, kib] = readFileSync(usage, 'utf8').trim().split('\n').at(-1).split(' ').map(Number);
  return { ms, cpu: (user + system) * 1000, mib: kib / 1024 };
}

const names = Object.keys(contenders);
const series = Object.fromEntries(names.map((name) => [name, []]));
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
process.stdout.write(`load ${load()} at ${new Date().toISOString()}\n`);
for (const name of names) once(name);
for (let round = 0; round < runs; round += 1) {
  for (const name of names.map((_, index) => names[(index + round) % names.length]))
    series[name].push(once(name));
  process.stdout.write(`round ${round + 1}/${runs} done, load ${load()}\n`);
}
const med = (name, key) => median(series[name].map((run) => run[key]));
const ratio = (a, b, key) => median(series[a].map((run, index) => run[key] / series[b][index][key]));
for (const name of names) {
  const line = `${name.padEnd(12)} wall ${med(name, 'ms').toFixed(0).padStart(5)} ms  cpu ${med(name, 'cpu').toFixed(0).padStart(5)} ms  peak ${med(name, 'mib').toFixed(0).padStart(4)} MiB`;
  const toRaw =
    name === 'raw'
      ? ''
      : `  /raw wall ${ratio(name, 'raw', 'ms').toFixed(2)}× cpu ${ratio(name, 'raw', 'cpu').toFixed(2)}×`;
  process.stdout.write(`${line}${toRaw}\n`);
}
for (const mode of only) {
  const a = `this ${mode}`;
  const b = `base ${mode}`;
  process.stdout.write(
    `${mode}: this/base wall ${ratio(a, b, 'ms').toFixed(2)}× cpu ${ratio(a, b, 'cpu').toFixed(2)}× peak ${ratio(a, b, 'mib').toFixed(2)}×\n`,
  );
}
process.stdout.write(`load ${load()} at ${new Date().toISOString()}\n`);
rmSync(usage, { force: true });
