// Where the renderer's time goes during a bench phase: a V8 sampling profile (CDP Profiler) attributed to
// the source modules of the built bundle (its "// src/…" region comments), and a Chromium trace of the
// main thread's tasks giving each task's wall time and its thread (CPU) time — on a busy machine the two
// differ, and only the CPU time is the renderer's own cost.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const round = (value) => Math.round(value * 10) / 10;

/** For each built bundle file: sorted [line, module] from its region comments. */
function bundleRegions(rendererDir) {
  const regions = new Map();
  const directory = join(rendererDir, 'assets');
  for (const name of readdirSync(directory).filter((file) => file.endsWith('.js'))) {
    const marks = [];
    readFileSync(join(directory, name), 'utf8')
      .split('\n')
      .forEach((line, index) => {
        const match = /^\/\/ ((?:src|node_modules)\/\S+)$/.exec(line);
        if (match) marks.push([index, match[1].replace(/^node_modules\//, '')]);
      });
    regions.set(name, marks);
  }
  return regions;
}

function moduleOf(regions, url, line) {
  const marks = regions.get(url.split('/').pop() ?? '');
  if (!marks) return url ? url.split('/').pop() : '(native)';
  let found = '(bundle)';
  for (const [start, module] of marks) {
    if (start > line) break;
    found = module;
  }
  return found;
}

/** `rendererDir`: the built renderer the page was served from (its bundle maps samples to source modules). */
export async function startProfile(page, rendererDir) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
  await cdp.send('Profiler.start');
  return async (top = 8) => {
    const { profile } = await cdp.send('Profiler.stop');
    await cdp.detach();
    return summarizeProfile(profile, top, rendererDir);
  };
}

function summarizeProfile(profile, top, rendererDir) {
  const regions = bundleRegions(rendererDir);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  profile.samples.forEach((id, index) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
  const total = [...self.values()].reduce((sum, value) => sum + value, 0);
  const functions = new Map();
  const modules = new Map();
  let idle = 0;
  for (const [id, micros] of self) {
    const frame = byId.get(id).callFrame;
    if (frame.functionName === '(idle)') {
      idle += micros;
      continue;
    }
    const module = frame.url ? moduleOf(regions, frame.url, frame.lineNumber) : `(${frame.functionName || 'native'})`;
    const key = `${frame.functionName || '(anonymous)'} — ${module}`;
    functions.set(key, (functions.get(key) ?? 0) + micros);
    modules.set(module, (modules.get(module) ?? 0) + micros);
  }
  const busy = total - idle;
  const rank = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => ({ name, ms: round(micros / 1000), share: round((micros / busy) * 100) }));
  return { sampledMs: round(total / 1000), busyMs: round(busy / 1000), topFunctions: rank(functions), topModules: rank(modules) };
}

/** Starts a Chromium trace of the page's tasks; the returned function stops it and summarises the main thread. */
export async function startTaskTrace(browser, page, { stacks = false } = {}) {
  const categories = ['devtools.timeline', 'disabled-by-default-devtools.timeline'];
  if (stacks) categories.push('disabled-by-default-devtools.timeline.stack');
  await browser.startTracing(page, { categories });
  return async () => {
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
    if (process.env.TRACE_OUT) (await import('node:fs')).writeFileSync(process.env.TRACE_OUT, JSON.stringify(trace));
    return summarizeTrace(trace);
  };
}

/** Rendering-pipeline and script events whose CPU time is summed (they do not nest in one another). */
const phaseNames = new Set(['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit', 'HitTest', 'ParseHTML', 'FunctionCall', 'EventDispatch', 'TimerFire', 'FireAnimationFrame', 'RunMicrotasks', 'MajorGC', 'MinorGC', 'V8.GC_SCAVENGER', 'V8.GC_MARK_COMPACTOR']);

/** What a task spent its CPU on: the events nested in it, by name (FunctionCall with its function). */
function insideTask(events, thread, task) {
  const totals = new Map();
  for (const event of events) {
    if (event.ph !== 'X' || event.name === 'RunTask' || `${event.pid}:${event.tid}` !== thread) continue;
    if (event.ts < task.ts || event.ts + (event.dur ?? 0) > task.ts + task.dur) continue;
    const data = event.args?.data;
    const detail = data?.functionName ? ` ${data.functionName}` : data?.type ? ` ${data.type}` : '';
    const key = `${event.name}${detail}`;
    totals.set(key, (totals.get(key) ?? 0) + (event.tdur ?? event.dur ?? 0) / 1000);
  }
  return [...totals].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([name, ms]) => `${name} ${round(ms)} ms`);
}

function summarizeTrace(trace) {
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const mainThreads = new Set(
    events.filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain').map((event) => `${event.pid}:${event.tid}`),
  );
  const byThread = new Map();
  for (const event of events) {
    if (event.name !== 'RunTask' || event.ph !== 'X' || !mainThreads.has(`${event.pid}:${event.tid}`)) continue;
    const key = `${event.pid}:${event.tid}`;
    if (!byThread.has(key)) byThread.set(key, []);
    byThread.get(key).push({ wallMs: event.dur / 1000, cpuMs: (event.tdur ?? event.dur) / 1000, ts: event.ts, dur: event.dur });
  }
  const main = [...byThread.entries()].sort((a, b) => b[1].reduce((s, t) => s + t.wallMs, 0) - a[1].reduce((s, t) => s + t.wallMs, 0))[0]?.[0];
  const phases = new Map();
  for (const event of events) {
    if (event.ph !== 'X' || `${event.pid}:${event.tid}` !== main || !phaseNames.has(event.name)) continue;
    phases.set(event.name, (phases.get(event.name) ?? 0) + (event.tdur ?? event.dur) / 1000);
  }
  const tasks = [...byThread.values()].sort((a, b) => b.reduce((s, t) => s + t.wallMs, 0) - a.reduce((s, t) => s + t.wallMs, 0))[0] ?? [];
  const longestWall = tasks.reduce((best, task) => (task.wallMs > (best?.wallMs ?? -1) ? task : best), undefined);
  const longestCpu = tasks.reduce((best, task) => (task.cpuMs > (best?.cpuMs ?? -1) ? task : best), undefined);
  const heaviest = [...tasks].sort((a, b) => b.cpuMs - a.cpuMs).slice(0, 3).map((task) => ({
    wallMs: round(task.wallMs),
    cpuMs: round(task.cpuMs),
    inside: insideTask(events, main, task),
  }));
  // The tasks that dispatched a key (keydown, keypress and the text input and input events inside them): a
  // keystroke's own work, with any layout forced inside it, as CPU time on the main thread.
  const keyStarts = events
    .filter((event) => event.ph === 'X' && event.name === 'EventDispatch' && `${event.pid}:${event.tid}` === main)
    .filter((event) => ['keydown', 'keypress'].includes(event.args?.data?.type))
    .map((event) => event.ts);
  const keyTasks = tasks.filter((task) => keyStarts.some((ts) => ts >= task.ts && ts <= task.ts + task.dur)).map((task) => task.cpuMs);
  const percentileOf = (values, fraction) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.max(0, Math.ceil(fraction * values.length) - 1))];
  return {
    keyTasks: keyTasks.length ? { count: keyTasks.length, cpuMsP50: round(percentileOf(keyTasks, 0.5)), cpuMsP95: round(percentileOf(keyTasks, 0.95)), cpuMsMax: round(Math.max(...keyTasks)) } : null,
    heaviestTasks: heaviest,
    tasks: tasks.length,
    longestTaskWallMs: round(longestWall?.wallMs ?? 0),
    thatTaskCpuMs: round(longestWall?.cpuMs ?? 0),
    longestTaskCpuMs: round(longestCpu?.cpuMs ?? 0),
    tasksOver100msWall: tasks.filter((task) => task.wallMs > 100).length,
    tasksOver100msCpu: tasks.filter((task) => task.cpuMs > 100).length,
    mainThreadCpuMs: round(tasks.reduce((sum, task) => sum + task.cpuMs, 0)),
    mainThreadWallMs: round(tasks.reduce((sum, task) => sum + task.wallMs, 0)),
    cpuMsByPhase: Object.fromEntries([...phases].sort((a, b) => b[1] - a[1]).map(([name, ms]) => [name, round(ms)])),
  };
}
