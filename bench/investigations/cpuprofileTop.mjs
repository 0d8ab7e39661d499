// Prints the heaviest functions of a .cpuprofile by self time and by module: node cpuprofileTop.mjs <file> [N].
import { readFileSync } from 'node:fs';

const [file, count = '30'] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map();
const deltas = profile.timeDeltas;
profile.samples.forEach((id, index) => self.set(id, (self.get(id) ?? 0) + (deltas[index] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);
const byFunction = new Map();
const byModule = new Map();
for (const [id, micros] of self) {
  const { callFrame } = byId.get(id);
  const where = callFrame.url.replace(/^.*\/(node_modules|out\/node|src)\//, '$1/') || '(native)';
  const key = `${callFrame.functionName || '(anonymous)'} — ${where}:${callFrame.lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
  byModule.set(where, (byModule.get(where) ?? 0) + micros);
}
const top = (map) => [...map].sort((a, b) => b[1] - a[1]).slice(0, Number(count));
console.log(`total ${(total / 1000).toFixed(0)} ms sampled`);
for (const [key, micros] of top(byFunction)) console.log(`${(micros / 1000).toFixed(1).padStart(8)} ms ${((100 * micros) / total).toFixed(1).padStart(5)}%  ${key}`);
console.log('\nby module');
for (const [key, micros] of top(byModule)) console.log(`${(micros / 1000).toFixed(1).padStart(8)} ms ${((100 * micros) / total).toFixed(1).padStart(5)}%  ${key}`);
