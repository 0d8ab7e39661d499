// Markdown from a run's results object (scripts/bench.mjs prints it; scripts/benchFigures.mjs renders docs/benchmarks.md's and
// bench/README's figures from the committed result files with it): each figure as median (min–max), ratios, targets.
// The targets are the goals of issue 44 where it set one (start-up, big lists, the UI, the cold collection), else
// those of the issues before it.

const targets = {
  listing: 2,
  growth: 1.25,
  recording: 1.1,
  tap: 1.1,
  filterP95Ms: 50,
  longestTaskMs: 100,
  heapMB: 300,
  collection: 1.3,
  replay: 1.2,
  startupOverSdk: 1.0,
  startupPeakMiB: 80,
  tableOverRaw: 1.5,
  jsonOverRaw: 2.0,
  jsonPeakMiB: 256,
  ui10kMs: 1000,
  ui50kMs: 3000,
  uiFilterP95Ms: 16,
  uiHeapMiB: 100,
};

const number = (value, digits = 1) => (value === undefined || value === null ? '—' : Number(value).toFixed(digits));
const figure = (summary, unit = 'ms', digits = 1) =>
  summary ? `${number(summary.median, digits)} ${unit} (${number(summary.min, digits)}–${number(summary.max, digits)}, ${summary.runs} runs)` : '—';
const ratio = (summary) => (summary ? `${number(summary.median, 2)}× (${number(summary.min, 2)}–${number(summary.max, 2)}; median/median ${number(summary.overall, 2)}×)` : '—');
/** A limit of null: a figure shown beside the judged ones, not judged itself. */
const verdict = (value, limit) =>
  value === undefined || value === null ? 'not measured' : limit === null ? 'shown, not judged' : value <= limit ? `**met** (≤ ${limit})` : `**missed** (> ${limit})`;

function listing(section, lines, checks) {
  lines.push('## 1. Listing tools over stdio', '', `Measured: ${section.measured}. Contenders alternate in each round (order rotating), one warm-up run each.`, '');
  lines.push('| tools / pages | contender | wall time per listing, median (min–max) | client CPU time |', '|---|---|---|---|');
  for (const size of section.sizes ?? []) {
    for (const [name, summary] of Object.entries(size.msPerListing)) lines.push(`| ${size.tools} / ${size.pages} | ${name} | ${figure(summary)} | ${figure(size.clientCpuMsPerListing?.[name])} |`);
  }
  lines.push('');
  for (const size of section.sizes ?? []) {
    const { loupeOverRaw, sdkOverRaw, loupeOverSdk } = size.ratios;
    lines.push(`- ${size.tools} tools, wall: Loupe / raw floor ${ratio(loupeOverRaw)}; SDK / raw ${ratio(sdkOverRaw)}; Loupe / SDK ${ratio(loupeOverSdk)}`);
    if (size.cpuRatios) lines.push(`- ${size.tools} tools, client CPU: Loupe / raw floor ${ratio(size.cpuRatios.loupeOverRaw)}; SDK / raw ${ratio(size.cpuRatios.sdkOverRaw)}; Loupe / SDK ${ratio(size.cpuRatios.loupeOverSdk)}`);
    for (const note of size.notes ?? []) lines.push(`  - note: ${note}`);
    if (size.loupeFramesRecorded) lines.push(`  - Loupe recorded ${size.loupeFramesRecorded} frames per listing (every frame kept).`);
  }
  const growth = section.growth ?? {};
  const growthText = (entry) => Object.entries(entry ?? {}).filter(([key]) => key !== 'meaning').map(([key, value]) => `${key} ${number(value, 2)}`).join(', ') || '—';
  lines.push(`- Growth 10,000 → 50,000 tools (${growth.meaning ?? ''}): wall ${growthText(growth)}; client CPU ${growthText(section.cpuGrowth)}`, '');
  if (section.eras) listingByEra(section.eras, lines);
  const small = section.sizes?.[0];
  checks.push(['Listing: Loupe ≤ 2× raw floor (10,000 tools), wall', small?.ratios.loupeOverRaw?.median, targets.listing]);
  checks.push(['… client CPU', small?.cpuRatios?.loupeOverRaw?.median, targets.listing]);
  checks.push(['Listing grows linearly (Loupe, 50k vs 10k per tool), wall', growth.loupe, targets.growth]);
  checks.push(['… client CPU', section.cpuGrowth?.loupe, targets.growth]);
}

