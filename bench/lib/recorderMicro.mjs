// In-process cost of recording one tools/call round trip (request text out, response line in), no I/O:
// what the raw loop does per call (JSON.parse of the response) vs what recording adds (FrameRecorder.record
// of both texts, which parses each). Isolates the recorder from pipe and scheduling noise.
import { performance } from 'node:perf_hooks';
import { loadFrameRecorder } from './engine.mjs';
import { summarize } from './stats.mjs';

const request = (id) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'tool_00001_read_files', arguments: { query: `q${id}` } } });
const response = (id) => `{"jsonrpc":"2.0","id":${id},"result":{"content":[{"type":"text","text":"called tool_00001_read_files"}],"isError":false}}`;

export async function recorderMicro(calls, runs) {
  const FrameRecorder = await loadFrameRecorder();
  const requests = Array.from({ length: calls }, (_, id) => request(id));
  const responses = Array.from({ length: calls }, (_, id) => response(id));
  const off = [];
  const on = [];
  const unkept = [];
  for (let run = 0; run < runs + 1; run += 1) {
    globalThis.gc?.();
    let started = performance.now();
    let sink = 0;
    for (let index = 0; index < calls; index += 1) sink += JSON.parse(responses[index]).id;
    const offMs = performance.now() - started;
    globalThis.gc?.();
    const recorder = new FrameRecorder();
    started = performance.now();
    for (let index = 0; index < calls; index += 1) {
      recorder.record('out', requests[index]);
      sink += recorder.record('in', responses[index])[0].message.id;
    }
    const onMs = performance.now() - started;
    globalThis.gc?.();
    // The same with a ring of one frame: parsing, classifying and pairing, but nothing kept for the GC to carry.
    const bare = new FrameRecorder({ limit: 1 });
    started = performance.now();
    for (let index = 0; index < calls; index += 1) {
      bare.record('out', requests[index]);
      sink += bare.record('in', responses[index])[0].message.id;
    }
    const unkeptMs = performance.now() - started;
    if (sink < 0) throw new Error('unreachable');
    if (run === 0) continue;
    off.push((offMs * 1000) / calls);
    on.push((onMs * 1000) / calls);
    unkept.push((unkeptMs * 1000) / calls);
  }
  return {
    calls,
    microsecondsPerCall: { parseOnly: summarize(off), recorded: summarize(on), recordedKeepingOne: summarize(unkept) },
    addedMicrosecondsPerCall: summarize(on.map((value, index) => value - off[index])),
  };
}
