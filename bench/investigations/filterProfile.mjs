// Where a filter keystroke's JS goes: loads 10,000 tools through the browser host, types 24 keystrokes under
// a V8 profile (100 µs sampling) and prints self and inclusive time per function (bundle line numbers).
// node bench/investigations/filterProfile.mjs   (needs npm run build)
import { chromium } from '@playwright/test';
import { findChromium } from '../../scripts/chromiumPath.mjs';
import { startHost } from '../../out/node/host/startHost.js';
import { benchServer } from '../lib/engine.mjs';
import { countAtLeast } from '../lib/pageProbes.mjs';

const host = await startHost({ target: benchServer(['--tools', 10000, '--page-size', 200]).target, port: 0 });
const browser = await chromium.launch({ executablePath: findChromium().path });
const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
await page.goto(host.url);
await page.waitForFunction(countAtLeast, { selector: '[aria-label="Tool list"] .list-count strong', expected: 10000 }, { timeout: 120000, polling: 100 });
await page.waitForTimeout(2000);
await page.getByLabel('Filter tools').first().click();
const cdp = await page.context().newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await cdp.send('Profiler.start');
for (let round = 0; round < 3; round += 1) {
  for (const key of ['1', '2', '3', '4', 'Backspace', 'Backspace', 'Backspace', 'Backspace']) {
    await page.keyboard.press(key);
    await page.waitForTimeout(100);
  }
}
const { profile } = await cdp.send('Profiler.stop');
await browser.close();
await host.close();

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const samples = new Map();
profile.samples.forEach((id, index) => samples.set(id, (samples.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
const inclusive = new Map();
const self = new Map();
for (const [id, micros] of samples) {
  const seen = new Set();
  for (let at = id, first = true; at; at = parent.get(at), first = false) {
    const frame = byId.get(at).callFrame;
    const key = `${frame.functionName || '(anonymous)'}:${frame.lineNumber + 1}`;
    if (first) self.set(key, (self.get(key) ?? 0) + micros);
    if (!seen.has(key)) inclusive.set(key, (inclusive.get(key) ?? 0) + micros);
    seen.add(key);
  }
}
const print = (title, map, count) => {
  console.log(title);
  for (const [key, micros] of [...map].sort((a, b) => b[1] - a[1]).slice(0, count)) console.log(`${(micros / 1000).toFixed(1).padStart(8)} ms  ${key}`);
};
print('self', self, 15);
print('inclusive', inclusive, 30);