const eraLabels = {
  'loupe-modern': 'Loupe, protocol modern (2026-07-28)',
  'loupe-legacy': 'Loupe, protocol legacy (2025)',
  'raw-modern': 'raw floor, modern (server/discover + _meta)',
  'raw-legacy': 'raw floor, legacy (initialize)',
};

/** The era rows: the same server and tools served as 2026-07-28 or 2025, Loupe and the raw floor in each. */
function listingByEra(eras, lines) {
  lines.push(`### Listing by protocol era, ${eras.tools} tools / ${eras.pages} pages`, '', `Measured: ${eras.measured}. ${eras.runs} rounds, the four contenders alternating (order rotating), ${eras.warmup} warm-up run each. No target: these rows show what the era costs.`, '');
  lines.push('| contender | wall time per listing, median (min–max) | client CPU time |', '|---|---|---|');
  for (const [name, summary] of Object.entries(eras.msPerListing)) lines.push(`| ${eraLabels[name] ?? name} | ${figure(summary)} | ${figure(eras.clientCpuMsPerListing?.[name])} |`);
  lines.push('');
  const rows = [
    ['Loupe modern / Loupe legacy', 'loupeModernOverLegacy'],
    ['raw modern / raw legacy', 'rawModernOverLegacy'],
    ['Loupe modern / raw modern', 'loupeModernOverRawModern'],
    ['Loupe legacy / raw legacy', 'loupeLegacyOverRawLegacy'],
  ];
  for (const [label, key] of rows) lines.push(`- ${label}: wall ${ratio(eras.ratios?.[key])}; client CPU ${ratio(eras.cpuRatios?.[key])}`);
  for (const note of eras.notes ?? []) lines.push(`  - note: ${note}`);
  const frames = eras.framesRecorded ?? {};
  if (frames['loupe-modern'] || frames['loupe-legacy']) lines.push(`  - Loupe recorded ${frames['loupe-modern'] ?? '—'} frames per modern listing session, ${frames['loupe-legacy'] ?? '—'} per legacy one (opening included).`);
  lines.push('');
}

function processes(section, lines, checks) {
  lines.push(`## Whole processes: ${section.tools} tools in ${section.pages} pages`, '', `Measured: ${section.measured}. ${section.runs} rounds, the contenders alternating (order rotating), one warm-up run each.`, '');
  lines.push('| contender | wall time, median (min–max) | ratio to the raw loop, median of rounds | peak memory (client maxRSS) | stdout |', '|---|---|---|---|---|');
  for (const [name, summary] of Object.entries(section.wallMs ?? {})) {
    const over = section.wallOverRaw?.[name];
    lines.push(`| ${name} | ${figure(summary)} | ${name === 'raw' ? '1.00' : ratio(over)} | ${figure(section.peakMiB?.[name], 'MiB', 0)} | ${number((section.stdoutBytes?.[name] ?? 0) / 1e6, 1)} MB |`);
  }
  lines.push('');
  if (section.wallOverBaseline) {
    for (const [name, over] of Object.entries(section.wallOverBaseline))
      lines.push(`- ${name} / the baseline's (${section.baseline}): wall ${ratio(over)}, peak memory ${ratio(section.peakOverBaseline?.[name])}`);
    lines.push('');
  }
  checks.push([`Whole process: loupe list ≤ 1.5× the raw loop (${section.tools} tools)`, section.wallOverRaw?.['loupe list']?.median, targets.tableOverRaw]);
  checks.push([`Whole process: loupe list --json ≤ 2.0× the raw loop (${section.tools} tools)`, section.wallOverRaw?.['loupe list --json']?.median, targets.jsonOverRaw]);
  checks.push([`Whole process: loupe list --json peak memory ≤ 256 MiB (${section.tools} tools)`, section.peakMiB?.['loupe list --json']?.median, targets.jsonPeakMiB]);
}

