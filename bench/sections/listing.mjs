// Section 1: listing N tools in pages over stdio. Contenders alternate within each round (the order rotates
// every round) after one warm-up run each, so every round's figures share the machine's load of the moment.
// Then the eras: the same server and tools in 2026-07-28 (server/discover, _meta on every request) and in
// 2025 (initialize), Loupe in protocol 'modern' and 'legacy' beside the raw floor of each era.
import { eraListers, listers } from '../lib/listers.mjs';
import { pairedRatio, summarize } from '../lib/stats.mjs';

const gc = () => globalThis.gc?.();

const vendorPairs = { loupeOverRaw: ['loupe', 'raw'], sdkOverRaw: ['sdk', 'raw'], loupeOverSdk: ['loupe', 'sdk'] };
const eraPairs = {
  loupeModernOverLegacy: ['loupe-modern', 'loupe-legacy'],
  rawModernOverLegacy: ['raw-modern', 'raw-legacy'],
  loupeModernOverRawModern: ['loupe-modern', 'raw-modern'],
  loupeLegacyOverRawLegacy: ['loupe-legacy', 'raw-legacy'],
};

async function measureSize({ tools, pageSize, runs, contenders, warmup = true, table = listers, pairs = vendorPairs, label = 'listing' }, log) {
  const flags = ['--tools', tools, '--page-size', pageSize];
  const times = Object.fromEntries(contenders.map((name) => [name, []]));
  const cpu = Object.fromEntries(contenders.map((name) => [name, []]));
  const notes = [];
  const active = [...contenders];
  const frames = {};
  for (const name of [...active]) {
    try {
      gc();
      if (warmup) await table[name](flags, tools);
      else await table[name](['--tools', 50, '--page-size', 50], 50);
    } catch (error) {
      notes.push(`${name}: not measured: ${error.message}`);
      active.splice(active.indexOf(name), 1);
    }
  }
  for (let round = 0; round < runs; round += 1) {
    const order = active.map((_, index) => active[(index + round) % active.length]);
    for (const name of order) {
      gc();
      const result = await table[name](flags, tools);
      times[name].push(result.ms);
      cpu[name].push(result.cpuMs);
      if (result.frames !== undefined) frames[name] = result.frames;
    }
    log(`${label} ${tools} tools, round ${round + 1}/${runs}: ${order.map((name) => `${name} ${times[name].at(-1).toFixed(1)} ms`).join(', ')}`);
  }
  const figures = {};
  const cpuFigures = {};
  for (const name of active) figures[name] = summarize(times[name]);
  for (const name of active) cpuFigures[name] = summarize(cpu[name]);
  const ratiosOf = (series) => {
    const ratios = {};
    for (const [key, [top, bottom]] of Object.entries(pairs)) {
      if (series[top]?.length && series[bottom]?.length) ratios[key] = pairedRatio(series[top], series[bottom]);
    }
    return ratios;
  };
  return {
    tools,
    pageSize,
    pages: Math.ceil(tools / pageSize),
    runs,
    warmup: warmup ? 1 : 0,
    msPerListing: figures,
    clientCpuMsPerListing: cpuFigures,
    ratios: ratiosOf(times),
    cpuRatios: ratiosOf(cpu),
    loupeFramesRecorded: frames.loupe,
    framesRecorded: frames,
    notes,
  };
}

export async function run({ quick, log }) {
  const all = ['loupe', 'sdk', 'raw'];
  const small = await measureSize({ tools: 10_000, pageSize: 50, runs: quick ? 2 : 7, contenders: all }, log);
  // --quick: the large size gets no full-size warm-up run (the JIT is warm from the small size).
  const large = await measureSize(
    { tools: 50_000, pageSize: 50, runs: quick ? 1 : 3, contenders: quick ? ['loupe', 'raw'] : all, warmup: !quick },
    log,
  );
  const growthOf = (key) => {
    const growth = {};
    for (const name of Object.keys(large[key])) {
      const per10k = small[key][name]?.median;
      const per50k = large[key][name]?.median;
      if (per10k && per50k) growth[name] = Math.round((per50k / per10k / 5) * 1000) / 1000;
    }
    return growth;
  };
  const growth = growthOf('msPerListing');
  const cpuGrowth = growthOf('clientCpuMsPerListing');
  const eras = await measureSize(
    { tools: 10_000, pageSize: 50, runs: quick ? 3 : 7, contenders: Object.keys(eraListers), table: eraListers, pairs: eraPairs, label: 'eras' },
    log,
  );
  return {
    measured:
      'the listing only: from the first tools/list request to the last page parsed, after initialize completed; wall time, and the client process CPU time (user + system) over the same span, which machine load disturbs far less',
    sizes: [small, large],
    growth: { meaning: '(time for 50,000 tools / time for 10,000) / 5: 1.0 is linear', ...growth },
    cpuGrowth: { meaning: 'the same with client CPU time', ...cpuGrowth },
    eras: {
      measured:
        'the same bench server and tools started as a 2026-07-28 server (--era modern: server/discover, the _meta envelope checked on every request, results with resultType, ttlMs, cacheScope) or a 2025 one (--era legacy: initialize); Loupe connected with protocol modern or legacy, the raw floor opened with server/discover or initialize; timed span as above',
      ...eras,
    },
  };
}
