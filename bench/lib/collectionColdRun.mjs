// One cold run of the collection bench's calls, in the process that runs this file: `raw` (the raw JSON-RPC client) or
// `loupe` (parse the echo collection, connect, runCollection), against a fresh demo server, nothing warmed up, as a CI
// job runs `loupe test` once. Prints one JSON line: { ms, cpuMs } of the calls alone (the clock starts after connect).
// Run by bench/sections/collection.mjs: node bench/lib/collectionColdRun.mjs raw|loupe [calls]
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { RawClient } from './rawClient.mjs';
import { cpuSince } from './stats.mjs';
import { outNode } from './engine.mjs';
import { echoCollectionText } from './echoCollection.mjs';

const [contender, callsArgument] = process.argv.slice(2);
const calls = Number(callsArgument ?? 1000);
const demo = join(outNode, 'demo', 'server.js');
const load = (path) => import(pathToFileURL(join(outNode, path)).href);

async function raw() {
  const client = new RawClient(process.execPath, [demo]);
  try {
    await client.initialize();
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    for (let index = 0; index < calls; index += 1) {
      const result = await client.request('tools/call', {
        name: 'echo',
        arguments: { message: `m${index}` },
      });
      if (result.isError === true) throw new Error('call failed');
    }
    return { ms: performance.now() - started, cpuMs: cpuSince(cpuStarted) };
  } finally {
    await client.close();
  }
}

async function loupe() {
  const { connect } = await load('core/session/connect.js');
  const { runCollection } = await load('core/collections/runCollection.js');
  const { parseCollection } = await load('core/collections/parseCollection.js');
  const collection = parseCollection(echoCollectionText(calls), 'cold.collection.json');
  const session = await connect({ transport: 'stdio', command: process.execPath, args: [demo] }, {});
  try {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const report = await runCollection(collection, session, { baseDirectory: outNode });
    const figures = { ms: performance.now() - started, cpuMs: cpuSince(cpuStarted) };
    if (report.counts.passed !== calls) throw new Error(`${report.counts.passed} of ${calls} steps passed`);
    return figures;
  } finally {
    await session.close();
  }
}

if (contender !== 'raw' && contender !== 'loupe')
  throw new Error('usage: collectionColdRun.mjs raw|loupe [calls]');
process.stdout.write(`${JSON.stringify(await (contender === 'raw' ? raw() : loupe()))}\n`);