function startup(section, lines, checks) {
  lines.push(`## Start-up: a ${section.tools}-tool server, whole processes`, '', `Measured: ${section.measured}. ${section.runs} rounds, the contenders alternating (order rotating), one warm-up run each.`, '');
  lines.push('| contender | wall time, median (min–max) | peak memory (client maxRSS) |', '|---|---|---|');
  for (const [name, summary] of Object.entries(section.wallMs ?? {})) lines.push(`| ${name} | ${figure(summary)} | ${figure(section.peakMiB?.[name], 'MiB', 0)} |`);
  lines.push('');
  for (const [name, summary] of Object.entries(section.ratios ?? {})) if (summary) lines.push(`- ${name}: ${ratio(summary)}`);
  lines.push('');
  checks.push([`Start-up: loupe list ≤ 1.0× the bare SDK client (${section.tools} tools, whole process)`, section.ratios?.['loupe list / sdk list']?.median, targets.startupOverSdk]);
  checks.push([`Start-up: loupe call ≤ 1.0× the bare SDK client (${section.tools} tools, whole process)`, section.ratios?.['loupe call / sdk call']?.median, targets.startupOverSdk]);
  checks.push(['Start-up: loupe list peak memory ≤ 80 MiB', section.peakMiB?.['loupe list']?.median, targets.startupPeakMiB]);
  checks.push(['Start-up: loupe call peak memory ≤ 80 MiB', section.peakMiB?.['loupe call']?.median, targets.startupPeakMiB]);
}

function uiScale(section, lines, checks) {
  lines.push('## The UI at 1,000 / 10,000 / 50,000 tools (Chromium through the browser host)', '', `Measured: ${section.measured}. ${section.runs} runs per size.`, '');
  const bare = (section.sizes ?? []).some((size) => size.bare);
  if (bare) {
    lines.push('In a browser without DevTools attached (Chromium over a bare DevTools socket):', '');
    lines.push('| tools / pages | shell (Tools tab) | first row on screen | whole list counted |', '|---|---|---|---|');
    for (const size of section.sizes ?? []) if (size.bare) lines.push(`| ${size.tools} / ${size.pages} | ${figure(size.bare.shellMs)} | ${figure(size.bare.firstRowMs)} | ${figure(size.bare.toolsShownMs)} |`);
    lines.push('', 'Driven by Playwright (its Network domain copies every WebSocket frame); the heap and the filter:', '');
  }
  lines.push(
    '| tools / pages | shell (Tools tab) | first row on screen | whole list counted | JS heap | filter keystroke → paint p50 / p95 | keystroke’s work p50 / p95 | frames late p95 (keys late) |',
    '|---|---|---|---|---|---|---|---|',
  );
  for (const size of section.sizes ?? []) {
    const f = size.filter;
    const filter = f ? `${number(f.p50Ms)} / ${number(f.p95Ms)} ms (${f.keystrokes} keys)` : '—';
    const work = !f ? '—' : f.work ? `${number(f.work.p50Ms)} / ${number(f.work.p95Ms)} ms` : 'not measured';
    const late = !f ? '—' : f.framesLate ? `${f.framesLate.p95} (${f.framesLate.keystrokesLate} of ${f.keystrokes})` : 'not measured';
    lines.push(`| ${size.tools} / ${size.pages} | ${figure(size.shellMs)} | ${figure(size.firstRowMs)} | ${figure(size.toolsShownMs)} | ${number(size.heapMiB)} MiB | ${filter} | ${work} | ${late} |`);
  }
  lines.push(
    '',
    'The filter goal, “within one frame”, is judged on two figures: the keystroke’s work (keydown to the list updated and laid out, on the page’s clock: pageProbes’ armKeystroke) at p95 ≤ 16 ms, so the frame after the key is not held up, and frames late (frames painted after the keydown before the one showing the result) at p95 = 0. Keystroke → paint, the figure quoted before, is shown beside them but not judged: it holds the wait for the next vsync (0–16.7 ms, 8 on average), which no code removes, so even a keystroke doing nothing measures a p95 near 16 ms.',
    '',
  );
  const at = (tools) => section.sizes?.find((size) => size.tools === tools);
  if (bare) {
    checks.push(['UI: 10,000 tools on screen ≤ 1.0 s after navigation (a browser without DevTools attached)', at(10_000)?.bare?.toolsShownMs?.median, targets.ui10kMs]);
    checks.push(['UI: 50,000 tools on screen ≤ 3.0 s after navigation (a browser without DevTools attached)', at(50_000)?.bare?.toolsShownMs?.median, targets.ui50kMs]);
    checks.push(['… the same 10,000 driven by Playwright (every WebSocket frame copied to the bench)', at(10_000)?.toolsShownMs?.median, targets.ui10kMs]);
    checks.push(['… the same 50,000 driven by Playwright', at(50_000)?.toolsShownMs?.median, targets.ui50kMs]);
  } else {
    checks.push(['UI: 10,000 tools on screen ≤ 1.0 s after navigation', at(10_000)?.toolsShownMs?.median, targets.ui10kMs]);
    checks.push(['UI: 50,000 tools on screen ≤ 3.0 s after navigation', at(50_000)?.toolsShownMs?.median, targets.ui50kMs]);
  }
  checks.push(['UI: filter within one frame at 50,000 tools: the keystroke’s work p95 ≤ 16 ms (keydown to the list updated and laid out)', at(50_000)?.filter?.work?.p95Ms, targets.uiFilterP95Ms]);
  checks.push(['… and frames late p95 = 0 (the result is in the first frame painted after the keystroke)', at(50_000)?.filter?.framesLate?.p95, 0]);
  checks.push(['… keystroke → paint p95, as quoted before (holds the wait for the next vsync: shown, not judged)', at(50_000)?.filter?.p95Ms, null]);
  checks.push(['UI: JS heap ≤ 100 MiB at 50,000 tools', at(50_000)?.heapMiB, targets.uiHeapMiB]);
}

