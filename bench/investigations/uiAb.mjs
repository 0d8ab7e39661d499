// A/B of two renderer builds through this branch's host (out/node), alternated in fresh pages, marks on the page's
// own clock as the uiScale section takes them (shell, first row, whole list), and the JS heap once the lenses have
// answered (the token-cost line). Prints each run and the medians.
//   node bench/investigations/uiAb.mjs <renderer dir A> <renderer dir B> [tools] [runs]
/* global window, document, performance, requestAnimationFrame */
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { findChromium } from '../../scripts/chromiumPath.mjs';
import { benchServer, loadStartHost, root } from '../lib/engine.mjs';
import { countAtLeast } from '../lib/pageProbes.mjs';
import { median } from '../lib/stats.mjs';
import { toolName } from '../servers/toolShape.mjs';

const [dirA, dirB, toolsArg = '10000', runsArg = '3'] = process.argv.slice(2);
const tools = Number(toolsArg);
const copies = {};
for (const [name, dir] of Object.entries({ A: dirA, B: dirB })) {
  copies[name] = join(root, 'bench', 'tmp', `uiAb-${name}`);
  rmSync(copies[name], { recursive: true, force: true });
  cpSync(dir, copies[name], { recursive: true });
}
const whole = '[aria-label="Tool list"] .list-count:not([data-testid="streamed-count"]) strong';
function installMarks({ expected, firstName, whole }) {
  const marks = {};
  window.__marks = marks;
  const check = () => {
    const now = performance.now();
    if (marks.shell === undefined && document.querySelector('[role="tab"][id="tab-Tools"]'))
      marks.shell = now;
    const first = document.querySelector('[role="listbox"][aria-label="Tools"] [role="option"] .item-name');
    if (marks.firstRow === undefined && first?.textContent?.trim() === firstName) marks.firstRow = now;
    const text = document.querySelector(whole)?.textContent ?? '';
    const count = /[\d,.\u00a0\u202f ]*\d/.exec(text);
    if (marks.whole === undefined && count && Number(count[0].replace(/\D/g, '')) >= expected)
      marks.whole = now;
    if (marks.whole === undefined) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}
const startHost = await loadStartHost();
const browser = await chromium.launch({
  executablePath: findChromium().path,
  args: ['--enable-precise-memory-info'],
});
const figures = { A: [], B: [] };
for (let run = 0; run < Number(runsArg); run += 1) {
  for (const name of run % 2 ? ['B', 'A'] : ['A', 'B']) {
    const host = await startHost({
      target: benchServer(['--tools', tools, '--page-size', 200]).target,
      port: 0,
      rendererDir: copies[name],
      settingsPath: null,
      sessionDefaults: { pageLimit: Math.ceil(tools / 200) + 10 },
    });
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript(installMarks, { expected: tools, firstName: toolName(0), whole });
    await page.goto(host.url);
    await page.waitForFunction(
      countAtLeast,
      { selector: whole, expected: tools },
      { timeout: 240_000, polling: 100 },
    );
    const marks = await page.evaluate(() => window.__marks);
    const lensesMs = await page
      .locator('.tools-cost')
      .first()
      .waitFor({ timeout: 240_000 })
      .then(
        () => page.evaluate(() => performance.now()),
        () => null,
      );
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = Math.round((await cdp.send('Runtime.getHeapUsage')).usedSize / 1048576);
    const entry = {
      shell: Math.round(marks.shell),
      firstRow: Math.round(marks.firstRow),
      whole: Math.round(marks.whole),
      lensesHeard: lensesMs && Math.round(lensesMs),
      heapMiB: heap,
    };
    figures[name].push(entry);
    console.log(`${name} run ${run + 1}: ${JSON.stringify(entry)}`);
    await context.close();
    await host.close();
  }
}
for (const [name, list] of Object.entries(figures)) {
  const pick = (key) => median(list.map((entry) => entry[key]).filter((value) => value !== null));
  console.log(
    `${name} medians: shell ${pick('shell')} · first row ${pick('firstRow')} · whole ${pick('whole')} · lenses heard ${pick('lensesHeard')} · heap ${pick('heapMiB')} MiB`,
  );
}
await browser.close();
