// Section 2: recording overhead over N sequential tools/call requests. Loupe's recorder cannot be switched
// off inside a session (it is the session's parser), so "off" vs "on" is measured on the raw JSON-RPC
// loop: the same loop without a recorder, and with Loupe's FrameRecorder recording every line both ways
// (taking each inbound message from the recorder's parse, as the session does). Loupe's full session and
// the bare SDK are measured in the same rounds for context.
import { callers } from '../lib/callers.mjs';
import { recorderMicro } from '../lib/recorderMicro.mjs';
import { pairedRatio, summarize } from '../lib/stats.mjs';

const gc = () => globalThis.gc?.();

export async function run({ quick, log }) {
  const calls = quick ? 1_000 : 10_000;
  const runs = quick ? 3 : 5;
  const contenders = quick ? ['raw', 'rawRecorded', 'loupe'] : ['raw', 'rawRecorded', 'rawJournaled', 'loupe', 'sdk'];
  const notes = [];
  const active = [];
  for (const name of contenders) {
    try {
      gc();
      await callers[name](Math.min(calls, 500));
      active.push(name);
    } catch (error) {
      notes.push(`${name}: not measured: ${error.message}`);
    }
  }
  const times = Object.fromEntries(active.map((name) => [name, []]));
  const cpu = Object.fromEntries(active.map((name) => [name, []]));
  let framesOn;
  for (let round = 0; round < runs; round += 1) {
    const order = active.map((_, index) => active[(index + round) % active.length]);
    for (const name of order) {
      gc();
      const result = await callers[name](calls);
      times[name].push(result.ms);
      cpu[name].push(result.cpuMs);
      if (name === 'rawRecorded') framesOn = result.frames;
    }
    log(`recording ${calls} calls, round ${round + 1}/${runs}: ${order.map((name) => `${name} ${times[name].at(-1).toFixed(0)} ms`).join(', ')}`);
  }
  const msPerRun = {};
  const cpuMsPerRun = {};
  for (const name of active) msPerRun[name] = summarize(times[name]);
  for (const name of active) cpuMsPerRun[name] = summarize(cpu[name]);
  const ratiosOf = (series) => {
    const ratios = {};
    if (series.rawRecorded && series.raw) ratios.recordingOnOverOff = pairedRatio(series.rawRecorded, series.raw);
    if (series.rawJournaled && series.raw) ratios.journalOnOverOff = pairedRatio(series.rawJournaled, series.raw);
    if (series.loupe && series.raw) ratios.loupeOverRaw = pairedRatio(series.loupe, series.raw);
    if (series.sdk && series.raw) ratios.sdkOverRaw = pairedRatio(series.sdk, series.raw);
    return ratios;
  };
  const ratios = ratiosOf(times);
  const cpuRatios = ratiosOf(cpu);
  let micro;
  try {
    micro = await recorderMicro(calls, runs);
  } catch (error) {
    notes.push(`in-process recorder cost: not measured: ${error.message}`);
  }
  const perCallOffMicroseconds = times.raw ? (Math.min(...times.raw) * 1000) / calls : undefined;
  return {
    calls,
    runs,
    warmup: '500 calls per contender',
    measured: 'N sequential tools/call round trips after initialize; wall time, and the client process CPU time over the same span',
    contenders: {
      raw: 'raw JSON-RPC loop, no recorder (recording off)',
      rawRecorded: "the same loop with Loupe's FrameRecorder on (default limit 200000, in memory)",
      rawJournaled: 'the same with the JSON Lines journal on disk as well',
      loupe: "Loupe's session: connect + callTool (recorder on, as the app runs it)",
      sdk: 'bare SDK Client.callTool',
    },
    framesRecordedPerRun: framesOn,
    msPerRun,
    cpuMsPerRun,
    ratios,
    cpuRatios,
    inProcess: micro && {
      ...micro,
      meaning: 'µs per call spent parsing (off) vs recording both frames (on), in-process with no I/O',
      shareOfFastestRawCall: perCallOffMicroseconds && Math.round((micro.addedMicrosecondsPerCall.median / perCallOffMicroseconds) * 1000) / 1000,
    },
    notes,
  };
}