function tap(section, lines, checks) {
  lines.push('## Tap', '', `A ${section.tools}-tool listing (${section.pageSize} per page) by the SDK 1.x Client, direct and through \`loupe tap\`, ${section.runs} runs alternating (warm-up 1 each); only the listing is timed.`, '');
  lines.push('| transport | direct, median (min–max) | through the tap | tapped / direct | bare hop (investigation) | bare hop / direct |', '|---|---|---|---|---|---|');
  for (const name of ['stdio', 'http']) {
    const part = section[name];
    if (part)
      lines.push(
        `| ${name} | ${figure(part.direct)} | ${figure(part.tapped)} | ${ratio(part.tappedOverDirect)} | ${part.bareHop ? figure(part.bareHop) : '–'} | ${part.bareHopOverDirect ? ratio(part.bareHopOverDirect) : '–'} |`,
      );
  }
  lines.push(
    '',
    'The bare hop is not a target: a Node process that only pipe()s the bytes (stdio, bench/investigations/barePipe.mjs) or a piping HTTP proxy (bareHttpProxy.mjs), nothing recorded: what the extra process alone costs, in the same rounds.',
    '',
  );
  checks.push(['Tap: listing through the tap ≤ 1.1× direct, stdio', section.stdio?.tappedOverDirect?.median, targets.tap]);
  checks.push(['… Streamable HTTP', section.http?.tappedOverDirect?.median, targets.tap]);
}

function recording(section, lines, checks) {
  lines.push('## 2. Recording overhead', '', `Measured: ${section.measured}, ${section.calls} calls per run, ${section.runs} runs alternating (warm-up ${section.warmup}).`, '');
  lines.push('| contender | what | wall time per run, median (min–max) | client CPU time |', '|---|---|---|---|');
  for (const [name, summary] of Object.entries(section.msPerRun ?? {})) lines.push(`| ${name} | ${section.contenders[name]} | ${figure(summary)} | ${figure(section.cpuMsPerRun?.[name])} |`);
  lines.push('');
  const r = section.ratios ?? {};
  const c = section.cpuRatios ?? {};
  lines.push(`- Recording on / off: wall ${ratio(r.recordingOnOverOff)}; client CPU ${ratio(c.recordingOnOverOff)}`);
  if (r.journalOnOverOff) lines.push(`- Recording with journal / off: wall ${ratio(r.journalOnOverOff)}; client CPU ${ratio(c.journalOnOverOff)}`);
  lines.push(`- Loupe session / raw floor: wall ${ratio(r.loupeOverRaw)}; client CPU ${ratio(c.loupeOverRaw)}`);
  lines.push(`- SDK / raw floor: wall ${ratio(r.sdkOverRaw)}; client CPU ${ratio(c.sdkOverRaw)}`);
  if (section.inProcess) {
    const micro = section.inProcess;
    lines.push(`- In-process, no I/O (${micro.calls} calls): parsing the response alone ${figure(micro.microsecondsPerCall.parseOnly, 'µs', 2)} per call; recording request and response ${figure(micro.microsecondsPerCall.recorded, 'µs', 2)}; the same keeping only the last frame (no retention) ${figure(micro.microsecondsPerCall.recordedKeepingOne, 'µs', 2)}; added by recording ${figure(micro.addedMicrosecondsPerCall, 'µs', 2)} per call = ${number((micro.shareOfFastestRawCall ?? 0) * 100, 1)}% of the fastest raw round trip`);
  }
  for (const note of section.notes ?? []) lines.push(`  - note: ${note}`);
  lines.push('');
  checks.push(['Recording on ≤ 1.10× off, wall', r.recordingOnOverOff?.median, targets.recording]);
  checks.push(['… client CPU', c.recordingOnOverOff?.median, targets.recording]);
}

