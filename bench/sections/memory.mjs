// Section 4: the core's heap with 100,000 frames recorded. The server floods notifications right after
// initialize; once the recorder holds them all, the heap is measured after a full GC (--expose-gc) and
// compared with the heap measured the same way before connecting. Measured twice: Loupe's whole session
// (connect: transport + recorder), and the FrameRecorder alone fed by the raw loop, each run in a fresh process.
import { setTimeout as sleep } from 'node:timers/promises';
import v8 from 'node:v8';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { RawClient } from '../lib/rawClient.mjs';
import { benchServer, loadConnect, loadFrameRecorder } from '../lib/engine.mjs';
import { summarize } from '../lib/stats.mjs';

const megabytes = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;

function settledHeap() {
  if (!globalThis.gc) throw new Error('run with node --expose-gc');
  globalThis.gc();
  globalThis.gc();
  return { heapUsed: process.memoryUsage().heapUsed, rss: process.memoryUsage().rss, v8Used: v8.getHeapStatistics().used_heap_size };
}

async function waitFor(stats, count, timeoutMs) {
  const started = Date.now();
  while (stats().total < count) {
    if (Date.now() - started > timeoutMs) throw new Error(`only ${stats().total} of ${count} frames arrived in ${timeoutMs} ms`);
    await sleep(20);
  }
}

async function measure(frames, open) {
  const before = settledHeap();
  const { stats, close, keep } = await open();
  await waitFor(stats, frames, 120_000);
  const after = settledHeap();
  const recorded = stats();
  const rawBytes = keep().reduce((sum, frame) => sum + frame.bytes, 0);
  await close();
  return {
    framesHeld: recorded.held,
    framesTotal: recorded.total,
    rawTextMB: megabytes(rawBytes),
    heapGrowthMB: megabytes(after.heapUsed - before.heapUsed),
    heapUsedMB: megabytes(after.heapUsed),
    rssGrowthMB: megabytes(after.rss - before.rss),
    bytesPerFrame: Math.round((after.heapUsed - before.heapUsed) / recorded.held),
  };
}

/** One measurement in a fresh process, so no earlier run's frames are still on the heap. */
export async function measureOne(kind, frames) {
  const server = benchServer(['--tools', 10, '--page-size', 10, '--flood', frames]);
  if (kind === 'recorder') {
    const FrameRecorder = await loadFrameRecorder();
    return measure(frames, async () => {
      const recorder = new FrameRecorder();
      const client = new RawClient(server.command, server.args, { recorder });
      await client.initialize();
      return { stats: () => recorder.stats(), keep: () => recorder.all(), close: () => client.close() };
    });
  }
  const connect = await loadConnect();
  return measure(frames, async () => {
    const session = await connect(server.target, {});
    return { stats: () => session.recorder.stats(), keep: () => session.recorder.frames(0), close: () => session.close() };
  });
}

function runIsolated(kind, frames) {
  const child = spawnSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url), kind, String(frames)], { encoding: 'utf8', timeout: 300_000 });
  const line = child.stdout.trim().split('\n').pop();
  if (child.status !== 0 || !line) throw new Error(`memory run (${kind}) failed: ${child.stderr.trim().split('\n').pop() ?? child.status}`);
  return JSON.parse(line);
}

export async function run({ quick, log }) {
  const frames = 100_000;
  const runs = quick ? 1 : 3;
  const result = { frames, runs, measured: 'heapUsed after two full GCs, minus the same before connecting; each run in a fresh node --expose-gc process', notes: [] };
  const kinds = [['loupeSession', 'session', 'Loupe session'], ['recorderAlone', 'recorder', 'recorder alone']];
  for (const [key, kind, label] of quick ? kinds.slice(0, 1) : kinds) {
    try {
      const measured = [];
      for (let index = 0; index < runs; index += 1) {
        measured.push(runIsolated(kind, frames));
        log(`memory, ${label}: ${JSON.stringify(measured.at(-1))}`);
      }
      result[key] = { heapGrowthMB: summarize(measured.map((entry) => entry.heapGrowthMB)), last: measured.at(-1) };
    } catch (error) {
      result.notes.push(`${label}: not measured: ${error.message}`);
    }
  }
  return result;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [kind, frames] = process.argv.slice(2);
  process.stdout.write(`${JSON.stringify(await measureOne(kind, Number(frames)))}\n`);
  process.exit(0);
}
