// What a fresh page of the Tools view waits for, from navigation to the whole list counted: every WebSocket frame
// (ms since navigation, direction, bytes, the contract method or event it carries), the shell / first row / whole
// list marks, and a V8 sampling profile of the page over the same span (by function and by source module; build
// the renderer unminified first for module names: LOUPE_UNMINIFIED=1 npm run build:app).
//   node bench/investigations/uiLoadTimeline.mjs [tools] [--profile] [--frames]
/* global window, document, performance, requestAnimationFrame */
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { findChromium } from '../../scripts/chromiumPath.mjs';
import { benchServer, loadStartHost, root } from '../lib/engine.mjs';
import { installObservers, countAtLeast, firstRowIs, paintTimes } from '../lib/pageProbes.mjs';
import { startProfile, startTaskTrace } from '../lib/chromiumProfile.mjs';
import { toolName } from '../servers/toolShape.mjs';

const args = process.argv.slice(2);
const tools = Number(args.find((arg) => /^\d+$/.test(arg)) ?? '10000');
const profile = args.includes('--profile');
const showFrames = args.includes('--frames');
const trace = args.includes('--trace');
const traceFile = args.find((arg) => arg.startsWith('--trace-file='))?.slice('--trace-file='.length);
const rendererDir = join(root, 'bench', 'tmp', 'uiLoadTimeline');
rmSync(rendererDir, { recursive: true, force: true });
cpSync(join(root, 'out', 'renderer'), rendererDir, { recursive: true });
const startHost = await loadStartHost();
const host = await startHost({
  target: benchServer(['--tools', tools, '--page-size', 200]).target,
  port: 0,
  rendererDir,
  settingsPath: null,
  sessionDefaults: { pageLimit: Math.ceil(tools / 200) + 10 },
});
const browser = await chromium.launch({ executablePath: findChromium().path });
const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
const page = await context.newPage();
await page.addInitScript(installObservers);
await page.addInitScript((expected) => {
  window.__marks = {};
  const whole = '[aria-label="Tool list"] .list-count:not([data-testid="streamed-count"]) strong';
  const check = () => {
    const now = Math.round(performance.now());
    if (!window.__marks.shell && document.querySelector('[role="tab"]')) window.__marks.shell = now;
    const first = document.querySelector('[role="listbox"][aria-label="Tools"] [role="option"] .item-name');
    if (!window.__marks.firstRow && first) window.__marks.firstRow = now;
    const text = document.querySelector(whole)?.textContent ?? '';
    if (!window.__marks.whole && Number(text.replace(/\D/g, '')) >= expected) window.__marks.whole = now;
    if (!window.__marks.whole) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}, tools);
const cdp = await context.newCDPSession(page);
await cdp.send('Network.enable');
const frames = [];
let navigationWall;
const describe = (text) => {
  try {
    const message = JSON.parse(text);
    return `${message.type} ${message.method ?? message.event ?? ''}${message.id !== undefined ? ` #${message.id}` : ''}${message.ok === false ? ' (error)' : ''}`;
  } catch {
    return '?';
  }
};
const wallNow = (timestamp) => timestamp * 1000;
cdp.on('Network.requestWillBeSent', (event) => {
  if (event.type === 'Document' && navigationWall === undefined) navigationWall = wallNow(event.timestamp);
  frames.push({ at: wallNow(event.timestamp), what: `GET ${new URL(event.request.url).pathname}` });
});
cdp.on('Network.loadingFinished', (event) =>
  frames.push({
    at: wallNow(event.timestamp),
    what: `loaded ${event.requestId} ${event.encodedDataLength} B`,
  }),
);
cdp.on('Network.webSocketFrameSent', (event) =>
  frames.push({
    at: wallNow(event.timestamp),
    what: `→ ${describe(event.response.payloadData)} ${event.response.payloadData.length} B`,
  }),
);
cdp.on('Network.webSocketFrameReceived', (event) =>
  frames.push({
    at: wallNow(event.timestamp),
    what: `← ${describe(event.response.payloadData)} ${event.response.payloadData.length} B`,
  }),
);
const stop = profile ? await startProfile(page, rendererDir) : undefined;
const stopTrace = trace ? await startTaskTrace(browser, page) : undefined;
// --trace-file=<path>: the whole Chromium trace (toplevel, v8, blink, timeline) for a closer look than the summary.
if (traceFile)
  await browser.startTracing(page, {
    path: traceFile,
    categories: [
      'toplevel',
      'v8',
      'blink',
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'disabled-by-default-v8.compile',
    ],
  });
// The host runs in this process, beside Playwright: a busy event loop here delays the page's answers and the marks.
const lag = [];
let tickAt = performance.now();
const ticker = setInterval(() => {
  const now = performance.now();
  if (now - tickAt > 60) lag.push({ at: tickAt, ms: now - tickAt });
  tickAt = now;
}, 10);
const navigatedAt = performance.now();
await page.goto(host.url);
await page.getByRole('tab', { name: 'Tools' }).waitFor({ timeout: 30_000 });
const shell = (await page.evaluate(paintTimes)).nowMs;
await page.waitForFunction(
  firstRowIs,
  { label: 'Tools', expected: toolName(0) },
  { timeout: 120_000, polling: 'raf' },
);
const firstRow = (await page.evaluate(paintTimes)).nowMs;
await page.waitForFunction(
  countAtLeast,
  {
    selector: `[aria-label="Tool list"] .list-count:not([data-testid="streamed-count"]) strong`,
    expected: tools,
  },
  { timeout: 240_000, polling: 50 },
);
const whole = await page.evaluate(paintTimes);
// The same marks as the page saw them (its own clock when the condition first held), not when this busy process heard.
const inPage = await page.evaluate(() => window.__marks);
const longTasks = await page.evaluate(() => window.__bench.longTasks);
clearInterval(ticker);
console.log(
  JSON.stringify({
    tools,
    shellMs: Math.round(shell),
    firstRowMs: Math.round(firstRow),
    wholeMs: Math.round(whole.nowMs),
    fcpMs: whole.firstContentfulPaintMs,
    inPage,
  }),
);
const summary = new Map();
for (const frame of frames.sort((a, b) => a.at - b.at)) {
  const at = Math.round(frame.at - navigationWall);
  if (showFrames || !frame.what.includes('onListProgress'))
    console.log(`${String(at).padStart(6)} ms  ${frame.what}`);
  const key = frame.what.replace(/ \d+ B$/, '').replace(/ #\d+/, '');
  summary.set(key, (summary.get(key) ?? 0) + 1);
}
console.log(
  'long tasks (start ms, duration ms):',
  longTasks.map((task) => `${Math.round(task.start)}+${Math.round(task.duration)}`).join(' '),
);
console.log(
  'host event loop blocked (start ms, ms):',
  lag.map((gap) => `${Math.round(gap.at - navigatedAt)}+${Math.round(gap.ms)}`).join(' '),
);
if (traceFile) await browser.stopTracing();
if (stopTrace) console.log(JSON.stringify(await stopTrace(), null, 1));
if (stop) console.log(JSON.stringify(await stop(25), null, 1));
await context.close();
await browser.close();
await host.close();
