// Which layer of `loupe test` costs what: 1,000 echo calls against the demo server through (a) the raw JSON-RPC
// client, (b) a Loupe session's request(), (c) callTool (outputSchema lookup and validation), (d) runCollection
// (substitution, assertions, report). Alternating in each round; wall and CPU per 1,000. Needs npm run build:node.
/* global performance */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { RawClient } from '../lib/rawClient.mjs';
import { loadConnect, outNode } from '../lib/engine.mjs';
import { echoCollectionText } from '../lib/echoCollection.mjs';

const load = (path) => import(pathToFileURL(join(outNode, path)).href);
const { runCollection } = await load('core/collections/runCollection.js');
const { parseCollection } = await load('core/collections/parseCollection.js');
const { callTool } = await load('core/calls/callTool.js');
const { walkList } = await load('core/lists/pageWalker.js');
const { FrameRecorder } = await load('core/recorder/frameRecorder.js');
const connect = await loadConnect();
const demo = join(outNode, 'demo', 'server.js');
// PIN=<cpu>: every server on that CPU (taskset), to see what sharing a CPU with the client costs; run the script
// itself under `taskset -c <other cpu>`.
const serverCommand = process.env.PIN
  ? { command: 'taskset', args: ['-c', process.env.PIN, process.execPath, demo] }
  : { command: process.execPath, args: [demo] };
const calls = 1000;
const text = echoCollectionText(calls, 'layers');
const collection = parseCollection(text, 'l.json');

// --profile <contender> <file>: a CPU profile of that contender's timed spans only (every round), to <file>.
const profileAt = process.argv.indexOf('--profile');
const profiled = profileAt > 0 ? process.argv[profileAt + 1] : undefined;
const inspector = new Session();
inspector.connect();
const post = (method, params) =>
  new Promise((resolve, reject) =>
    inspector.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
  );
await post('Profiler.enable');
await post('Profiler.setSamplingInterval', { interval: 100 });
let current;
const timed = async (body) => {
  const profiling = current === profiled;
  if (profiling) await post('Profiler.start');
  const started = performance.now();
  const cpu = process.cpuUsage();
  await body();
  const used = process.cpuUsage(cpu);
  if (profiling) profiles.push((await post('Profiler.stop')).profile);
  return {
    ms: performance.now() - started,
    cpuMs: (used.user + used.system) / 1000,
    sysMs: used.system / 1000,
  };
};
const session = () => connect({ transport: 'stdio', ...serverCommand }, {});
const contenders = {
  raw: async () => {
    const client = new RawClient(serverCommand.command, serverCommand.args);
    await client.initialize();
    const figures = await timed(async () => {
      for (let i = 0; i < calls; i += 1)
        await client.request('tools/call', { name: 'echo', arguments: { message: `m${i}` } });
    });
    await client.close();
    return figures;
  },
  // The raw client with Loupe's recorder: every frame recorded, inbound parsed by it (the recorder's share).
  recorded: async () => {
    const client = new RawClient(serverCommand.command, serverCommand.args, {
      recorder: new FrameRecorder(),
    });
    await client.initialize();
    const figures = await timed(async () => {
      for (let i = 0; i < calls; i += 1)
        await client.request('tools/call', { name: 'echo', arguments: { message: `m${i}` } });
    });
    await client.close();
    return figures;
  },
  request: async () => {
    const s = await session();
    const figures = await timed(async () => {
      for (let i = 0; i < calls; i += 1)
        await s.request('tools/call', { name: 'echo', arguments: { message: `m${i}` } });
    });
    await s.close();
    return figures;
  },
  callTool: async () => {
    const s = await session();
    const figures = await timed(async () => {
      const tools = (await walkList(s, 'tools', {})).items;
      for (let i = 0; i < calls; i += 1)
        await callTool(s, { tool: 'echo', arguments: { message: `m${i}` } }, tools);
    });
    await s.close();
    return figures;
  },
  collection: async () => {
    const s = await session();
    // --fresh: a collection parsed for this run (as loupe test and the bench section do); --fresh-gc: and a
    // collection of garbage after parsing, before the clock starts.
    const fresh = process.argv.some((arg) => arg.startsWith('--fresh'))
      ? parseCollection(text, 'l.json')
      : collection;
    if (process.argv.includes('--fresh-gc')) globalThis.gc?.();
    const figures = await timed(() => runCollection(fresh, s, { baseDirectory: outNode }));
    await s.close();
    return figures;
  },
};
// ONLY=raw,request: just those contenders.
const names = process.env.ONLY ? process.env.ONLY.split(',') : Object.keys(contenders);
const profiles = [];
const figures = Object.fromEntries(names.map((name) => [name, []]));
for (const name of names) await contenders[name]();
const rounds = Number(process.argv[2] ?? 5);
const warm = profiles.length;
for (let round = 0; round < rounds; round += 1) {
  const order = round % 2 === 0 ? names : [...names].reverse();
  for (const name of order) {
    globalThis.gc?.();
    current = name;
    figures[name].push(await contenders[name]());
    current = undefined;
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const name of names)
  console.log(
    `${name.padEnd(10)} wall ${median(figures[name].map((f) => f.ms))
      .toFixed(0)
      .padStart(5)} ms  CPU ${median(figures[name].map((f) => f.cpuMs))
      .toFixed(0)
      .padStart(5)} ms (system ${median(figures[name].map((f) => f.sysMs)).toFixed(0)} ms)`,
  );
if (profiled && profiles.length > 0) {
  // The rounds' profiles merged into one file (samples of the later rounds appended, times kept as deltas).
  const [first, ...rest] = profiles.slice(warm);
  for (const more of rest) {
    const offset = Math.max(...first.nodes.map((node) => node.id));
    for (const node of more.nodes) {
      node.id += offset;
      if (node.children) node.children = node.children.map((child) => child + offset);
    }
    first.nodes.push(...more.nodes);
    first.samples.push(...more.samples.map((id) => id + offset));
    first.timeDeltas.push(...more.timeDeltas);
  }
  writeFileSync(process.argv[profileAt + 2], JSON.stringify(first));
}
