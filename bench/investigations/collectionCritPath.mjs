// Where a collection call's wall time goes, as seen from the client: for each call, the server's part (from the
// client's write of the request to the arrival of the response's bytes) and the client's part (from that arrival
// to the write of the next request). The raw JSON-RPC client and `runCollection` on the same demo server,
// alternating; medians and sums per 1,000 calls. Every spawned child's stdin writes and stdout arrivals are
// timestamped by wrapping child_process.spawn (builtin exports synced before Loupe's modules load).
// Run: node --expose-gc bench/investigations/collectionCritPath.mjs [rounds]
/* global performance */
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const childProcess = require('node:child_process');
const realSpawn = childProcess.spawn;
let trace;
childProcess.spawn = (...args) => {
  const child = realSpawn(...args);
  const write = child.stdin.write.bind(child.stdin);
  child.stdin.write = (...writeArgs) => {
    if (!trace) return write(...writeArgs);
    const started = performance.now();
    const cpu = process.cpuUsage();
    trace.writes.push(started);
    const wrote = write(...writeArgs);
    const used = process.cpuUsage(cpu);
    trace.inWrite.push(performance.now() - started);
    trace.inWriteCpu.push((used.user + used.system) / 1000);
    return wrote;
  };
  child.stdout.prependListener('data', () => trace?.arrivals.push(performance.now()));
  return child;
};
syncBuiltinESMExports();

const { RawClient } = await import('../lib/rawClient.mjs');
const { outNode } = await import('../lib/engine.mjs');
const { echoCollectionText } = await import('../lib/echoCollection.mjs');
const load = (path) => import(pathToFileURL(join(outNode, path)).href);
const { connect } = await load('core/session/connect.js');
const { runCollection } = await load('core/collections/runCollection.js');
const { parseCollection } = await load('core/collections/parseCollection.js');

const calls = 1000;
const demo = join(outNode, 'demo', 'server.js');
const text = echoCollectionText(calls, 'cp');

function split({ writes, arrivals }) {
  // One write and one arrival per call (small frames arrive whole); pair write i with the first arrival after it.
  const server = [];
  const client = [];
  let a = 0;
  for (let i = 0; i < writes.length; i += 1) {
    while (a < arrivals.length && arrivals[a] < writes[i]) a += 1;
    if (a >= arrivals.length) break;
    server.push(arrivals[a] - writes[i]);
    if (i + 1 < writes.length) client.push(writes[i + 1] - arrivals[a]);
  }
  return { server, client };
}
const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? NaN;
const sum = (values) => values.reduce((total, value) => total + value, 0);

async function timed(body) {
  // A minor GC, as the bench section does (a forced full GC before the clock slows the run after it).
  globalThis.gc?.({ type: 'minor' });
  trace = { writes: [], arrivals: [], inWrite: [], inWriteCpu: [] };
  const started = performance.now();
  await body();
  const ms = performance.now() - started;
  const recorded = trace;
  trace = undefined;
  return { ms, ...split(recorded), inWrite: recorded.inWrite, inWriteCpu: recorded.inWriteCpu };
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
  loupe: async () => {
    const collection = parseCollection(text, 'cp.json');
    const session = await connect({ transport: 'stdio', command: process.execPath, args: [demo] }, {});
    try {
      // The tool walk is part of the run but not of the per-call split: its writes come first.
      return await timed(async () => {
        const report = await runCollection(collection, session, { baseDirectory: outNode });
        if (report.counts.passed !== calls) throw new Error(`${report.counts.passed} passed`);
      });
    } finally {
      await session.close();
    }
  },
};

const rounds = Number(process.argv[2] ?? 5);
const rows = { raw: [], loupe: [] };
for (const name of Object.keys(contenders)) await contenders[name]();
for (let round = 0; round < rounds; round += 1) {
  const order = round % 2 === 0 ? ['raw', 'loupe'] : ['loupe', 'raw'];
  for (const name of order) rows[name].push(await contenders[name]());
}
const pct = (values, q) => [...values].sort((x, y) => x - y)[Math.floor(values.length * q)] ?? NaN;
const micros = (ms) => `${(ms * 1000).toFixed(0)} µs`;
for (const [name, list] of Object.entries(rows)) {
  // Each round's last calls - 1 pairs (the tool walk's writes come first in Loupe's), pooled over the rounds.
  const server = list.flatMap((row) => row.server.slice(-calls + 1));
  const client = list.flatMap((row) => row.client.slice(-calls + 1));
  const figures = (values) =>
    `p10 ${micros(pct(values, 0.1))}, p50 ${micros(pct(values, 0.5))}, p90 ${micros(pct(values, 0.9))}, mean ${micros(sum(values) / values.length)}`;
  console.log(`${name}: wall ${median(list.map((row) => row.ms)).toFixed(0)} ms (median of ${list.length})`);
  console.log(`  write → response read: ${figures(server)}`);
  console.log(`  response read → next write: ${figures(client)}`);
  console.log(`  inside stdin.write, wall: ${figures(list.flatMap((row) => row.inWrite))}`);
  console.log(`  inside stdin.write, CPU: ${figures(list.flatMap((row) => row.inWriteCpu))}`);
}
