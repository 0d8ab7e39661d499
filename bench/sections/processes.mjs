// Section: whole processes, as a user runs them. 50,000 tools in 1,000 pages of 50 from the bench server over
// stdio: the raw floor, the bare SDK (bench/lib/processLister.mjs), `loupe list` (the table) and
// `loupe list --json`, each from spawn to exit, stdout read back, counted and checked (the JSON parsed, complete). Contenders
// alternate in every round (order rotating). Wall time and peak memory (maxRSS of the client process, from
// /usr/bin/time -f %M; the server's is not counted) per run; ratios are per round against the raw floor.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { benchServer, root } from '../lib/engine.mjs';
import { pairedRatio, summarize } from '../lib/stats.mjs';

const timeBinary = '/usr/bin/time';
const loupe = join(root, 'bin', 'loupe.js');
const lister = join(root, 'bench', 'lib', 'processLister.mjs');
const tmp = join(root, 'bench', 'tmp', 'processes');

function contenders(flags, tools) {
  const target = benchServer(flags);
  const loupeArgs = ['--page-limit', String(Math.ceil(tools / 10) + 10), '--', target.command, ...target.args];
  return {
    raw: [lister, 'raw', ...flags.map(String)],
    sdk: [lister, 'sdk', ...flags.map(String)],
    'loupe list': [loupe, 'list', ...loupeArgs],
    'loupe list --json': [loupe, 'list', '--json', ...loupeArgs],
  };
}

/** Runs one contender to exit: wall ms, peak RSS MiB, stdout bytes; throws when it failed or listed the wrong count. */
function runOnce(name, args, tools) {
  mkdirSync(tmp, { recursive: true });
  const rss = join(tmp, 'rss');
  rmSync(rss, { force: true });
  const started = performance.now();
  const child = spawnSync(timeBinary, ['-f', '%M', '-o', rss, process.execPath, ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 1024 * 1024 * 1024,
  });
  const ms = performance.now() - started;
  if (child.status !== 0) throw new Error(`${name} exited ${child.status}: ${child.stderr.toString().slice(-300)}`);
  const stdout = child.stdout;
  const text = stdout.toString('utf8');
  let listed;
  if (name === 'raw' || name === 'sdk') listed = Number(text.trim());
  else if (name.endsWith('--json')) {
    const document = JSON.parse(text);
    listed = document.complete === true ? document.items.length : `an incomplete ${document.items?.length}`;
  } else listed = (text.match(/^tool_\d+/gm) ?? []).length;
  if (listed !== tools) throw new Error(`${name} listed ${listed} tools, expected ${tools}`);
  const peakKiB = Number(readFileSync(rss, 'utf8').trim().split('\n').at(-1));
  return { ms, peakMiB: peakKiB / 1024, bytes: stdout.length };
}

export async function run({ quick, log }) {
  if (!existsSync(timeBinary)) return { error: `${timeBinary} is missing: peak memory cannot be measured` };
  const tools = quick ? 10_000 : 50_000;
  const pageSize = 50;
  const runs = quick ? 2 : 5;
  const flags = ['--tools', tools, '--page-size', pageSize];
  const table = contenders(flags, tools);
  const names = Object.keys(table);
  const wall = Object.fromEntries(names.map((name) => [name, []]));
  const peak = Object.fromEntries(names.map((name) => [name, []]));
  const bytes = {};
  for (const name of names) runOnce(name, table[name], tools); // warm-up: the file cache (each run is a fresh process)
  for (let round = 0; round < runs; round += 1) {
    const order = names.map((_, index) => names[(index + round) % names.length]);
    for (const name of order) {
      const result = runOnce(name, table[name], tools);
      wall[name].push(result.ms);
      peak[name].push(result.peakMiB);
      bytes[name] = result.bytes;
      log(`round ${round + 1}: ${name} ${result.ms.toFixed(0)} ms, ${result.peakMiB.toFixed(0)} MiB`);
    }
  }
  const ratios = Object.fromEntries(names.filter((name) => name !== 'raw').map((name) => [name, pairedRatio(wall[name], wall.raw)]));
  return {
    measured: 'whole processes from spawn to exit (the client spawns the server, initializes, lists every page, prints, exits); peak memory is the client process maxRSS',
    tools,
    pages: Math.ceil(tools / pageSize),
    runs,
    wallMs: Object.fromEntries(names.map((name) => [name, summarize(wall[name])])),
    peakMiB: Object.fromEntries(names.map((name) => [name, summarize(peak[name])])),
    stdoutBytes: bytes,
    wallOverRaw: ratios,
  };
}
