// Section: the common case, whole processes. A 10-tool server (the bench server, one page) listed and called as a
// user runs it: the raw floor and the bare SDK 1.x Client (bench/lib/processLister.mjs, each loading only its own
// code), `loupe list`, `loupe list --json` and `loupe call`, from spawn to exit, stdout checked. Contenders alternate
// in every round (order rotating); ratios are the median of per-round ratios. Most of such a run is start-up: what
// bench/investigations/startupTimeline.mjs takes apart.
//
// BENCH_BASELINE=<folder of another built checkout> adds its `loupe list` and `loupe call` as contenders (an A/B of a
// change; node_modules may be a link to this one's).
import { join } from 'node:path';
import { benchServer, root } from '../lib/engine.mjs';
import { pairedRatio, summarize } from '../lib/stats.mjs';
import { alternate, hasTimeBinary, timeBinary } from '../lib/wholeProcess.mjs';

const tools = 10;
const toolName = 'tool_00001_read_files';

function expectText(name, expected) {
  return (stdout) => {
    const text = stdout.toString('utf8').trim();
    if (text !== expected)
      throw new Error(
        `${name} printed ${JSON.stringify(text.slice(0, 200))}, expected ${JSON.stringify(expected)}`,
      );
  };
}

function expectRows(name) {
  return (stdout) => {
    const rows = (stdout.toString('utf8').match(/^tool_\d+/gm) ?? []).length;
    if (rows !== tools) throw new Error(`${name} printed ${rows} rows, expected ${tools}`);
  };
}

function expectDocument(name) {
  return (stdout) => {
    const document = JSON.parse(stdout.toString('utf8'));
    if (document.complete !== true || document.items?.length !== tools)
      throw new Error(`${name}: not a complete list of ${tools}`);
  };
}

function contenders() {
  const flags = ['--tools', String(tools), '--page-size', '50'];
  const target = benchServer(flags);
  const lister = join(root, 'bench', 'lib', 'processLister.mjs');
  const server = ['--', target.command, ...target.args];
  const call = ['call', toolName, '--args', '{"query":"bench"}', ...server];
  const called = `called ${toolName}`;
  const table = {
    'raw list': { args: [lister, 'raw', ...flags], check: expectText('raw list', String(tools)) },
    'sdk list': { args: [lister, 'sdk', ...flags], check: expectText('sdk list', String(tools)) },
    'loupe list': {
      args: [join(root, 'bin', 'loupe.js'), 'list', ...server],
      check: expectRows('loupe list'),
    },
    'loupe list --json': {
      args: [join(root, 'bin', 'loupe.js'), 'list', '--json', ...server],
      check: expectDocument('loupe list --json'),
    },
    'raw call': {
      args: [lister, 'raw', '--call', toolName, ...flags],
      check: expectText('raw call', called),
    },
    'sdk call': {
      args: [lister, 'sdk', '--call', toolName, ...flags],
      check: expectText('sdk call', called),
    },
    'loupe call': { args: [join(root, 'bin', 'loupe.js'), ...call], check: expectText('loupe call', called) },
  };
  const baseline = process.env.BENCH_BASELINE;
  if (baseline) {
    table['baseline list'] = {
      args: [join(baseline, 'bin', 'loupe.js'), 'list', ...server],
      check: expectRows('baseline list'),
    };
    table['baseline call'] = {
      args: [join(baseline, 'bin', 'loupe.js'), ...call],
      check: expectText('baseline call', called),
    };
  }
  return table;
}

export async function run({ quick, log }) {
  if (!hasTimeBinary()) return { error: `${timeBinary} is missing: peak memory cannot be measured` };
  const rounds = quick ? 5 : 15;
  const table = contenders();
  const names = Object.keys(table);
  const { wall, peak } = alternate(table, rounds, log);
  const pair = (a, b) => (wall[a] && wall[b] ? pairedRatio(wall[a], wall[b]) : undefined);
  return {
    measured: `whole processes from spawn to exit against a ${tools}-tool server (one page): the client spawns the server, opens the session, lists (and calls one tool), prints, exits; peak memory is the client process maxRSS`,
    tools,
    runs: rounds,
    ...(process.env.BENCH_BASELINE ? { baseline: process.env.BENCH_BASELINE } : {}),
    wallMs: Object.fromEntries(names.map((name) => [name, summarize(wall[name])])),
    peakMiB: Object.fromEntries(names.map((name) => [name, summarize(peak[name])])),
    ratios: {
      'loupe list / sdk list': pair('loupe list', 'sdk list'),
      'loupe call / sdk call': pair('loupe call', 'sdk call'),
      'loupe list / raw list': pair('loupe list', 'raw list'),
      'loupe call / raw call': pair('loupe call', 'raw call'),
      'sdk list / raw list': pair('sdk list', 'raw list'),
      'loupe list --json / sdk list': pair('loupe list --json', 'sdk list'),
      ...(process.env.BENCH_BASELINE
        ? {
            'loupe list / baseline list': pair('loupe list', 'baseline list'),
            'loupe call / baseline call': pair('loupe call', 'baseline call'),
          }
        : {}),
    },
  };
}
