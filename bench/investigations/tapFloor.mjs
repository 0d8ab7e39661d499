// Investigation (not a target): what a process hop costs a 10,000-tool stdio listing by the SDK 1.x Client.
// Alternates, in rotating order per round: direct, `loupe tap` (journal), a bare Node pipe (bench/investigations/
// barePipe.mjs: spawn + two pipe() calls, no recording) and any extra contender named on the command line.
// Prints wall ms per contender, the client's CPU ms, and the hop process's CPU ms (from /proc, 10 ms ticks).
//   node --expose-gc bench/investigations/tapFloor.mjs [--tools N] [--runs R] [--profile-tap DIR] [--only a,b]
//     [--c-hop BINARY]  (a C hop: two threads copying with blocking read/write, e.g. built from a 20-line hop.c)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { benchServer, root } from '../lib/engine.mjs';
import { median } from '../lib/stats.mjs';

const args = process.argv.slice(2);
const flag = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const tools = Number(flag('--tools', '10000'));
const runs = Number(flag('--runs', '7'));
const profileDir = flag('--profile-tap', undefined);
const only = flag('--only', undefined)?.split(',');
const folder = mkdtempSync(join(tmpdir(), 'loupe-tap-floor-'));
const loupeBin = join(root, 'bin', 'loupe.js');
const bare = join(root, 'bench', 'investigations', 'barePipe.mjs');

function ticks(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

async function listing(line) {
  const client = new Client({ name: 'bench-tap', version: '1.0.0' });
  const transport = new StdioClientTransport({ ...line, stderr: 'ignore' });
  await client.connect(transport);
  try {
    const hopBefore = ticks(transport.pid);
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
    return { ms, clientCpu: (used.user + used.system) / 1000, hopCpu: ticks(transport.pid) - hopBefore };
  } finally {
    await client.close();
  }
}

const server = benchServer(['--tools', tools, '--page-size', 50]);
const node = (script, ...rest) => ({
  command: process.execPath,
  args: [...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []), script, ...rest],
});
const all = {
  direct: { command: server.command, args: server.args },
  tapped: node(
    loupeBin,
    'tap',
    '--journal',
    join(folder, 'stdio.jsonl'),
    '--',
    server.command,
    ...server.args,
  ),
  barePipe: node(bare, server.command, ...server.args),
  // A hop with no Node in it (two threads of blocking read/write), when its binary is given: the floor of a hop.
  ...(flag('--c-hop', undefined)
    ? { cHop: { command: flag('--c-hop'), args: [server.command, ...server.args] } }
    : {}),
};
const contenders = Object.fromEntries(Object.entries(all).filter(([name]) => !only || only.includes(name)));
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
  rmSync(folder, { recursive: true, force: true });
}
const direct = median(results.direct?.map((r) => r.ms) ?? [NaN]);
for (const name of names) {
  const pick = (key) => median(results[name].map((r) => r[key]));
  const ratios = results[name].map((r, index) => r.ms / (results.direct?.[index].ms ?? NaN));
  console.log(
    `${name.padEnd(10)} wall ${pick('ms').toFixed(1).padStart(7)} ms  ×direct ${(pick('ms') / direct).toFixed(2)} (paired ${median(ratios).toFixed(2)})  client cpu ${pick('clientCpu').toFixed(0).padStart(4)} ms  hop cpu ${pick('hopCpu').toFixed(0).padStart(4)} ms`,
  );
}
