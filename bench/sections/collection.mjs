// Section 5: a collection of 1,000 tools/call steps (each with two assertions) run by Loupe's collection runner
// against the demo server, beside the same 1,000 calls through the raw JSON-RPC client (no SDK, no recorder).
// Loupe's time includes everything `loupe test` does after connecting: walking all tool pages for the
// outputSchemas, every call through callTool (recorded, validated), every assertion judged. Contenders alternate
// in the same rounds and the ratio is the median of per-round ratios. Target: ≤ 1.3× the raw client. The official
// SDK 1.x Client making the same calls is a third contender, reported beside it (Loupe / SDK), not judged.
// Every contender's clock starts on a collected heap, after its setup (spawn, handshake; Loupe's parse of the
// collection and connect): garbage made before the clock is not collected inside it (a fresh parse collected during
// the run cost Loupe ~60 ms of the 1,000 calls in collectionLayers.mjs --fresh against --fresh-gc).
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { RawClient } from '../lib/rawClient.mjs';
import { cpuSince, pairedRatio, summarize } from '../lib/stats.mjs';
import { loadConnect, outNode } from '../lib/engine.mjs';
import { echoCollectionText } from '../lib/echoCollection.mjs';

const gc = () => globalThis.gc?.();
const demoScript = join(outNode, 'demo', 'server.js');

async function loadRunner() {
  const module = await import(pathToFileURL(join(outNode, 'core', 'collections', 'runCollection.js')).href);
  const parser = await import(pathToFileURL(join(outNode, 'core', 'collections', 'parseCollection.js')).href);
  return { runCollection: module.runCollection, parseCollection: parser.parseCollection };
}

async function raw(calls) {
  const client = new RawClient(process.execPath, [demoScript]);
  try {
    await client.initialize();
    gc();
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

async function sdk(calls) {
  const client = new Client({ name: 'bench-sdk', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [demoScript], stderr: 'ignore' }),
  );
  try {
    gc();
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    for (let index = 0; index < calls; index += 1) {
      const result = await client.callTool({ name: 'echo', arguments: { message: `m${index}` } });
      if (result.isError === true) throw new Error('call failed');
    }
    return { ms: performance.now() - started, cpuMs: cpuSince(cpuStarted) };
  } finally {
    await client.close();
  }
}

async function loupe(calls) {
  const connect = await loadConnect();
  const { runCollection, parseCollection } = await loadRunner();
  const collection = parseCollection(echoCollectionText(calls), 'bench.collection.json');
  const session = await connect({ transport: 'stdio', command: process.execPath, args: [demoScript] }, {});
  try {
    gc();
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const report = await runCollection(collection, session, { baseDirectory: outNode });
    const ms = performance.now() - started;
    if (report.counts.passed !== calls) throw new Error(`${report.counts.passed} of ${calls} steps passed`);
    return {
      ms,
      cpuMs: cpuSince(cpuStarted),
      assertions: report.steps.reduce((sum, step) => sum + step.assertions.length, 0),
    };
  } finally {
    await session.close();
  }
}

export async function run({ quick, log }) {
  const calls = 1_000;
  const runs = quick ? 3 : 7;
  const contenders = { raw, loupe, sdk };
  const names = Object.keys(contenders);
  const times = { raw: [], loupe: [], sdk: [] };
  const cpu = { raw: [], loupe: [], sdk: [] };
  let assertions;
  for (const name of names) await contenders[name](100);
  for (let round = 0; round < runs; round += 1) {
    // The order rotates so that no contender always runs first or last in a round.
    const order = names.map((_, offset) => names[(offset + round) % names.length]);
    for (const name of order) {
      gc();
      const result = await contenders[name](calls);
      times[name].push(result.ms);
      cpu[name].push(result.cpuMs);
      if (result.assertions) assertions = result.assertions;
    }
    log(
      `collection of ${calls} calls, round ${round + 1}/${runs}: ${names.map((name) => `${name} ${times[name].at(-1).toFixed(0)} ms`).join(', ')}`,
    );
  }
  return {
    calls,
    assertions,
    msPerRun: { raw: summarize(times.raw), loupe: summarize(times.loupe), sdk: summarize(times.sdk) },
    cpuMsPerRun: { raw: summarize(cpu.raw), loupe: summarize(cpu.loupe), sdk: summarize(cpu.sdk) },
    ratios: {
      loupeOverRaw: pairedRatio(times.loupe, times.raw),
      loupeOverSdk: pairedRatio(times.loupe, times.sdk),
      sdkOverRaw: pairedRatio(times.sdk, times.raw),
    },
    cpuRatios: {
      loupeOverRaw: pairedRatio(cpu.loupe, cpu.raw),
      loupeOverSdk: pairedRatio(cpu.loupe, cpu.sdk),
    },
  };
}
