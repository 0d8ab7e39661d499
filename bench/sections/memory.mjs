// Section 4: the core's heap with 100,000 frames recorded. The server floods notifications right after
// initialize; once the recorder holds them all, the heap is measured after a full GC (--expose-gc) and
// compared with the heap measured the same way before connecting. Measured twice: Loupe's whole session
// (connect: transport + recorder), and the FrameRecorder alone fed by the raw loop.
import { setTimeout as sleep } from 'node:timers/promises';
import v8 from 'node:v8';
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

export async function run({ quick, log }) {
  const floods = quick ? 100_000 : 100_000;
  const runs = quick ? 1 : 3;
  const flags = ['--tools', 10, '--page-size', 10, '--flood', floods];
  const server = benchServer(flags);
  const result = { frames: floods, runs, measured: 'heapUsed after two full GCs, minus the same before connecting', notes: [] };

  const FrameRecorder = await loadFrameRecorder();
  const recorderRuns = [];
  for (let index = 0; index < runs; index += 1) {
    recorderRuns.push(
      await measure(floods, async () => {
        const recorder = new FrameRecorder();
        const client = new RawClient(server.command, server.args, { recorder });
        await client.initialize();
        return { stats: () => recorder.stats(), keep: () => recorder.all(), close: () => client.close() };
      }),
    );
    log(`memory, recorder alone: ${JSON.stringify(recorderRuns.at(-1))}`);
  }
  result.recorderAlone = { heapGrowthMB: summarize(recorderRuns.map((r) => r.heapGrowthMB)), last: recorderRuns.at(-1) };

  try {
    const connect = await loadConnect();
    const sessionRuns = [];
    for (let index = 0; index < runs; index += 1) {
      sessionRuns.push(
        await measure(floods, async () => {
          const session = await connect(server.target, {});
          return { stats: () => session.recorder.stats(), keep: () => session.recorder.frames(0), close: () => session.close() };
        }),
      );
      log(`memory, Loupe session: ${JSON.stringify(sessionRuns.at(-1))}`);
    }
    result.loupeSession = { heapGrowthMB: summarize(sessionRuns.map((r) => r.heapGrowthMB)), last: sessionRuns.at(-1) };
  } catch (error) {
    result.notes.push(`Loupe session: not measured: ${error.message}`);
  }
  return result;
}
