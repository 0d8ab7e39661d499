// `loupe list` as a user runs it, under --cpu-prof, summarized by self time and by file (inclusive):
//   node bench/investigations/listProfile.mjs [tools] [--json]
// Runs bin/loupe.js against the bench server (50 tools a page), stdout to /dev/null, and prints where the time went.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchServer, root } from '../lib/engine.mjs';

const tools = Number(process.argv[2] ?? 50_000);
const json = process.argv.includes('--json');
const dir = mkdtempSync(join(tmpdir(), 'loupe-list-profile-'));
const server = benchServer(['--tools', tools, '--page-size', 50]);
const args = ['--cpu-prof', `--cpu-prof-dir=${dir}`, join(root, 'bin', 'loupe.js'), 'list', ...(json ? ['--json'] : []), '--page-limit', String(tools / 50 + 10), '--', server.command, ...server.args];
spawnSync(process.execPath, args, { stdio: ['ignore', openSync('/dev/null', 'w'), 'ignore'] });
const short = (url) => url.replace(/.*\/(out|node_modules)\//, '$1/');
for (const file of readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'))) {
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map();
  const inclusive = new Map();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const ms = profile.timeDeltas[index] / 1000;
    total += ms;
    const frame = byId.get(id).callFrame;
    const key = `${frame.functionName || '(anonymous)'} ${short(frame.url)}:${frame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + ms);
    const seen = new Set();
    for (let current = id; current !== undefined; current = parent.get(current)) {
      const node = byId.get(current).callFrame;
      const name = short(node.url) || node.functionName;
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
    }
  });
  console.log(`${file}: ${total.toFixed(0)} ms sampled (${tools} tools${json ? ', --json' : ''})`);
  console.log('self time:');
  for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`${ms.toFixed(1).padStart(9)}  ${key}`);
  console.log('inclusive, by file:');
  for (const [key, ms] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(1, 25)) console.log(`${ms.toFixed(1).padStart(9)}  ${key}`);
}
