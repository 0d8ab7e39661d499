// A/B of CSS containment on the virtual list while scrolling the traffic view (20 k frames): layout, style,
// script and task ms per jump, as built and with contain: strict injected (CSP bypassed for the test only).
// node bench/investigations/scrollContainment.mjs   (needs npm run build)
import { chromium } from '@playwright/test';
import { findChromium } from '../../scripts/chromiumPath.mjs';
import { startHost } from '../../out/node/host/startHost.js';
import { benchServer } from '../lib/engine.mjs';
import { countAtLeast, installObservers, scrollEndToEnd } from '../lib/pageProbes.mjs';
const host = await startHost({ target: benchServer(['--tools', 10, '--page-size', 10, '--flood', 30000]).target, port: 0 });
const browser = await chromium.launch({ executablePath: findChromium().path });
const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, bypassCSP: true });
const page = await context.newPage();
await page.addInitScript(installObservers);
await page.goto(host.url);
await page.getByRole('tab', { name: 'Traffic', exact: true }).click();
await page.waitForFunction(countAtLeast, { selector: '.traffic .toolbar-count', expected: 30000 }, { timeout: 120000, polling: 250 });
const cdp = await page.context().newCDPSession(page);
await cdp.send('Performance.enable');
const get = (m, n) => m.find(x => x.name === n)?.value;
async function trial(label) {
  const before = (await cdp.send('Performance.getMetrics')).metrics;
  await page.evaluate(scrollEndToEnd, { label: 'Frames', steps: 150 });
  const after = (await cdp.send('Performance.getMetrics')).metrics;
  const per = (n) => ((get(after, n) - get(before, n)) * 1000 / 150).toFixed(2);
  console.log(label, 'per jump ms: layout', per('LayoutDuration'), 'style', per('RecalcStyleDuration'), 'script', per('ScriptDuration'), 'task', per('TaskDuration'));
}
await trial('as built      ');
await trial('as built      ');
await page.addStyleTag({ content: '.virtual-list { contain: strict; } .virtual-row { contain: layout style paint; }' });
await trial('contain:strict');
await trial('contain:strict');
await browser.close(); await host.close();
