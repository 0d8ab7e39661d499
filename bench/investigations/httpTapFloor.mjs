// Investigation (not a target): a 10,000-tool Streamable HTTP listing by the SDK 1.x Client direct to the v2 test
// server, through `loupe tap --url`, through a bare piping HTTP proxy (bareHttpProxy.mjs) and a bare TCP proxy
// (bareTcpProxy.mjs, no HTTP parsing), alternated per round.
// Prints wall ms and the client's and each proxy's CPU ms (from /proc, 10 ms ticks).
//   node --expose-gc bench/investigations/httpTapFloor.mjs [--tools N] [--runs R] [--profile-tap DIR]
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { root } from '../lib/engine.mjs';
import { median } from '../lib/stats.mjs';

const args = process.argv.slice(2);
const flag = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const tools = Number(flag('--tools', '10000'));
const runs = Number(flag('--runs', '7'));
const profileDir = flag('--profile-tap', undefined);
const folder = mkdtempSync(join(tmpdir(), 'loupe-http-floor-'));

function ticks(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

async function startPrinting(command, commandArgs) {
  const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'ignore'] });
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise((resolve, reject) => {
    lines.on('line', (text) => text.startsWith('http') && resolve(text));
    child.once('exit', (code) => reject(new Error(`${commandArgs[0]} exited ${code}`)));
  });
  return { url, pid: child.pid, stop: async () => (child.kill('SIGINT'), await once(child, 'close')) };
}

const upstream = await startPrinting(process.execPath, [
  join(root, 'test', 'servers', 'v2', 'server.mjs'),
  '--transport',
  'http',
  '--tools',
  String(tools - 8),
  '--page-size',
  '50',
]);
const prof = profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [];
const tap = await startPrinting(process.execPath, [
  ...prof,
  join(root, 'bin', 'loupe.js'),
  'tap',
  '--url',
  upstream.url,
  '--journal',
  join(folder, 'http.jsonl'),
]);
const bare = await startPrinting(process.execPath, [
  join(root, 'bench', 'investigations', 'bareHttpProxy.mjs'),
  upstream.url,
]);
const tcp = await startPrinting(process.execPath, [
  join(root, 'bench', 'investigations', 'bareTcpProxy.mjs'),
  upstream.url,
]);
const contenders = { direct: { url: upstream.url }, tapped: tap, bareProxy: bare, tcpProxy: tcp };

async function listing({ url, pid }) {
  const client = new Client({ name: 'bench-tap', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  try {
    const before = pid ? ticks(pid) : NaN;
    const cpu = process.cpuUsage();
    const started = performance.now();
    let count = 0;
    let cursor;
    do {
      const result = await client.listTools(cursor === undefined ? undefined : { cursor });
      count += result.tools.length;
      cursor = result.nextCursor;
    } while (cursor !== undefined);
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    if (count !== tools) throw new Error(`listed ${count}`);
    return { ms, clientCpu: (used.user + used.system) / 1000, hopCpu: pid ? ticks(pid) - before : NaN };
  } finally {
    await client.close();
  }
}

const names = Object.keys(contenders);
const results = Object.fromEntries(names.map((name) => [name, []]));
try {
  for (const name of names) await listing(contenders[name]);
  for (let round = 0; round < runs; round += 1) {
    const order = names.map((_, index) => names[(index + round) % names.length]);
    for (const name of order) {
      globalThis.gc?.();
      results[name].push(await listing(contenders[name]));
    }
    process.stderr.write(
      `round ${round + 1}: ${order.map((name) => `${name} ${results[name].at(-1).ms.toFixed(0)}`).join(', ')}\n`,
    );
  }
} finally {
  await tap.stop();
  await bare.stop();
  await tcp.stop();
  await upstream.stop();
  rmSync(folder, { recursive: true, force: true });
}
const direct = median(results.direct.map((r) => r.ms));
for (const name of names) {
  const pick = (key) => median(results[name].map((r) => r[key]));
  const ratios = results[name].map((r, index) => r.ms / results.direct[index].ms);
  console.log(
    `${name.padEnd(10)} wall ${pick('ms').toFixed(1).padStart(7)} ms  ×direct ${(pick('ms') / direct).toFixed(2)} (paired ${median(ratios).toFixed(2)})  client cpu ${pick('clientCpu').toFixed(0).padStart(4)} ms  proxy cpu ${pick('hopCpu').toFixed(0).padStart(4)} ms`,
  );
}
