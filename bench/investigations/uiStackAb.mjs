// A/B of two whole builds (host + renderer), e.g. this branch against an older commit checked out with
// `git worktree add /tmp/x <commit>` and built there (npm run build:node && npm run build:app; copy
// bench/sections/uiScaleHost.mjs into it if it predates that file). Each run a fresh host in its own process from
// that tree, serving that tree's renderer; marks on the page's own clock, the lenses' answer, the heap after them.
//   node bench/investigations/uiStackAb.mjs <root A> <root B> [tools] [runs]
/* global window, document, performance, requestAnimationFrame */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium } from '@playwright/test';
import { findChromium } from '../../scripts/chromiumPath.mjs';
import { benchServer } from '../lib/engine.mjs';
import { countAtLeast } from '../lib/pageProbes.mjs';
import { median } from '../lib/stats.mjs';
import { toolName } from '../servers/toolShape.mjs';

const [rootA, rootB, toolsArg = '10000', runsArg = '3'] = process.argv.slice(2);
const tools = Number(toolsArg);
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
async function hostOf(root) {
  const options = {
    target: benchServer(['--tools', tools, '--page-size', 200]).target,
    port: 0,
    rendererDir: join(root, 'out', 'renderer'),
    settingsPath: null,
    sessionDefaults: { pageLimit: Math.ceil(tools / 200) + 10 },
  };
  const child = spawn(
    process.execPath,
    [join(root, 'bench', 'sections', 'uiScaleHost.mjs'), JSON.stringify(options)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const line = await new Promise((resolve) => createInterface({ input: child.stdout }).once('line', resolve));
  return { url: JSON.parse(line).url, close: async () => (child.stdin.end(), await exited) };
}
const browser = await chromium.launch({
  executablePath: findChromium().path,
  args: ['--enable-precise-memory-info'],
});
const figures = { A: [], B: [] };
for (let run = 0; run < Number(runsArg); run += 1) {
  for (const name of run % 2 ? ['B', 'A'] : ['A', 'B']) {
    const host = await hostOf(name === 'A' ? rootA : rootB);
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
    const lenses = await page
      .locator('.tools-cost')
      .first()
      .waitFor({ timeout: 240_000 })
      .then(
        () => page.evaluate(() => performance.now()),
        () => null,
      );
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const heapMiB = Math.round((await cdp.send('Runtime.getHeapUsage')).usedSize / 1048576);
    const entry = {
      shell: Math.round(marks.shell),
      firstRow: Math.round(marks.firstRow),
      whole: Math.round(marks.whole),
      lensesHeard: lenses && Math.round(lenses),
      heapMiB,
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
