// Section 3: the renderer at scale, in Chromium through the browser host (Playwright). Time to first render,
// filter keystroke-to-paint over 10,000 tools, and 100,000 frames in the traffic view (scroll end to end,
// longest main-thread task, JS heap). Anything missing is reported as "renderer not ready: <reason>".
import { cpSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { findChromium } from '../../scripts/chromiumPath.mjs';
import { benchServer, loadStartHost, root } from '../lib/engine.mjs';
import { filterKeystrokes, timeKeystrokes } from '../lib/filterScript.mjs';
import { toolName } from '../servers/toolShape.mjs';
import { startProfile, startTaskTrace } from '../lib/chromiumProfile.mjs';
import { countAtLeast, countIn, firstRowIs, installObservers, paintTimes, scrollEndToEnd } from '../lib/pageProbes.mjs';
import { percentile, summarize } from '../lib/stats.mjs';

const megabytes = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const notReady = (reason) => `renderer not ready: ${reason}`;
const rendererDir = join(root, 'bench', 'tmp', 'renderer');

async function openApp(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(installObservers);
  await page.goto(url);
  return { page, context };
}

async function step(what, action, timeoutMs) {
  try {
    return await action();
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new Error(notReady(`${what} (${timeoutMs ? `within ${timeoutMs / 1000} s: ` : ''}${message})`));
  }
}

async function heapMB(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const usage = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return megabytes(usage.usedSize);
}

/** Loads the app with a 10,000-tool server: first paint, shell, and the whole list shown. */
async function firstRender(browser, url, tools) {
  const { page, context } = await openApp(browser, url);
  const toolsTab = page.getByRole('tab', { name: 'Tools', exact: true });
  await step('no "Tools" tab', () => toolsTab.waitFor({ timeout: 20_000 }), 20_000);
  const shell = await page.evaluate(paintTimes);
  // The whole list's count, not the rows streamed while the walk goes on (those say "N of … tools — still listing").
  const header = `[aria-label="Tool list"] .list-count:not([data-testid="streamed-count"]) strong`;
  try {
    await page.waitForFunction(countAtLeast, { selector: header, expected: tools }, { timeout: 120_000, polling: 50 });
  } catch (error) {
    const shown = await page.evaluate(() => globalThis.document.querySelector('[aria-label="Tool list"]')?.textContent?.slice(0, 160));
    throw new Error(notReady(`the tool count never reached ${tools} within 120 s (${error.message.split('\n')[0]}); the list pane shows: ${shown}`));
  }
  const listed = await page.evaluate(paintTimes);
  return { page, context, figures: { firstContentfulPaintMs: shell.firstContentfulPaintMs, shellMs: shell.nowMs, toolsShownMs: listed.nowMs } };
}

async function typeKeystrokes(page, box, tools) {
  await box.fill('');
  await page.waitForFunction(firstRowIs, { label: 'Tools', expected: toolName(0) }, { timeout: 30_000 });
  const measured = await timeKeystrokes(page, filterKeystrokes(tools, 50), { onMissing: (text) => new Error(notReady(text)) });
  return measured.map((times) => times.paintMs);
}

/** 50 keystrokes measured, then the same 50 again under a trace and a profile to see where the time goes. */
async function filterBench(browser, page, tools, traced) {
  const box = page.getByLabel('Filter tools').first();
  await step('no "Filter tools" box', () => box.waitFor({ timeout: 10_000 }), 10_000);
  await box.click();
  const times = await typeKeystrokes(page, box, tools);
  const figures = { keystrokes: times.length, p50Ms: round(percentile(times, 0.5)), p95Ms: round(percentile(times, 0.95)), maxMs: round(Math.max(...times)), all: summarize(times) };
  if (!traced) return figures;
  // Profiler outside the trace: its own start and stop are long main-thread tasks that are not the app's.
  const stopProfile = await startProfile(page, rendererDir);
  const stopTrace = await startTaskTrace(browser, page);
  const tracedTimes = await typeKeystrokes(page, box, tools);
  const trace = await stopTrace();
  const profile = await stopProfile();
  return {
    ...figures,
    tracedPass: { p50Ms: round(percentile(tracedTimes, 0.5)), p95Ms: round(percentile(tracedTimes, 0.95)), mainThreadCpuMsPerKeystroke: round(trace.mainThreadCpuMs / tracedTimes.length), ...trace },
    profile,
  };
}

async function trafficBench(browser, url, frames, steps, traced) {
  const { page, context } = await openApp(browser, url);
  try {
    const tab = page.getByRole('tab', { name: 'Traffic', exact: true });
    await step('no "Traffic" tab', () => tab.waitFor({ timeout: 20_000 }), 20_000);
    await tab.click();
    const counter = '.traffic .toolbar-count';
    await step(
      `the traffic view never counted ${frames} frames`,
      () => page.waitForFunction(countAtLeast, { selector: counter, expected: frames }, { timeout: 240_000, polling: 250 }),
      240_000,
    );
    const loadedAtMs = (await page.evaluate(paintTimes)).nowMs;
    const shown = await page.evaluate(countIn, counter);
    const heapLoaded = await heapMB(page);
    const scroll = await page.evaluate(scrollEndToEnd, { label: 'Frames', steps });
    if (scroll.error) throw new Error(notReady(scroll.error));
    const heapAfterScroll = await heapMB(page);
    const figures = { framesShown: shown, loadedAtMs: round(loadedAtMs), heapMB: heapLoaded, heapAfterScrollMB: heapAfterScroll, scroll: roundAll(scroll) };
    if (!traced) return figures;
    // The same scroll again under a trace (wall vs CPU time of each task) and a profile (which code).
    const stopProfile = await startProfile(page, rendererDir);
    const stopTrace = await startTaskTrace(browser, page);
    const tracedScroll = await page.evaluate(scrollEndToEnd, { label: 'Frames', steps });
    const trace = await stopTrace();
    const profile = await stopProfile();
    return {
      ...figures,
      tracedScroll: { longestTaskMs: round(tracedScroll.longestTaskMs), durationMs: round(tracedScroll.durationMs), ...trace },
      profile,
    };
  } finally {
    await context.close();
  }
}

const round = (value) => Math.round(value * 10) / 10;
const roundAll = (object) => Object.fromEntries(Object.entries(object).map(([key, value]) => [key, typeof value === 'number' ? round(value) : value]));

export async function run({ quick, log }) {
  const tools = 10_000;
  const frames = quick ? 10_000 : 100_000;
  const steps = quick ? 100 : 600;
  const renderRuns = quick ? 1 : 5;
  // The traced and profiled second passes (where the time goes) only in full runs: they double the time.
  const traced = !quick;
  const result = { tools, frames, quick, notes: [] };
  let startHost;
  try {
    startHost = await loadStartHost();
  } catch (error) {
    return { ...result, notReady: notReady(error.message) };
  }
  if (!existsSync(join(root, 'out', 'renderer', 'index.html'))) return { ...result, notReady: notReady('out/renderer/index.html missing (npm run build:app)') };
  // Serve a private copy: other builds may replace out/renderer while the bench runs.
  rmSync(rendererDir, { recursive: true, force: true });
  cpSync(join(root, 'out', 'renderer'), rendererDir, { recursive: true });
  const chromiumPath = findChromium().path;
  if (!chromiumPath) return { ...result, notReady: notReady('no Chromium found') };

  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--enable-precise-memory-info'] });
  result.chromium = browser.version();
  // 200 tools a page keeps the walk under the app's default page limit (64): 50 pages.
  const toolHost = await startHost({ target: benchServer(['--tools', tools, '--page-size', 200]).target, port: 0, rendererDir, settingsPath: null });
  const trafficHost = await startHost({ target: benchServer(['--tools', 10, '--page-size', 10, '--flood', frames]).target, port: 0, rendererDir, settingsPath: null });
  try {
    const renders = [];
    let last;
    for (let run = 0; run < renderRuns; run += 1) {
      const opened = await firstRender(browser, toolHost.url, tools);
      renders.push(opened.figures);
      log(`renderer, first render ${run + 1}/${renderRuns}: ${JSON.stringify(roundAll(opened.figures))}`);
      if (last) await last.context.close();
      last = opened;
    }
    result.firstRender = {
      measured: 'ms from navigation start (a fresh page each run): first contentful paint, the Tools tab present, all 10,000 tools listed and shown',
      firstContentfulPaintMs: summarize(renders.map((r) => r.firstContentfulPaintMs ?? 0)),
      shellMs: summarize(renders.map((r) => r.shellMs)),
      toolsShownMs: summarize(renders.map((r) => r.toolsShownMs)),
    };
    try {
      result.filter = { measured: 'keydown to the next painted frame once the list\'s first row shows the keystroke\'s result', ...(await filterBench(browser, last.page, tools, traced)) };
      log(`renderer, filter: p50 ${result.filter.p50Ms} ms, p95 ${result.filter.p95Ms} ms`);
    } finally {
      await last.context.close();
    }
  } catch (error) {
    result.notReady = error.message.startsWith('renderer not ready') ? error.message : notReady(error.message);
  }
  try {
    result.traffic = { measured: `${frames} frames flooded by the server after initialize; scroll of the Frames list top to bottom in ${steps} jumps, one per animation frame`, ...(await trafficBench(browser, trafficHost.url, frames, steps, traced)) };
    log(`renderer, traffic: ${JSON.stringify(result.traffic)}`);
  } catch (error) {
    result.trafficNotReady = error.message.startsWith('renderer not ready') ? error.message : notReady(error.message);
  }
  await toolHost.close();
  await trafficHost.close();
  await browser.close();
  return result;
}
