// Section: a 10,000-tool listing by the SDK 1.x Client through `loupe tap` against the same listing direct, over
// stdio (bench/servers/manyTools.mjs, 50 per page) and Streamable HTTP (the v2 test server, 50 per page, through
// `loupe tap --url`). Direct and tapped alternate within each round (order rotating) after a warm-up each; only the
// listing is timed (the client connected first), so the tap's own start is not counted. Target: tapped ≤ 1.1× direct.
// A third contender is an investigation, not a target: the bare hop — a Node process that only pipe()s the bytes
// (bench/investigations/barePipe.mjs) or a piping HTTP proxy (bareHttpProxy.mjs), nothing recorded — the cost of
// the extra process alone, in the same alternated rounds. (bench/investigations/tapFloor.mjs adds a C hop.)
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { benchServer, root } from '../lib/engine.mjs';
import { pairedRatio, summarize } from '../lib/stats.mjs';

const loupeBin = join(root, 'bin', 'loupe.js');
const barePipe = join(root, 'bench', 'investigations', 'barePipe.mjs');
const bareProxy = join(root, 'bench', 'investigations', 'bareHttpProxy.mjs');
const gc = () => globalThis.gc?.();

async function listAll(client, expected) {
  const started = performance.now();
  let count = 0;
  let cursor;
  do {
    const result = await client.listTools(cursor === undefined ? undefined : { cursor });
    count += result.tools.length;
    cursor = result.nextCursor;
  } while (cursor !== undefined);
  const ms = performance.now() - started;
  if (count !== expected) throw new Error(`listed ${count} tools, expected ${expected}`);
  return ms;
}

async function stdioListing(tools, way, journal) {
  const server = benchServer(['--tools', tools, '--page-size', 50]);
  const lines = {
    direct: { command: server.command, args: server.args },
    tapped: {
      command: process.execPath,
      args: [loupeBin, 'tap', '--journal', journal, '--', server.command, ...server.args],
    },
    bareHop: { command: process.execPath, args: [barePipe, server.command, ...server.args] },
  };
  const line = lines[way];
  const client = new Client({ name: 'bench-tap', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ ...line, stderr: 'ignore' }));
  try {
    return await listAll(client, tools);
  } finally {
    await client.close();
  }
}

/** Starts a process whose first stdout line starting with http is its URL. */
async function startPrinting(command, args) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'ignore'] });
  const lines = createInterface({ input: child.stdout });
  const [url] = await new Promise((resolve, reject) => {
    lines.on('line', (text) => text.startsWith('http') && resolve([text]));
    child.once('exit', (code) => reject(new Error(`${args[0]} exited ${code}`)));
  });
  return {
    url,
    stop: async () => {
      child.kill('SIGINT');
      await once(child, 'close');
    },
  };
}

async function httpListing(url, tools) {
  const client = new Client({ name: 'bench-tap', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  try {
    return await listAll(client, tools);
  } finally {
    await client.close();
  }
}

async function measure(label, runs, contenders, log) {
  const times = Object.fromEntries(Object.keys(contenders).map((name) => [name, []]));
  for (const run of Object.values(contenders)) await run();
  const names = Object.keys(contenders);
  for (let round = 0; round < runs; round += 1) {
    const order = names.map((_, index) => names[(index + round) % names.length]);
    for (const name of order) {
      gc();
      times[name].push(await contenders[name]());
    }
    log(
      `tap ${label}, round ${round + 1}/${runs}: ${order.map((name) => `${name} ${times[name].at(-1).toFixed(1)} ms`).join(', ')}`,
    );
  }
  return {
    direct: summarize(times.direct),
    tapped: summarize(times.tapped),
    tappedOverDirect: pairedRatio(times.tapped, times.direct),
    bareHop: summarize(times.bareHop),
    bareHopOverDirect: pairedRatio(times.bareHop, times.direct),
  };
}

export async function run({ quick, log }) {
  const tools = quick ? 2000 : 10_000;
  const runs = quick ? 3 : 7;
  const folder = mkdtempSync(join(tmpdir(), 'loupe-bench-tap-'));
  const journal = join(folder, 'stdio.jsonl');
  try {
    const stdio = await measure(
      `stdio ${tools} tools`,
      runs,
      {
        direct: () => stdioListing(tools, 'direct'),
        tapped: () => stdioListing(tools, 'tapped', journal),
        bareHop: () => stdioListing(tools, 'bareHop'),
      },
      log,
    );
    const upstream = await startPrinting(process.execPath, [
      join(root, 'test', 'servers', 'v2', 'server.mjs'),
      '--transport',
      'http',
      '--tools',
      String(tools - 8),
      '--page-size',
      '50',
    ]);
    const tap = await startPrinting(process.execPath, [
      loupeBin,
      'tap',
      '--url',
      upstream.url,
      '--journal',
      join(folder, 'http.jsonl'),
    ]);
    const bare = await startPrinting(process.execPath, [bareProxy, upstream.url]);
    let http;
    try {
      http = await measure(
        `http ${tools} tools`,
        runs,
        {
          direct: () => httpListing(upstream.url, tools),
          tapped: () => httpListing(tap.url, tools),
          bareHop: () => httpListing(bare.url, tools),
        },
        log,
      );
    } finally {
      await bare.stop();
      await tap.stop();
      await upstream.stop();
    }
    return { tools, pageSize: 50, runs, stdio, http };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
