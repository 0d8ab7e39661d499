#!/usr/bin/env node
// The garbage collector's work in a 50,000-tool `loupe list`, this checkout against a baseline, whole processes
// alternated: node --trace-gc-nvp counts the collections of each run and the bytes they copied, which machine load
// leaves alone (wall time it does not).
//   node bench/investigations/bigListGc.mjs [--runs 3] [--tools 50000] [--json] [--baseline /work/main]
// Per run: scavenges, mark-compacts, bytes survived in the young generation and promoted to the old one, the
// client's CPU time (user + system) and peak RSS. Both checkouts must be built.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchServer } from '../lib/engine.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const runs = Number(option('--runs', '3'));
const tools = Number(option('--tools', '50000'));
const baseline = option('--baseline', '/work/main');
const target = benchServer(['--tools', String(tools), '--page-size', '50']);
const list = [
  'list',
  ...(argv.includes('--json') ? ['--json'] : []),
  '--page-limit',
  String(Math.ceil(tools / 10) + 10),
];
const tmp = join(root, 'bench', 'tmp', 'bigListGc');
mkdirSync(tmp, { recursive: true });
const usage = join(tmp, `time-${process.pid}`);

function once(checkout) {
  rmSync(usage, { force: true });
  const args = [
    '--trace-gc-nvp',
    join(checkout, 'bin', 'loupe.js'),
    ...list,
    '--',
    target.command,
    ...target.args,
  ];
  const child = spawnSync('/usr/bin/time', ['-f', '%U %S %M', '-o', usage, process.execPath, ...args], {
    stdio: ['ignore', 'pipe', 'ignore'],
    maxBuffer: 1 << 30,
  });
  if (child.status !== 0) throw new Error(`${checkout} exited ${child.status}`);
  const counts = { scavenges: 0, markCompacts: 0, survivedMB: 0, promotedMB: 0 };
  // The trace shares stdout with the output: only its lines have pause= and gc=.
  for (const line of child.stdout.toString('latin1').split('\n')) {
    if (!line.includes('pause=')) continue;
    const fields = Object.fromEntries(
      line
        .trim()
        .split(/\s+/)
        .map((pair) => pair.split('=')),
    );
    if (fields.gc === 's') counts.scavenges += 1;
    else if (fields.gc === 'mc' || fields.gc === 'mmc') counts.markCompacts += 1;
    counts.survivedMB += Number(fields.new_space_survived ?? 0) / 1048576;
    counts.promotedMB += Number(fields.promoted ?? 0) / 1048576;
  }
  const [user, system, kib] = readFileSync(usage, 'utf8').trim().split('\n').at(-1).split(' ').map(Number);
  return { ...counts, cpuMs: (user + system) * 1000, peakMiB: kib / 1024 };
}

const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
process.stdout.write(`${list.join(' ')}, ${tools} tools; load ${load()}\n`);
for (let round = 0; round < runs; round += 1) {
  for (const [label, checkout] of round % 2
    ? [
        ['base', baseline],
        ['this', root],
      ]
    : [
        ['this', root],
        ['base', baseline],
      ]) {
    const run = once(checkout);
    process.stdout.write(
      `${label}  scavenges ${run.scavenges}  mark-compacts ${run.markCompacts}  survived ${run.survivedMB.toFixed(1)} MB  promoted ${run.promotedMB.toFixed(1)} MB  cpu ${run.cpuMs.toFixed(0)} ms  peak ${run.peakMiB.toFixed(0)} MiB\n`,
    );
  }
}
process.stdout.write(`load ${load()}\n`);
rmSync(usage, { force: true });
