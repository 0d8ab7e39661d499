// The filter at scale as the uiScale section types it (its 50 keystrokes, keydown to the painted result), once the
// list and its lenses are in, under a V8 profile of the page: keystroke times and where their JS goes. Build the
// renderer unminified first for module names (LOUPE_UNMINIFIED=1 npm run build:app).
//   node bench/investigations/uiFilterProfile.mjs [tools] [trace file]
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { findChromium } from '../../scripts/chromiumPath.mjs';
import { benchServer, loadStartHost, root } from '../lib/engine.mjs';
import { filterKeystrokes } from '../lib/filterScript.mjs';
import { countAtLeast, installObservers, keystrokeToPaint } from '../lib/pageProbes.mjs';
import { startProfile } from '../lib/chromiumProfile.mjs';
import { percentile } from '../lib/stats.mjs';

const tools = Number(process.argv[2] ?? '50000');
const rendererDir = join(root, 'bench', 'tmp', 'uiFilterProfile');
rmSync(rendererDir, { recursive: true, force: true });
cpSync(process.env.RENDERER_DIR ?? join(root, 'out', 'renderer'), rendererDir, { recursive: true });
const startHost = await loadStartHost();
const host = await startHost({
  target: benchServer(['--tools', tools, '--page-size', 200]).target,
  port: 0,
  rendererDir,
  settingsPath: null,
  sessionDefaults: { pageLimit: Math.ceil(tools / 200) + 10 },
});
const browser = await chromium.launch({ executablePath: findChromium().path });
const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
await page.addInitScript(installObservers);
await page.goto(host.url);
await page.waitForFunction(
  countAtLeast,
  {
    selector: '[aria-label="Tool list"] .list-count:not([data-testid="streamed-count"]) strong',
    expected: tools,
  },
  { timeout: 240_000, polling: 100 },
);
await page.locator('.tools-cost').first().waitFor({ timeout: 240_000 });
const box = page.getByLabel('Filter tools').first();
await box.fill('');
const traceFile = process.argv[3];
if (traceFile)
  await browser.startTracing(page, {
    path: traceFile,
    categories: ['toplevel', 'v8', 'blink', 'devtools.timeline', 'disabled-by-default-devtools.timeline'],
  });
const stop = await startProfile(page, rendererDir);
const times = [];
for (const keystroke of filterKeystrokes(tools, 50)) {
  await page.keyboard.press(keystroke.key);
  times.push(await page.evaluate(keystrokeToPaint, { label: 'Tools', expected: keystroke.expected }));
}
const summary = await stop(20);
if (traceFile) await browser.stopTracing();
console.log(
  JSON.stringify({
    tools,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    max: Math.max(...times),
    times: times.map(Math.round),
  }),
);
for (const entry of summary.topFunctions)
  console.log(`${String(entry.ms).padStart(8)} ms ${String(entry.share).padStart(5)}%  ${entry.name}`);
console.log('--- modules');
for (const entry of summary.topModules.slice(0, 12))
  console.log(`${String(entry.ms).padStart(8)} ms ${String(entry.share).padStart(5)}%  ${entry.name}`);
await browser.close();
await host.close();
