// Where FrameRecorder.record spends its time with nothing kept (limit 1): run with
// node --cpu-prof --cpu-prof-interval 50 bench/investigations/recorderProfile.mjs (needs npm run build:node).
/* global performance */
import { FrameRecorder } from '../../out/node/core/recorder/frameRecorder.js';
const N = 200000;
const req = Array.from({length:1000},(_, id)=>JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'tool_00001_read_files', arguments: { query: `q${id}` } } }));
const res = Array.from({length:1000},(_, id)=>`{"jsonrpc":"2.0","id":${id},"result":{"content":[{"type":"text","text":"called tool_00001_read_files"}],"isError":false}}`);
const r = new FrameRecorder({ limit: 1 });
const t = performance.now();
for (let i = 0; i < N; i++) { r.record('out', req[i % 1000]); r.record('in', res[i % 1000]); }
console.log(((performance.now() - t) * 1000 / N).toFixed(2), 'µs per call');