const hidden = new Set(['((program))', '((idle))']);

function profileLines(profile, indent) {
  if (!profile) return [];
  const program = profile.topModules.find((entry) => entry.name === '((program))');
  const shown = profile.topFunctions.filter((entry) => !entry.name.includes('((program))')).slice(0, 6);
  return [
    `${indent}- profile (busy ${number(profile.busyMs)} ms; ${number(program?.share ?? 0)}% native browser work outside JS — style, layout, paint): ` +
      shown.map((entry) => `${entry.name} ${number(entry.share)}%`).join('; '),
    `${indent}  (\`scrollEndToEnd\` is the bench's own probe: its self time is the layout that setting scrollTop forces)`,
    `${indent}- by module: ${profile.topModules.filter((entry) => !hidden.has(entry.name)).slice(0, 6).map((entry) => `${entry.name} ${number(entry.share)}%`).join('; ')}`,
  ];
}

function traceLine(trace, indent) {
  if (!trace) return [];
  return [
    `${indent}- traced pass, main-thread tasks: ${trace.tasks}; longest ${number(trace.longestTaskWallMs)} ms wall of which ${number(trace.thatTaskCpuMs)} ms CPU; longest by CPU ${number(trace.longestTaskCpuMs)} ms; tasks over 100 ms: ${trace.tasksOver100msWall} by wall, ${trace.tasksOver100msCpu} by CPU; main thread ${number(trace.mainThreadCpuMs)} ms CPU in ${number(trace.mainThreadWallMs)} ms of tasks`,
    ...(trace.heaviestTasks ?? []).map((task) => `${indent}- a heaviest task: ${number(task.cpuMs)} ms CPU (${number(task.wallMs)} ms wall), inside: ${task.inside.join(', ')}`),
    ...(trace.cpuMsByPhase ? [`${indent}- CPU ms by trace event (nested events overlap): ${Object.entries(trace.cpuMsByPhase).slice(0, 8).map(([name, ms]) => `${name} ${number(ms)}`).join(', ')}`] : []),
  ];
}

function collection(section, lines, checks) {
  lines.push('## 5. A collection of 1,000 calls (loupe test\'s runner) against the demo server', '');
  lines.push('| contender | wall time per run, median (min–max) | client CPU time |', '|---|---|---|');
  lines.push(`| raw JSON-RPC client, ${section.calls} tools/call | ${figure(section.msPerRun.raw)} | ${figure(section.cpuMsPerRun.raw)} |`);
  lines.push(`| Loupe runCollection, ${section.calls} steps, ${section.assertions} assertions | ${figure(section.msPerRun.loupe)} | ${figure(section.cpuMsPerRun.loupe)} |`);
  if (section.msPerRun.sdk)
    lines.push(`| official SDK 1.x Client, ${section.calls} callTool | ${figure(section.msPerRun.sdk)} | ${figure(section.cpuMsPerRun.sdk)} |`);
  lines.push('', `- Loupe / raw: wall ${ratio(section.ratios.loupeOverRaw)}, CPU ${ratio(section.cpuRatios.loupeOverRaw)}. Loupe's time includes walking every tool page for the outputSchemas, recording every frame and judging every assertion.`);
  if (section.ratios.loupeOverSdk)
    lines.push(`- Loupe / SDK Client: wall ${ratio(section.ratios.loupeOverSdk)}, CPU ${ratio(section.cpuRatios.loupeOverSdk)}; SDK / raw: wall ${ratio(section.ratios.sdkOverRaw)} (reported, not judged).`);
  if (section.cold)
    lines.push(`- One cold run each in a fresh process (nothing warmed up, as a CI job runs \`loupe test\` once; ${section.cold.runs} alternated pairs): raw ${figure(section.cold.msPerRun.raw)}, Loupe ${figure(section.cold.msPerRun.loupe)}; Loupe / raw wall ${ratio(section.cold.loupeOverRaw)} (reported, not judged).`);
  const onClock = section.garbageCollectionsOnTheClock;
  if (onClock)
    lines.push(`- Garbage collections on each contender's clocks (all rounds; none forced, a minor one before each clock): ${Object.entries(onClock).map(([name, gc]) => `${name} ${gc.full} full, ${gc.minor} minor, ${number(gc.pauseMs)} ms paused`).join('; ')}.`);
  lines.push('');
  checks.push(['Collection of 1,000 calls run cold (one fresh process, as CI runs loupe test) ≤ 1.3× the raw client', section.cold?.loupeOverRaw?.median, targets.collection]);
  checks.push(['… warm (after a warm-up run)', section.ratios.loupeOverRaw?.median, targets.collection]);
}

