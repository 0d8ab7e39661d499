// What a garbage collection forced before the clock does to the collection bench: the raw client and Loupe's
// `loupe test` path (a freshly parsed collection of 1,000 echo steps, connect, runCollection), each on a fresh demo
// server per run, with (full) `gc()` before the clock, as the bench section did until 2026-12-05, (minor)
// `gc({ type: 'minor' })`, as it does now, or (none). Each mode runs in a process of its own (a full GC's after-effects
// would reach the runs of the other modes), the two contenders alternating in its rounds. Per 1,000 calls: median
// wall, client CPU, and the part of that CPU on threads other than the main one (V8's workers: marking, compiling,
// sweeping), read per thread from /proc (Linux; 10 ms ticks).
// Run: node --expose-gc bench/investigations/collectionGcPlacement.mjs [rounds] [full|minor|none]
// (needs npm run build:node; without a mode, each of the three in turn)
/* global performance */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { RawClient } from '../lib/rawClient.mjs';
import { loadConnect, outNode } from '../lib/engine.mjs';
import { echoCollectionText } from '../lib/echoCollection.mjs';

if (!globalThis.gc) throw new Error('run with node --expose-gc');
const rounds = Number(process.argv[2] ?? 9);
const only = process.argv[3];
if (only === undefined) {
  for (const mode of ['full', 'minor', 'none']) {
    const child = spawnSync(
      process.execPath,
      ['--expose-gc', fileURLToPath(import.meta.url), String(rounds), mode],
      {
        stdio: 'inherit',
      },
    );
    if (child.status !== 0) process.exit(child.status ?? 1);
  }
  process.exit(0);
}
const load = (path) => import(pathToFileURL(join(outNode, path)).href);
const { runCollection } = await load('core/collections/runCollection.js');
const { parseCollection } = await load('core/collections/parseCollection.js');
const connect = await loadConnect();
const demo = join(outNode, 'demo', 'server.js');
const calls = 1000;
const text = echoCollectionText(calls, 'gc');

/** CPU ms of each thread of this process (utime + stime, in 10 ms ticks). */
function threadCpu() {
  const out = new Map();
  for (const thread of readdirSync('/proc/self/task')) {
    try {
      const fields = readFileSync(`/proc/self/task/${thread}/stat`, 'utf8').split(') ')[1].split(' ');
      out.set(thread, (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // The thread ended meanwhile.
    }
  }
  return out;
}

const collect = {
  full: () => globalThis.gc(),
  minor: () => globalThis.gc({ type: 'minor' }),
  none: () => undefined,
};

async function timed(mode, body) {
  collect[mode]();
  const threads = threadCpu();
  const cpu = process.cpuUsage();
  const started = performance.now();
  await body();
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  let others = 0;
  for (const [thread, after] of threadCpu())
    if (thread !== String(process.pid)) others += after - (threads.get(thread) ?? 0);
  return { ms, cpuMs: (used.user + used.system) / 1000, othersMs: others };
}

const contenders = {
  raw: async (mode) => {
    const client = new RawClient(process.execPath, [demo]);
    await client.initialize();
    try {
      return await timed(mode, async () => {
        for (let i = 0; i < calls; i += 1)
          await client.request('tools/call', { name: 'echo', arguments: { message: `m${i}` } });
      });
    } finally {
      await client.close();
    }
  },
  loupe: async (mode) => {
    const collection = parseCollection(text, 'gc.json');
    const session = await connect({ transport: 'stdio', command: process.execPath, args: [demo] }, {});
    try {
      return await timed(mode, async () => {
        const report = await runCollection(collection, session, { baseDirectory: outNode });
        if (report.counts.passed !== calls) throw new Error(`${report.counts.passed} passed`);
      });
    } finally {
      await session.close();
    }
  },
};

if (!(only in collect)) throw new Error(`unknown mode ${only}: full, minor or none`);
const names = Object.keys(contenders);
const figures = Object.fromEntries(names.map((name) => [name, []]));
for (const name of names) await contenders[name]('none');
for (let round = 0; round < rounds; round += 1) {
  const order = round % 2 === 0 ? names : [...names].reverse();
  for (const name of order) figures[name].push(await contenders[name](only));
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const name of names) {
  const mine = figures[name];
  const ratios = mine.map((figure, round) => figure.ms / figures.raw[round].ms);
  console.log(
    `${only.padEnd(5)} ${name.padEnd(5)} wall ${median(mine.map((f) => f.ms))
      .toFixed(0)
      .padStart(4)} ms  CPU ${median(mine.map((f) => f.cpuMs))
      .toFixed(0)
      .padStart(4)} ms (other threads ${median(mine.map((f) => f.othersMs))
      .toFixed(0)
      .padStart(3)} ms)  / raw ${median(ratios).toFixed(2)}×`,
  );
}
