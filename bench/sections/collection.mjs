// Section 5: a collection of 1,000 tools/call steps (each with two assertions) run by Loupe's collection runner
// against the demo server, beside the same 1,000 calls through the raw JSON-RPC client (no SDK, no recorder).
// Loupe's time includes everything `loupe test` does after connecting: walking all tool pages for the
// outputSchemas, every call through callTool (recorded, validated), every assertion judged. Contenders alternate
// in the same rounds and the ratio is the median of per-round ratios. Target: ≤ 1.3× the raw client. The official
// SDK 1.x Client making the same calls is a third contender, reported beside it (Loupe / SDK), not judged.
// Every contender's clock starts on a collected young generation, after its setup (spawn, handshake; Loupe's parse
// of the collection and connect): garbage made before the clock is not collected inside it (a fresh parse collected
// during the run cost Loupe ~60 ms of the 1,000 calls in collectionLayers.mjs --fresh against --fresh-gc). That
// collection is a minor one: a forced full GC before each clock (what this section did until 2026-12-05) left V8
// marking the old generation and compiling during the next run, on worker threads that take a core from the server.
// It about doubled the raw client's CPU, and Loupe / raw was 1.21-1.23x against 1.09-1.20x with a minor GC in
// collectionGcPlacement.mjs, 1.25-1.31x against 1.07-1.17x here (bench/README.md): a state no real run is in.
// Each contender is warmed up with one whole unmeasured run before the rounds. After them, one cold run each of raw and
// Loupe in a fresh process (bench/lib/collectionColdRun.mjs), alternating, is reported beside the goal, not judged.
import { constants, performance, PerformanceObserver } from 'node:perf_hooks';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { RawClient } from '../lib/rawClient.mjs';
import { cpuSince, pairedRatio, summarize } from '../lib/stats.mjs';
import { loadConnect, outNode } from '../lib/engine.mjs';
import { echoCollectionText } from '../lib/echoCollection.mjs';

/** A scavenge of the young generation only (node --expose-gc): the setup's garbage, without a full GC's after-effects. */
const gc = () => globalThis.gc?.({ type: 'minor' });
const demoScript = join(outNode, 'demo', 'server.js');

async function loadRunner() {
  const module = await import(pathToFileURL(join(outNode, 'core', 'collections', 'runCollection.js')).href);
  const parser = await import(pathToFileURL(join(outNode, 'core', 'collections', 'parseCollection.js')).href);
  return { runCollection: module.runCollection, parseCollection: parser.parseCollection };
}

export async function raw(calls) {
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
    const ended = performance.now();
    return { ms: ended - started, cpuMs: cpuSince(cpuStarted), window: [started, ended] };
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
    const ended = performance.now();
    return { ms: ended - started, cpuMs: cpuSince(cpuStarted), window: [started, ended] };
  } finally {
    await client.close();
  }
}

export async function loupe(calls) {
  const connect = await loadConnect();
  const { runCollection, parseCollection } = await loadRunner();
  const collection = parseCollection(echoCollectionText(calls), 'bench.collection.json');
  const session = await connect({ transport: 'stdio', command: process.execPath, args: [demoScript] }, {});
  try {
    gc();
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const report = await runCollection(collection, session, { baseDirectory: outNode });
    const ended = performance.now();
    const ms = ended - started;
    if (report.counts.passed !== calls) throw new Error(`${report.counts.passed} of ${calls} steps passed`);
    return {
      ms,
      cpuMs: cpuSince(cpuStarted),
      window: [started, ended],
      assertions: report.steps.reduce((sum, step) => sum + step.assertions.length, 0),
    };
  } finally {
    await session.close();
  }
}

export async function run({ quick, log }) {
  const calls = 1_000;
  const runs = quick ? 3 : 15;
  const contenders = { raw, loupe, sdk };
  const names = Object.keys(contenders);
  const times = { raw: [], loupe: [], sdk: [] };
  const cpu = { raw: [], loupe: [], sdk: [] };
  let assertions;
  // Every garbage collection of the process, to say whose clock each full one ran on (none is forced any more, so
  // one contender's old garbage may be collected on another's clock: the counts show whether it was).
  const collections = [];
  const observer = new PerformanceObserver((list) => collections.push(...list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  const windows = { raw: [], loupe: [], sdk: [] };
  for (const name of names) await contenders[name](calls);
  for (let round = 0; round < runs; round += 1) {
    // The order rotates so that no contender always runs first or last in a round.
    const order = names.map((_, offset) => names[(offset + round) % names.length]);
    for (const name of order) {
      const result = await contenders[name](calls);
      times[name].push(result.ms);
      cpu[name].push(result.cpuMs);
      windows[name].push(result.window);
      if (result.assertions) assertions = result.assertions;
    }
    log(
      `collection of ${calls} calls, round ${round + 1}/${runs}: ${names.map((name) => `${name} ${times[name].at(-1).toFixed(0)} ms`).join(', ')}`,
    );
  }
  // The observer is told after a collection ends: give the last one a moment to arrive.
  await new Promise((resolve) => setTimeout(resolve, 50));
  observer.disconnect();
  const collectionsOn = (name) => {
    const inside = collections.filter((entry) =>
      windows[name].some(([from, to]) => entry.startTime >= from && entry.startTime < to),
    );
    const full = inside.filter((entry) => entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR);
    return {
      full: full.length,
      minor: inside.filter((entry) => entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR).length,
      pauseMs: Math.round(inside.reduce((sum, entry) => sum + entry.duration, 0) * 10) / 10,
    };
  };
  // Reported beside the goal, not judged: one cold run each in a fresh process (nothing warmed up, no rounds before
  // it), as a CI job runs `loupe test` once, alternating raw and Loupe.
  const coldScript = fileURLToPath(new URL('../lib/collectionColdRun.mjs', import.meta.url));
  const cold = { raw: [], loupe: [] };
  const coldRuns = quick ? 3 : 9;
  for (let round = 0; round < coldRuns; round += 1) {
    for (const name of round % 2 === 0 ? ['raw', 'loupe'] : ['loupe', 'raw']) {
      const child = spawnSync(process.execPath, [coldScript, name, String(calls)], {
        encoding: 'utf8',
        timeout: 120_000,
      });
      if (child.status !== 0) throw new Error(`the cold ${name} run failed: ${child.stderr || child.error}`);
      cold[name].push(JSON.parse(child.stdout));
    }
    log(
      `collection of ${calls} calls, cold run ${round + 1}/${coldRuns}: raw ${cold.raw.at(-1).ms.toFixed(0)} ms, loupe ${cold.loupe.at(-1).ms.toFixed(0)} ms`,
    );
  }
  return {
    calls,
    assertions,
    cold: {
      runs: coldRuns,
      msPerRun: {
        raw: summarize(cold.raw.map((run) => run.ms)),
        loupe: summarize(cold.loupe.map((run) => run.ms)),
      },
      cpuMsPerRun: {
        raw: summarize(cold.raw.map((run) => run.cpuMs)),
        loupe: summarize(cold.loupe.map((run) => run.cpuMs)),
      },
      loupeOverRaw: pairedRatio(
        cold.loupe.map((run) => run.ms),
        cold.raw.map((run) => run.ms),
      ),
    },
    garbageCollectionsOnTheClock: {
      raw: collectionsOn('raw'),
      loupe: collectionsOn('loupe'),
      sdk: collectionsOn('sdk'),
    },
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
