// The collection bench's cold run (bench/lib/collectionColdRun.mjs: one fresh process, the clock from after connect
// to the report) taken apart and compared:
//   node bench/investigations/collectionCold.mjs ab [runs] [--base <another built checkout>]
//     alternates cold runs of raw, this checkout's Loupe and the base's Loupe (default /tmp/calls-base, a copy of
//     the baseline commit built with npm run build:node), each in a fresh process; prints medians and paired ratios.
//   node bench/investigations/collectionCold.mjs profile <out.cpuprofile> [--base <checkout>]
//     one cold Loupe run whose clock alone is profiled (inspector, 100 µs sampling); read it with cpuprofileTop.mjs.
//   node bench/investigations/collectionCold.mjs child <root> [--profile <file>]   (what the two above spawn)
/* global performance */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const [mode, ...rest] = process.argv.slice(2);
const option = (name, fallback) => {
  const at = rest.indexOf(name);
  return at >= 0 ? rest[at + 1] : fallback;
};
const base = option('--base', '/tmp/calls-base');
const calls = 1000;

async function child(root, profileFile) {
  const outNode = join(root, 'out', 'node');
  const load = (path) => import(pathToFileURL(join(outNode, path)).href);
  const { echoCollectionText } = await import(
    pathToFileURL(join(root, 'bench', 'lib', 'echoCollection.mjs')).href
  );
  const { connect } = await load('core/session/connect.js');
  const { runCollection } = await load('core/collections/runCollection.js');
  const { parseCollection } = await load('core/collections/parseCollection.js');
  const collection = parseCollection(echoCollectionText(calls), 'bench.collection.json');
  const demo = join(outNode, 'demo', 'server.js');
  const session = await connect({ transport: 'stdio', command: process.execPath, args: [demo] }, {});
  let inspector;
  const post = (method, params) =>
    new Promise((done, fail) =>
      inspector.post(method, params, (error, result) => (error ? fail(error) : done(result))),
    );
  if (profileFile) {
    inspector = new Session();
    inspector.connect();
    await post('Profiler.enable');
    await post('Profiler.setSamplingInterval', { interval: 100 });
    await post('Profiler.start');
  }
  const started = performance.now();
  const cpu = process.cpuUsage();
  const report = await runCollection(collection, session, { baseDirectory: outNode });
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  if (profileFile) writeFileSync(profileFile, JSON.stringify((await post('Profiler.stop')).profile));
  await session.close();
  if (report.counts.passed !== calls) throw new Error(`${report.counts.passed} of ${calls} steps passed`);
  process.stdout.write(`${JSON.stringify({ ms, cpuMs: (used.user + used.system) / 1000 })}\n`);
}

function spawnRun(args) {
  const run = spawnSync(process.execPath, args, { encoding: 'utf8', timeout: 120_000 });
  if (run.status !== 0) throw new Error(`${args.join(' ')} failed: ${run.stderr || run.error}`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1));
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

if (mode === 'child') await child(rest[0], option('--profile'));
else if (mode === 'profile')
  spawnRun([fileURLToPath(import.meta.url), 'child', option('--root', here), '--profile', rest[0]]);
else if (mode === 'ab') {
  const runs = Number(rest[0] && !rest[0].startsWith('--') ? rest[0] : 9);
  const self = fileURLToPath(import.meta.url);
  const contenders = {
    raw: () => spawnRun([join(here, 'bench', 'lib', 'collectionColdRun.mjs'), 'raw', String(calls)]),
    loupe: () => spawnRun([self, 'child', here]),
    base: () => spawnRun([self, 'child', base]),
  };
  const names = Object.keys(contenders);
  const figures = Object.fromEntries(names.map((name) => [name, []]));
  const load = () => (spawnSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).stdout ?? '').split(' ')[0];
  const loadAtStart = load();
  for (let round = 0; round < runs; round += 1) {
    const order = names.map((_, offset) => names[(offset + round) % names.length]);
    for (const name of order) figures[name].push(contenders[name]());
    console.log(
      `round ${round + 1}: ${names.map((name) => `${name} ${figures[name].at(-1).ms.toFixed(0)} ms`).join(', ')}`,
    );
  }
  const ratio = (a, b, key) => median(figures[a].map((run, index) => run[key] / figures[b][index][key]));
  for (const name of names)
    console.log(
      `${name.padEnd(6)} wall ${median(figures[name].map((run) => run.ms)).toFixed(0)} ms, CPU ${median(figures[name].map((run) => run.cpuMs)).toFixed(0)} ms`,
    );
  console.log(
    `loupe/raw wall ${ratio('loupe', 'raw', 'ms').toFixed(2)}, base/raw ${ratio('base', 'raw', 'ms').toFixed(2)}, loupe/base ${ratio('loupe', 'base', 'ms').toFixed(2)} (CPU ${ratio('loupe', 'base', 'cpuMs').toFixed(2)}); load ${loadAtStart} → ${load()}`,
  );
} else
  throw new Error('usage: collectionCold.mjs ab [runs] [--base <checkout>] | profile <file> | child <root>');
