// Where Loupe's listing spends its CPU in each protocol era: lists 10,000 tools over 200 pages from the bench
// server (--era modern or legacy) three times, with Loupe opened in that protocol. Run with
//   node --cpu-prof --cpu-prof-dir bench/tmp bench/investigations/eraProfile.mjs modern|legacy
// (needs npm run build:node) and read the .cpuprofile in Chrome DevTools, or summarize it by self time:
//   node bench/investigations/eraProfile.mjs --summarize bench/tmp/<file>.cpuprofile
// `--learn` times, in-process, the modern-only step found there: ToolHeaderMap.learn over the 10,000 tools.
// `--without-learn` (run with --expose-gc) lists in both eras, alternating, with ToolHeaderMap.learn replaced by
// a no-op in this process only: what Loupe's modern listing would cost without the scan (a what-if, not a fix).
/* global performance */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { outNode } from '../lib/engine.mjs';
import { eraListers } from '../lib/listers.mjs';
import { tool } from '../servers/toolShape.mjs';

const [first, path] = process.argv.slice(2);
if (first === '--summarize') {
  const profile = JSON.parse(readFileSync(path, 'utf8'));
  const interval = (profile.endTime - profile.startTime) / profile.samples.length / 1000;
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  for (const id of profile.samples) {
    const { functionName, url, lineNumber } = byNode.get(id).callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + interval);
  }
  const total = [...self].filter(([key]) => !key.startsWith('(idle)')).reduce((sum, [, ms]) => sum + ms, 0);
  for (const [key, ms] of [...self]
    .filter(([name]) => !name.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25)) {
    console.log(`${((ms / total) * 100).toFixed(1).padStart(5)}%  ${ms.toFixed(0).padStart(5)} ms  ${key}`);
  }
} else if (first === '--learn') {
  const { ToolHeaderMap } = await import(
    pathToFileURL(join(outNode, 'core', 'wire', 'modernHeaders.js')).href
  );
  const tools = Array.from({ length: 10_000 }, (_, index) => tool(index));
  for (let run = 0; run < 7; run += 1) {
    const map = new ToolHeaderMap();
    const started = performance.now();
    map.learn(tools, true);
    console.log(`learn 10,000 tools: ${(performance.now() - started).toFixed(1)} ms`);
  }
} else if (first === '--without-learn') {
  const { ToolHeaderMap } = await import(
    pathToFileURL(join(outNode, 'core', 'wire', 'modernHeaders.js')).href
  );
  const rounds = 5;
  const names = ['loupe-modern', 'loupe-legacy'];
  for (const name of names) await eraListers[name](['--tools', 10_000, '--page-size', 50], 10_000);
  const original = ToolHeaderMap.prototype.learn;
  for (let round = 0; round < rounds; round += 1) {
    const row = [];
    for (const [name, learn] of [
      ['loupe-modern', original],
      ['loupe-modern', () => undefined],
      ['loupe-legacy', original],
    ].map((_, index, all) => all[(index + round) % all.length])) {
      ToolHeaderMap.prototype.learn = learn;
      globalThis.gc?.();
      const result = await eraListers[name](['--tools', 10_000, '--page-size', 50], 10_000);
      const label = learn === original ? name : `${name} without learn`;
      row.push(`${label} ${result.cpuMs.toFixed(0)} ms CPU (${result.ms.toFixed(0)} wall)`);
    }
    console.log(`round ${round + 1}: ${row.join(', ')}`);
  }
  ToolHeaderMap.prototype.learn = original;
} else {
  const era = first === 'legacy' ? 'legacy' : 'modern';
  for (let run = 0; run < 3; run += 1) {
    const result = await eraListers[`loupe-${era}`](['--tools', 10_000, '--page-size', 50], 10_000);
    console.log(`${era}: ${result.ms.toFixed(0)} ms wall, ${result.cpuMs.toFixed(0)} ms CPU`);
  }
}
