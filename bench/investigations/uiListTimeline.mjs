// Where a listing's time goes between the host and the page: Chromium over a bare CDP socket (no DevTools agent
// copies the WebSocket frames, as Playwright's Network domain does), the host in a process of its own as `loupe web`
// runs. Prints the page's marks (shell, first row, whole list) on its own clock and a timeline of what crossed the
// socket: per contract event or result, how many messages, their bytes, when the first and last arrived and the
// page's time handling them (the listener plus the microtasks it queued: React's synchronous renders).
//   node bench/investigations/uiListTimeline.mjs [tools] [runs] [--root <a built checkout>] [--profile <dir>]
//     [--whole-only]
// --root: the checkout whose host and renderer are measured (an A/B against a baseline build); --profile: a V8 CPU
// profile of the page and of the host process per run, written to <dir> (summarize with cpuprofileTop.mjs).
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { browserSocket } from '../lib/bareCdp.mjs';
import { root as ownRoot } from '../lib/engine.mjs';

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const [, value] = args.splice(at, 2);
  return value;
};
const root = resolve(option('--root') ?? ownRoot);
const profileDir = option('--profile');
/** --whole-only: stop at the whole list (no wait for the lenses, which come after it). */
const wholeOnly = args.includes('--whole-only');
if (wholeOnly) args.splice(args.indexOf('--whole-only'), 1);
const [toolsArg = '10000', runsArg = '1'] = args;
const tools = Number(toolsArg);
const rendererDir = mkdtempSync(join(tmpdir(), 'loupe-timeline-renderer-'));
cpSync(join(root, 'out', 'renderer'), rendererDir, { recursive: true });
if (profileDir) mkdirSync(profileDir, { recursive: true });

function pageScript(expected) {
  return `(() => {
  const marks = (window.__marks = {});
  const log = (window.__socketLog = []);
  const whole = '[aria-label="Tool list"] .list-count:not([data-testid="streamed-count"]) strong';
  const check = () => {
    const now = Math.round(performance.now());
    if (!marks.shell && document.querySelector('[role="tab"][id="tab-Tools"]')) marks.shell = now;
    const first = document.querySelector('[role="listbox"][aria-label="Tools"] [role="option"] .item-name');
    if (!marks.firstRow && first) marks.firstRow = now;
    const text = document.querySelector(whole)?.textContent ?? '';
    if (!marks.whole && Number(text.replace(/\\D/g, '')) >= ${expected}) marks.whole = now;
    if (!marks.lenses && document.querySelector('.tools-cost')) marks.lenses = now;
    if (!marks.whole || !marks.lenses) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
  const add = WebSocket.prototype.addEventListener;
  WebSocket.prototype.addEventListener = function (type, listener, options) {
    if (type !== 'message') return add.call(this, type, listener, options);
    return add.call(this, type, function (event) {
      const started = performance.now();
      const data = typeof event.data === 'string' ? event.data : '';
      const head = data.slice(0, 200);
      const name = /"event":"(\\w+)"/.exec(head)?.[1] ?? (head.includes('"type":"result"') ? 'result' : 'other');
      const entry = { name, at: started, bytes: data.length, ms: 0 };
      log.push(entry);
      listener.call(this, event);
      const sync = performance.now();
      entry.ms = sync - started;
      queueMicrotask(() => { entry.ms = performance.now() - started; });
    }, options);
  };
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    const method = /"method":"(\\w+)"/.exec(String(data).slice(0, 200))?.[1];
    if (method) log.push({ name: 'call ' + method, at: performance.now(), bytes: String(data).length, ms: 0 });
    return send.call(this, data);
  };
})();`;
}

