// Before/after on the real demo server in one alternated run: the raw client, this build's `loupe test` path
// (a freshly parsed collection of 1,000 echo steps, connect, runCollection) and another build's (BASE=<its out/node>,
// e.g. a `git archive` of an older commit built with tsc). Each clock starts after setup on a collected young generation,
// as in the bench section. Median wall and CPU per 1,000 calls, and the median of per-round ratios to raw.
// Run: BASE=/tmp/base/out/node node --expose-gc bench/investigations/collectionAb.mjs [rounds]
/* global performance */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { RawClient } from '../lib/rawClient.mjs';
import { outNode } from '../lib/engine.mjs';
import { echoCollectionText } from '../lib/echoCollection.mjs';

const calls = 1000;
const demo = join(outNode, 'demo', 'server.js');
const text = echoCollectionText(calls, 'ab');
const timed = async (body) => {
  // A minor GC, as the bench section does (a forced full GC before the clock slows the run after it).
  globalThis.gc?.({ type: 'minor' });
  const started = performance.now();
  const cpu = process.cpuUsage();
  await body();
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
};
async function loupeOf(out) {
  const load = (path) => import(pathToFileURL(join(out, path)).href);
  const { connect } = await load('core/session/connect.js');
  const { runCollection } = await load('core/collections/runCollection.js');
  const { parseCollection } = await load('core/collections/parseCollection.js');
  return async () => {
    const collection = parseCollection(text, 'ab.json');
    const session = await connect({ transport: 'stdio', command: process.execPath, args: [demo] }, {});
    try {
      return await timed(async () => {
        const report = await runCollection(collection, session, { baseDirectory: out });
        if (report.counts.passed !== calls) throw new Error(`${report.counts.passed} passed`);
      });
    } finally {
      await session.close();
    }
  };
}
const contenders = {
  raw: async () => {
    const client = new RawClient(process.execPath, [demo]);
    await client.initialize();
    try {
      return await timed(async () => {
        for (let i = 0; i < calls; i += 1)
          await client.request('tools/call', { name: 'echo', arguments: { message: `m${i}` } });
      });
    } finally {
      await client.close();
    }
  },
  loupe: await loupeOf(outNode),
};
if (process.env.BASE) contenders.base = await loupeOf(process.env.BASE);
const names = Object.keys(contenders);
const figures = Object.fromEntries(names.map((name) => [name, []]));
for (const name of names) await contenders[name]();
const rounds = Number(process.argv[2] ?? 7);
for (let round = 0; round < rounds; round += 1) {
  const order = names.map((_, offset) => names[(offset + round) % names.length]);
  for (const name of order) figures[name].push(await contenders[name]());
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const name of names) {
  const ratios = figures[name].map((figure, round) => figure.ms / figures.raw[round].ms);
  console.log(
    `${name.padEnd(6)} wall ${median(figures[name].map((f) => f.ms))
      .toFixed(0)
      .padStart(5)} ms  CPU ${median(figures[name].map((f) => f.cpuMs))
      .toFixed(0)
      .padStart(
        4,
      )} ms  / raw ${median(ratios).toFixed(2)}× (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`,
  );
}
