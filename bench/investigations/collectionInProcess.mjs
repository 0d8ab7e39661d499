// The CPU of each layer of `loupe test` without a server process: a fake wire answers every tools/call as the demo's
// echo does (its exact response line), one macrotask later, recorded both ways as the stdio wire records them. No
// pipe, no scheduler: what is left is Loupe's own work per call, layer by layer (median of rounds, alternating):
// floor (stringify + parse + a Map, the raw client's work), recorded (the same with Loupe's FrameRecorder),
// request (a session's request(): RpcPeer, timers), callTool, collection (runCollection).
// Run: node --expose-gc bench/investigations/collectionInProcess.mjs [rounds]   (needs npm run build:node)
// BASE=<another build's out/node> (say, a `git archive` of the last commit built with tsc): its request, callTool and
// collection run too, as "<name>@base", alternating with this build's in the same rounds (an A/B of a change).
// ONLY=floor,collection picks contenders.
/* global setImmediate */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { outNode } from '../lib/engine.mjs';
import { echoCollectionText } from '../lib/echoCollection.mjs';

async function engine(out) {
  const load = (path) => import(pathToFileURL(join(out, path)).href);
  return {
    ...(await load('core/collections/runCollection.js')),
    ...(await load('core/collections/parseCollection.js')),
    ...(await load('core/calls/callTool.js')),
    ...(await load('core/recorder/frameRecorder.js')),
    ...(await load('core/rpc/rpcPeer.js')),
    ...(await load('core/session/wireSession.js')),
  };
}

const calls = 1000;
const echoTool = {
  name: 'echo',
  inputSchema: { type: 'object', properties: { message: { type: 'string' } } },
};

/** What the demo server writes back for a request (tools/list: one page with echo). */
function answer(message) {
  if (message.method === 'tools/list')
    return JSON.stringify({ result: { tools: [echoTool] }, jsonrpc: '2.0', id: message.id });
  return JSON.stringify({
    result: { content: [{ type: 'text', text: JSON.stringify(message.params.arguments) }] },
    jsonrpc: '2.0',
    id: message.id,
  });
}

class FakeWire {
  transport = 'stdio';
  sessionId = undefined;
  isOpen = true;
  constructor(recorder) {
    this.recorder = recorder;
  }
  start(events) {
    this.events = events;
    return Promise.resolve();
  }
  send(message) {
    const text = JSON.stringify(message);
    this.recorder.record('out', text, { message });
    if (message.id !== undefined) setImmediate(() => this.inbound(answer(message)));
    return Promise.resolve();
  }
  inbound(line) {
    for (const { frame, message } of this.recorder.record('in', line))
      if (message) this.events.onMessage(message, frame);
  }
  setProtocolVersion() {}
  close() {
    this.isOpen = false;
    return Promise.resolve();
  }
}

const collectionText = echoCollectionText(calls, 'inproc');

function layers(loupe) {
  const session = async () => {
    const recorder = new loupe.FrameRecorder();
    const wire = new FakeWire(recorder);
    const peer = new loupe.RpcPeer(wire, {});
    await wire.start(peer.events);
    const handshake = {
      transport: 'stdio',
      era: 'legacy',
      requestedProtocolVersion: '2025-11-25',
      protocolVersion: '2025-11-25',
      serverInfo: { name: 'fake', version: '1' },
      capabilities: { tools: { listChanged: true } },
      clientCapabilities: { tasks: {} },
      roundTripMs: 0,
    };
    const target = { transport: 'stdio', command: 'fake', args: [] };
    return new loupe.WireSession({
      target,
      handshake,
      recorder,
      wire,
      peer,
      closed: new Promise(() => {}),
      cleanup: async () => {},
    });
  };
  const collection = loupe.parseCollection(collectionText, 'i.json');
  return {
    request: async () => {
      const s = await session();
      for (let i = 0; i < calls; i += 1)
        await s.request('tools/call', { name: 'echo', arguments: { message: `m${i}` } });
    },
    callTool: async () => {
      const s = await session();
      const tools = [echoTool];
      for (let i = 0; i < calls; i += 1)
        await loupe.callTool(s, { tool: 'echo', arguments: { message: `m${i}` } }, tools);
    },
    collection: async () => {
      const s = await session();
      const report = await loupe.runCollection(collection, s, { baseDirectory: outNode });
      if (report.counts.passed !== calls) throw new Error(`${report.counts.passed} passed`);
    },
    // A collection parsed just before the run (as `loupe test` and the bench section do), not timed.
    fresh: {
      setup: () => loupe.parseCollection(collectionText, 'i.json'),
      run: async (parsed) => {
        const s = await session();
        const report = await loupe.runCollection(parsed, s, { baseDirectory: outNode });
        if (report.counts.passed !== calls) throw new Error(`${report.counts.passed} passed`);
      },
    },
  };
}

const current = await engine(outNode);
const contenders = {
  floor: async () => {
    const waiting = new Map();
    let nextId = 1;
    const request = (method, params) =>
      new Promise((resolve) => {
        const id = nextId++;
        waiting.set(id, resolve);
        const text = JSON.stringify({ jsonrpc: '2.0', id, method, params });
        setImmediate(() => {
          const reply = JSON.parse(answer(JSON.parse(text)));
          const done = waiting.get(reply.id);
          waiting.delete(reply.id);
          done(reply.result);
        });
      });
    for (let i = 0; i < calls; i += 1)
      await request('tools/call', { name: 'echo', arguments: { message: `m${i}` } });
  },
  recorded: async () => {
    const recorder = new current.FrameRecorder();
    const waiting = new Map();
    let nextId = 1;
    const request = (method, params) =>
      new Promise((resolve) => {
        const id = nextId++;
        waiting.set(id, resolve);
        const message = { jsonrpc: '2.0', id, method, params };
        const text = JSON.stringify(message);
        recorder.record('out', text, { message });
        setImmediate(() => {
          const reply = recorder.record('in', answer(JSON.parse(text)))[0].message;
          const done = waiting.get(reply.id);
          waiting.delete(reply.id);
          done(reply.result);
        });
      });
    for (let i = 0; i < calls; i += 1)
      await request('tools/call', { name: 'echo', arguments: { message: `m${i}` } });
  },
  ...layers(current),
};
if (process.env.BASE) {
  for (const [name, run] of Object.entries(layers(await engine(process.env.BASE))))
    contenders[`${name}@base`] = run;
}
const names = process.env.ONLY ? process.env.ONLY.split(',') : Object.keys(contenders);
const figures = Object.fromEntries(names.map((name) => [name, []]));
const runOf = (name) => {
  const contender = contenders[name];
  return typeof contender === 'function' ? { setup: () => undefined, run: contender } : contender;
};
for (const name of names) await runOf(name).run(runOf(name).setup());
const rounds = Number(process.argv[2] ?? 9);
for (let round = 0; round < rounds; round += 1) {
  const order = round % 2 === 0 ? names : [...names].reverse();
  for (const name of order) {
    globalThis.gc?.();
    const { setup, run } = runOf(name);
    const prepared = setup();
    const cpu = process.cpuUsage();
    await run(prepared);
    const used = process.cpuUsage(cpu);
    figures[name].push((used.user + used.system) / 1000);
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const name of names)
  console.log(`${name.padEnd(16)} CPU ${median(figures[name]).toFixed(1).padStart(6)} ms per ${calls} calls`);
