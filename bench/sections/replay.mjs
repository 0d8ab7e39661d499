// Section: replay. A session with the bench server (10,000 tools in 50 pages of 200) recorded by `loupe snapshot`,
// then listed by the raw floor client (spawn, lines, JSON.parse) from the fixture server itself and from
// `loupe replay <file>` serving the recording. Only the listing is timed (first tools/list to last page, after
// initialize), contenders alternating per round. Target: the replay within 1.2× of the fixture server.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { RawClient } from '../lib/rawClient.mjs';
import { cpuSince, pairedRatio, summarize } from '../lib/stats.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const loupe = join(root, 'bin', 'loupe.js');
const fixture = join(root, 'bench', 'servers', 'manyTools.mjs');
const gc = () => globalThis.gc?.();

async function listAll(command, args, expected) {
  const client = new RawClient(command, args);
  try {
    await client.initialize();
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    let tools = 0;
    let pages = 0;
    let cursor;
    do {
      const result = await client.request('tools/list', cursor === undefined ? {} : { cursor });
      pages += 1;
      tools += result.tools.length;
      cursor = result.nextCursor;
    } while (cursor !== undefined);
    const ms = performance.now() - started;
    if (tools !== expected) throw new Error(`listed ${tools} tools, expected ${expected}`);
    return { ms, cpuMs: cpuSince(cpuStarted), pages };
  } finally {
    await client.close();
  }
}

export async function run({ quick, log }) {
  const tools = 10_000;
  const pageSize = 200;
  const runs = quick ? 3 : 9;
  const flags = ['--tools', String(tools), '--page-size', String(pageSize)];
  const tmp = join(root, 'bench', 'tmp');
  mkdirSync(tmp, { recursive: true });
  const recording = join(tmp, `replay-${tools}.json`);
  execFileSync(
    process.execPath,
    [
      loupe,
      'snapshot',
      '--out',
      recording,
      '--page-limit',
      '1000',
      '--',
      process.execPath,
      fixture,
      ...flags,
    ],
    { stdio: 'ignore' },
  );
  const contenders = {
    fixture: () => listAll(process.execPath, [fixture, ...flags], tools),
    replay: () => listAll(process.execPath, [loupe, 'replay', recording], tools),
  };
  const names = Object.keys(contenders);
  for (const name of names) await contenders[name]();
  const times = { fixture: [], replay: [] };
  const cpu = { fixture: [], replay: [] };
  let pages = 0;
  for (let round = 0; round < runs; round += 1) {
    const order = round % 2 === 0 ? names : [...names].reverse();
    for (const name of order) {
      gc();
      const result = await contenders[name]();
      times[name].push(result.ms);
      cpu[name].push(result.cpuMs);
      pages = result.pages;
    }
    log(
      `replay ${tools} tools in ${pages} pages, round ${round + 1}/${runs}: ${order.map((name) => `${name} ${times[name].at(-1).toFixed(0)} ms`).join(', ')}`,
    );
  }
  return {
    tools,
    pages,
    runs,
    msPerRun: { fixture: summarize(times.fixture), replay: summarize(times.replay) },
    clientCpuMsPerRun: { fixture: summarize(cpu.fixture), replay: summarize(cpu.replay) },
    ratios: { replayOverFixture: pairedRatio(times.replay, times.fixture) },
  };
}
