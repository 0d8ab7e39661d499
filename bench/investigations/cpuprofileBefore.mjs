// The heaviest functions of a .cpuprofile up to the first sample whose stack runs code from a file whose path holds
// `marker` (e.g. "core/lint/": a host's profile up to its lenses), by self time and by module, and the span covered.
//   node cpuprofileBefore.mjs <file> <marker> [N]
import { readFileSync } from 'node:fs';

const [file, marker, count = '25'] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const hits = (id) => {
  for (let at = id; at !== undefined; at = parent.get(at))
    if (byId.get(at).callFrame.url.includes(marker)) return true;
  return false;
};
const self = new Map();
let spanMicros = 0;
for (let index = 0; index < profile.samples.length; index += 1) {
  const id = profile.samples[index];
  if (hits(id)) break;
  const micros = profile.timeDeltas[index + 1] ?? 0;
  spanMicros += profile.timeDeltas[index] ?? 0;
  self.set(id, (self.get(id) ?? 0) + micros);
}
const byFunction = new Map();
const byModule = new Map();
let idle = 0;
for (const [id, micros] of self) {
  const { callFrame } = byId.get(id);
  if (callFrame.functionName === '(idle)') idle += micros;
  const where = callFrame.url.replace(/^.*\/(node_modules|out\/node|src|assets)\//, '$1/') || '(native)';
  const key = `${callFrame.functionName || '(anonymous)'} — ${where}:${callFrame.lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
  byModule.set(where, (byModule.get(where) ?? 0) + micros);
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
const top = (map) => [...map].sort((a, b) => b[1] - a[1]).slice(0, Number(count));
console.log(
  `span ${(spanMicros / 1000).toFixed(0)} ms before "${marker}", ${((total - idle) / 1000).toFixed(0)} ms busy`,
);
for (const [key, micros] of top(byFunction))
  console.log(
    `${(micros / 1000).toFixed(1).padStart(8)} ms ${((100 * micros) / total).toFixed(1).padStart(5)}%  ${key}`,
  );
console.log('\nby module');
for (const [key, micros] of top(byModule))
  console.log(
    `${(micros / 1000).toFixed(1).padStart(8)} ms ${((100 * micros) / total).toFixed(1).padStart(5)}%  ${key}`,
  );