function renderer(section, lines, checks) {
  lines.push('## 3. Renderer at scale (Chromium through the browser host)', '');
  if (section.notReady) lines.push(`- ${section.notReady}`);
  if (section.firstRender) {
    const f = section.firstRender;
    lines.push(`Measured: ${f.measured}.`, '');
    lines.push(`- First contentful paint: ${figure(f.firstContentfulPaintMs)}`, `- App shell (Tools tab): ${figure(f.shellMs)}`, `- ${section.tools} tools listed and shown: ${figure(f.toolsShownMs)}`);
  }
  if (section.filter) {
    const f = section.filter;
    lines.push(`- Filter at ${section.tools} tools, ${f.keystrokes} keystrokes (${f.measured}): p50 ${number(f.p50Ms)} ms, p95 ${number(f.p95Ms)} ms, max ${number(f.maxMs)} ms`);
    if (f.tracedPass) {
      lines.push(`  - the same 50 keystrokes traced and profiled: p50 ${number(f.tracedPass.p50Ms)} ms, p95 ${number(f.tracedPass.p95Ms)} ms; main-thread CPU ${number(f.tracedPass.mainThreadCpuMsPerKeystroke)} ms per keystroke`);
      lines.push(...traceLine(f.tracedPass, '  '), ...profileLines(f.profile, '  '));
    }
  }
  checks.push([`Filter p95 ≤ 50 ms at ${section.tools} tools (wall clock, keydown to paint)`, section.filter?.p95Ms, targets.filterP95Ms]);
  checks.push([`… main-thread CPU per keystroke (Chromium trace)`, section.filter?.tracedPass?.mainThreadCpuMsPerKeystroke, targets.filterP95Ms]);
  if (section.trafficNotReady) lines.push(`- Traffic: ${section.trafficNotReady}`);
  if (section.traffic) {
    const t = section.traffic;
    const s = t.scroll;
    lines.push(
      `- Traffic view, ${t.framesShown} frames (${t.measured}):`,
      `  - all frames shown ${number(t.loadedAtMs / 1000, 1)} s after navigation start`,
      `  - JS heap after GC: ${number(t.heapMB)} MB loaded, ${number(t.heapAfterScrollMB)} MB after scrolling`,
      `  - scroll end to end: ${s.steps} jumps over ${s.scrollHeightPx} px in ${number(s.durationMs)} ms; long tasks: ${s.longTasks}, longest ${number(s.longestTaskMs)} ms; frame gap p50 ${number(s.frameGapP50Ms)} ms, p95 ${number(s.frameGapP95Ms)} ms, max ${number(s.frameGapMaxMs)} ms; reached the bottom: ${s.atBottom}`,
    );
    if (t.tracedScroll) {
      lines.push(`  - the same scroll traced and profiled: longest long task ${number(t.tracedScroll.longestTaskMs)} ms`);
      lines.push(...traceLine(t.tracedScroll, '  '), ...profileLines(t.profile, '  '));
    }
  }
  const full = section.frames >= 100_000 ? '' : ` (quick: ${section.frames} frames)`;
  checks.push([`No long task > 100 ms scrolling 100,000 frames${full} (wall clock, longtask observer)`, section.traffic?.scroll.longestTaskMs, targets.longestTaskMs]);
  checks.push([`… the same, main-thread CPU time of the longest task (Chromium trace)`, section.traffic?.tracedScroll?.longestTaskCpuMs, targets.longestTaskMs]);
  checks.push([`Renderer JS heap ≤ 300 MB with 100,000 frames${full}`, section.traffic?.heapMB, targets.heapMB]);
  lines.push('');
}

