// A/B of the tools view with and without streamed rows: the same host (this branch's out/node, which sends rows in
// onListProgress) serving two renderer builds, alternating fresh pages: this branch's out/renderer and another build
// given as the first argument (e.g. main's, which shows counts only while listing). Prints ms from navigation to
// the first row and to the whole list counted, per run.   node bench/investigations/streamedRowsAb.mjs <other out/renderer> [tools] [runs]
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { findChromium } from '../../scripts/chromiumPath.mjs';
import { benchServer, loadStartHost, root } from '../lib/engine.mjs';
import { countAtLeast, firstRowIs, paintTimes } from '../lib/pageProbes.mjs';
import { median } from '../lib/stats.mjs';
import { toolName } from '../servers/toolShape.mjs';

const [other, toolsArg = '10000', runsArg = '3'] = process.argv.slice(2);
const tools = Number(toolsArg);
const runs = Number(runsArg);
const startHost = await loadStartHost();
const builds = { streamed: join(root, 'out', 'renderer'), other };
const copies = {};
for (const [name, dir] of Object.entries(builds)) {
  copies[name] = join(root, 'bench', 'tmp', `ab-${name}`);
  rmSync(copies[name], { recursive: true, force: true });
  cpSync(dir, copies[name], { recursive: true });
}
// A fresh host per run: a second page on one host would take up its session's lists instead of walking them.
const freshHost = (name) =>
  startHost({ target: benchServer(['--tools', tools, '--page-size', 200]).target, port: 0, rendererDir: copies[name], settingsPath: null, sessionDefaults: { pageLimit: Math.ceil(tools / 200) + 10 } });
const browser = await chromium.launch({ executablePath: findChromium().path });
const whole = `[aria-label="Tool list"] .list-count:not([data-testid="streamed-count"]) strong`;
const times = { streamed: { first: [], whole: [] }, other: { first: [], whole: [] } };
for (let run = 0; run < runs; run += 1) {
  for (const name of run % 2 ? ['other', 'streamed'] : ['streamed', 'other']) {
    const host = await freshHost(name);
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.goto(host.url);
    await page.waitForFunction(firstRowIs, { label: 'Tools', expected: toolName(0) }, { timeout: 120_000, polling: 'raf' });
    const first = (await page.evaluate(paintTimes)).nowMs;
    await page.waitForFunction(countAtLeast, { selector: whole, expected: tools }, { timeout: 240_000, polling: 50 });
    const all = (await page.evaluate(paintTimes)).nowMs;
    times[name].first.push(first);
    times[name].whole.push(all);
    console.log(`${name} run ${run + 1}: first row ${first.toFixed(0)} ms, whole list ${all.toFixed(0)} ms`);
    await context.close();
    await host.close();
  }
}
for (const [name, figures] of Object.entries(times)) console.log(`${name}: median first row ${median(figures.first).toFixed(0)} ms, whole list ${median(figures.whole).toFixed(0)} ms`);
await browser.close();