async function hostProcess(options, cpuProfileDir) {
  const child = spawn(
    process.execPath,
    [
      ...(cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : []),
      join(root, 'bench', 'sections', 'uiScaleHost.mjs'),
      JSON.stringify(options),
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
  const line = await new Promise((resolveLine, reject) => {
    createInterface({ input: child.stdout }).once('line', resolveLine);
    child.once('exit', (code) => reject(new Error(`the host process exited (${code}) before listening`)));
  });
  return {
    url: JSON.parse(line).url,
    close: async () => {
      child.stdin.end();
      await exited;
    },
  };
}

function summarize(log) {
  const groups = new Map();
  for (const entry of log) {
    const group = groups.get(entry.name) ?? { count: 0, bytes: 0, firstAt: entry.at, lastAt: 0, ms: 0 };
    group.count += 1;
    group.bytes += entry.bytes;
    group.lastAt = entry.at;
    group.ms += entry.ms;
    groups.set(entry.name, group);
  }
  return [...groups].map(([name, group]) => ({
    name,
    count: group.count,
    MB: Math.round(group.bytes / 1e4) / 100,
    firstAt: Math.round(group.firstAt),
    lastAt: Math.round(group.lastAt),
    handlingMs: Math.round(group.ms),
  }));
}

const { benchServer } = await import(join(root, 'bench', 'lib', 'engine.mjs'));
const cdp = await browserSocket();
for (let run = 0; run < Number(runsArg); run += 1) {
  const host = await hostProcess(
    {
      target: benchServer(['--tools', tools, '--page-size', 200]).target,
      port: 0,
      rendererDir,
      settingsPath: null,
      sessionDefaults: { pageLimit: Math.ceil(tools / 200) + 10 },
    },
    profileDir,
  );
  const { result: target } = await cdp.send('Target.createTarget', { url: 'about:blank' });
  const { result: attached } = await cdp.send('Target.attachToTarget', {
    targetId: target.targetId,
    flatten: true,
  });
  const session = attached.sessionId;
  await cdp.send('Page.enable', {}, session);
  if (profileDir) {
    await cdp.send('Profiler.enable', {}, session);
    await cdp.send('Profiler.setSamplingInterval', { interval: 250 }, session);
    await cdp.send('Profiler.start', {}, session);
  }
  await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: pageScript(tools) }, session);
  await cdp.send('Page.navigate', { url: host.url }, session);
  const started = Date.now();
  let marks = {};
  while (!(marks.whole && (marks.lenses || wholeOnly)) && Date.now() - started < 240_000) {
    await new Promise((resolveWait) => setTimeout(resolveWait, 250));
    const answer = await cdp.send(
      'Runtime.evaluate',
      { expression: 'JSON.stringify(window.__marks ?? {})', returnByValue: true },
      session,
    );
    marks = JSON.parse(answer.result?.result?.value ?? '{}');
  }
  // Whatever the lenses still send after their line shows.
  if (!wholeOnly) await new Promise((resolveWait) => setTimeout(resolveWait, 1000));
  if (profileDir) {
    const { result } = await cdp.send('Profiler.stop', {}, session);
    writeFileSync(join(profileDir, `page-${tools}-${run + 1}.cpuprofile`), JSON.stringify(result.profile));
  }
  const logAnswer = await cdp.send(
    'Runtime.evaluate',
    { expression: 'JSON.stringify(window.__socketLog ?? [])', returnByValue: true },
    session,
  );
  await cdp.send('HeapProfiler.collectGarbage', {}, session);
  const heap = await cdp.send(
    'Runtime.evaluate',
    { expression: 'performance.memory.usedJSHeapSize', returnByValue: true },
    session,
  );
  const log = JSON.parse(logAnswer.result.result.value);
  console.log(
    JSON.stringify({
      tools,
      run: run + 1,
      root,
      ...marks,
      heapMiB: Math.round(heap.result.result.value / 1048576),
    }),
  );
  for (const row of summarize(log)) console.log(`  ${JSON.stringify(row)}`);
  await cdp.send('Target.closeTarget', { targetId: target.targetId });
  await host.close();
}
await cdp.close();
rmSync(rendererDir, { recursive: true, force: true });