function memory(section, lines, checks) {
  lines.push('## 4. Core memory with 100,000 frames', '', `Measured: ${section.measured}.`, '');
  for (const [label, entry] of [['Loupe session (connect)', section.loupeSession], ['FrameRecorder alone', section.recorderAlone]]) {
    if (!entry) continue;
    const last = entry.last;
    lines.push(`- ${label}: heap growth ${figure(entry.heapGrowthMB, 'MB')}; ${last.framesHeld} frames held, ${number(last.rawTextMB)} MB of raw text, ${last.bytesPerFrame} bytes per frame, heap used ${number(last.heapUsedMB)} MB, RSS growth ${number(last.rssGrowthMB)} MB`);
  }
  for (const note of section.notes ?? []) lines.push(`  - note: ${note}`);
  lines.push('');
  checks.push(['Core heap ≤ 300 MB with 100,000 frames', (section.loupeSession ?? section.recorderAlone)?.last.heapUsedMB, targets.heapMB]);
}

function replay(section, lines, checks) {
  lines.push('## Replay: a recording served back', '', `${section.tools} tools in ${section.pages} pages listed by the raw floor client from the fixture server and from \`loupe replay\` of its recording (listing only, after initialize; contenders alternate).`, '');
  lines.push('| contender | wall time per listing | client CPU time |', '|---|---|---|');
  for (const [name, summary] of Object.entries(section.msPerRun)) lines.push(`| ${name} | ${figure(summary)} | ${figure(section.clientCpuMsPerRun?.[name])} |`);
  lines.push('', `- replay / fixture server, wall: ${ratio(section.ratios.replayOverFixture)}`, '');
  checks.push([`replay of ${section.tools} tools in ${section.pages} pages / the fixture server`, section.ratios.replayOverFixture.median, targets.replay]);
}

const writers = { listing, startup, processes, uiScale, recording, renderer, memory, tap, collection, replay };

/** One section's Markdown lines (its heading, tables and notes) and its checks: [label, measured, limit]. */
export function sectionMarkdown(name, section) {
  const lines = [];
  const checks = [];
  if (section.error) lines.push(`## ${name}`, '', `- failed: ${section.error}`, '');
  else if (!writers[name]) lines.push(`## ${name}`, '', '- (no writer for this section)', '');
  else writers[name](section, lines, checks);
  return { lines, checks };
}

export const verdictOf = verdict;
export const numberText = number;

export function renderMarkdown(results) {
  const m = results.machine;
  const lines = [
    '# Loupe benchmarks',
    '',
    `${results.date}${results.quick ? ' — **quick run: fewer runs and smaller counts, never quoted**' : ''}, commit ${results.commit ?? '—'}${results.dirty ? ' with uncommitted changes' : ''}. Written by \`npm run bench\` (scripts/bench.mjs); every figure, with its runs, in ${results.file ?? 'the result file'}.`,
    '',
    `Machine: ${m.cores} cores (${m.cpu}), ${m.memoryGB} GB, ${m.platform}, Node ${m.node}, Chromium ${m.chromium ?? '—'}, @modelcontextprotocol/sdk ${m.sdk}. Load average ${m.loadAverageAtStart?.join(' / ')} at start, ${m.loadAverageAtEnd?.join(' / ')} at end: the machine is shared, so absolute times drift; the ratios come from contenders alternating in the same rounds.`,
    '',
  ];
  const checks = [];
  for (const [name, section] of Object.entries(results.sections)) {
    const part = sectionMarkdown(name, section);
    lines.push(...part.lines);
    checks.push(...part.checks);
    if (section.error) continue;
    const load = section.loadAverage;
    if (load) lines.push(`- Section \`${name}\`: ${number(section.seconds, 0)} s; load average (1 / 5 / 15 min) ${load.atStart.join(' / ')} at its start, ${load.atEnd.join(' / ')} at its end.`, '');
  }
  lines.push('## Targets', '', '| target | measured | verdict |', '|---|---|---|');
  for (const [label, value, limit] of checks) lines.push(`| ${label} | ${number(value, 2)} | ${verdict(value, limit)} |`);
  lines.push('', 'How these are measured, and the profiles behind each miss with proposed fixes: bench/README.md.', '');
  return `${lines.join('\n')}\n`;
}
