// Where a cold collection run's time goes: one cold run of the collection bench's Loupe contender (1,000 calls) in this
// process with the V8 profiler sampling every 0.2 ms, and only the samples inside the bench's clock counted (the
// clock starts after connect): self time by function and by file.
//   node bench/investigations/collectionColdWindow.mjs
import { loupe } from '../sections/collection.mjs';
import { Session } from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';
const session = new Session(); session.connect();
await session.post('Profiler.enable'); await session.post('Profiler.setSamplingInterval', { interval: 200 });
const offsetUs = Number(process.hrtime.bigint() / 1000n) - performance.now() * 1000;
await session.post('Profiler.start');
const result = await loupe(1000);
const { profile } = await session.post('Profiler.stop');
const [from, to] = result.window.map((ms) => ms * 1000 + offsetUs);
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
let t = profile.startTime; const self = new Map(); let inside = 0;
profile.samples.forEach((id, i) => { t += profile.timeDeltas[i]; if (t < from || t > to) return; inside++; const n = byId.get(id); const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/.*\/(node_modules|out)\//, '$1/')}:${n.callFrame.lineNumber}`; self.set(key, (self.get(key) ?? 0) + 1); });
const byFile = new Map(); for (const [k, v] of self) { const f = k.split(' ')[1].split(':')[0]; byFile.set(f, (byFile.get(f) ?? 0) + v); }
console.log('clock ms', result.ms.toFixed(0), 'cpu', result.cpuMs.toFixed(0), 'samples inside', inside, '(', (inside * 0.2).toFixed(0), 'ms )');
console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${(v * 0.2).toFixed(1)} ms ${k}`).join('\n'));
console.log('--- by file'); console.log([...byFile].sort((a, b) => b[1] - a[1]).slice(0, 20).map(([k, v]) => `${(v * 0.2).toFixed(1)} ms ${k}`).join('\n'));
