// Section: whole processes, as a user runs them. 50,000 tools in 1,000 pages of 50 from the bench server over
// stdio: the raw floor, the bare SDK (bench/lib/processLister.mjs), `loupe list` (the table) and
// `loupe list --json`, each from spawn to exit, stdout read back, counted and checked (the JSON parsed, complete). Contenders
// alternate in every round (order rotating). Wall time and peak memory (maxRSS of the client process, from
// /usr/bin/time -f %M; the server's is not counted) per run; ratios are per round against the raw floor.
//
// BENCH_BASELINE=<folder of another built checkout> adds its `loupe list` and `loupe list --json` as contenders (an
// A/B of a change, with this checkout's over the baseline's per round; such a run is never quoted).
import { join } from 'node:path';
import { benchServer, root } from '../lib/engine.mjs';
import { pairedRatio, summarize } from '../lib/stats.mjs';
import { alternate, hasTimeBinary, timeBinary } from '../lib/wholeProcess.mjs';

const loupe = join(root, 'bin', 'loupe.js');
const lister = join(root, 'bench', 'lib', 'processLister.mjs');

function counted(name, tools, listed) {
  if (listed !== tools) throw new Error(`${name} listed ${listed} tools, expected ${tools}`);
}

function loupeContenders(label, bin, loupeArgs, tools) {
  return {
    [`${label} list`]: {
      args: [bin, 'list', ...loupeArgs],
      check: (stdout) => counted(`${label} list`, tools, (stdout.toString('utf8').match(/^tool_\d+/gm) ?? []).length),
    },
    [`${label} list --json`]: {
      args: [bin, 'list', '--json', ...loupeArgs],
      check: (stdout) => {
        const document = JSON.parse(stdout.toString('utf8'));
        counted(`${label} list --json`, tools, document.complete === true ? document.items.length : `an incomplete ${document.items?.length}`);
      },
    },
  };
}

function contenders(flags, tools) {
  const target = benchServer(flags);
  const loupeArgs = ['--page-limit', String(Math.ceil(tools / 10) + 10), '--', target.command, ...target.args];
  const count = (name) => (stdout) => counted(name, tools, Number(stdout.toString('utf8').trim()));
  const baseline = process.env.BENCH_BASELINE;
  return {
    raw: { args: [lister, 'raw', ...flags.map(String)], check: count('raw') },
    sdk: { args: [lister, 'sdk', ...flags.map(String)], check: count('sdk') },
    ...loupeContenders('loupe', loupe, loupeArgs, tools),
    ...(baseline ? loupeContenders('baseline', join(baseline, 'bin', 'loupe.js'), loupeArgs, tools) : {}),
  };
}

export async function run({ quick, log }) {
  if (!hasTimeBinary()) return { error: `${timeBinary} is missing: peak memory cannot be measured` };
  const tools = quick ? 10_000 : 50_000;
  const pageSize = 50;
  const runs = quick ? 2 : 5;
  const flags = ['--tools', tools, '--page-size', pageSize];
  const table = contenders(flags, tools);
  const names = Object.keys(table);
  const { wall, peak, bytes } = alternate(table, runs, log);
  const ratios = Object.fromEntries(names.filter((name) => name !== 'raw').map((name) => [name, pairedRatio(wall[name], wall.raw)]));
  const baseline = process.env.BENCH_BASELINE;
  return {
    measured: 'whole processes from spawn to exit (the client spawns the server, initializes, lists every page, prints, exits); peak memory is the client process maxRSS',
    tools,
    pages: Math.ceil(tools / pageSize),
    runs,
    wallMs: Object.fromEntries(names.map((name) => [name, summarize(wall[name])])),
    peakMiB: Object.fromEntries(names.map((name) => [name, summarize(peak[name])])),
    stdoutBytes: bytes,
    wallOverRaw: ratios,
    ...(baseline
      ? {
          baseline,
          wallOverBaseline: {
            'loupe list': pairedRatio(wall['loupe list'], wall['baseline list']),
            'loupe list --json': pairedRatio(wall['loupe list --json'], wall['baseline list --json']),
          },
          peakOverBaseline: {
            'loupe list': pairedRatio(peak['loupe list'], peak['baseline list']),
            'loupe list --json': pairedRatio(peak['loupe list --json'], peak['baseline list --json']),
          },
        }
      : {}),
  };
}
