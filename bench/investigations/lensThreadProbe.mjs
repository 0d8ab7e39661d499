// Is the browser host free while the lenses run? Opens N tools through the host (in its own process, as `loupe web`
// runs), waits for the whole list, clicks a tool at once (its call panel is a lazily loaded file the host serves,
// fetched while the lenses have just started), and meanwhile fetches a static file from the host every 250 ms.
// Prints, per run: ms from the click to the call panel shown, the slowest static fetch after the whole list, and
// when the lenses answered (the token-cost line). Runs alternate between this checkout and --base.
//   node bench/investigations/lensThreadProbe.mjs [tools] [runs] [--base <a built checkout>]
/* global document */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium } from '@playwright/test';
import { root as ownRoot } from '../lib/engine.mjs';

const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const positional = args.filter((arg, index) => !arg.startsWith('--') && !args[index - 1]?.startsWith('--'));
const tools = Number(positional[0] ?? 50_000);
const runs = Number(positional[1] ?? 2);
const base = option('--base');
const roots = base ? [ownRoot, resolve(base)] : [ownRoot];
const { findChromium } = await import(join(ownRoot, 'scripts', 'chromiumPath.mjs'));

async function probe(root) {
  const rendererDir = mkdtempSync(join(tmpdir(), 'loupe-lens-probe-'));
  cpSync(join(root, 'out', 'renderer'), rendererDir, { recursive: true });
  const { benchServer } = await import(join(root, 'bench', 'lib', 'engine.mjs'));
  const options = {
    target: benchServer(['--tools', tools, '--page-size', 200]).target,
    port: 0,
    rendererDir,
    settingsPath: null,
    sessionDefaults: { pageLimit: Math.ceil(tools / 200) + 10 },
  };
  const host = spawn(
    process.execPath,
    [
      ...(process.env.PROBE_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROBE_PROF}`] : []),
      join(root, 'bench', 'sections', 'uiScaleHost.mjs'),
      JSON.stringify(options),
    ],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const { url } = JSON.parse(
    await new Promise((done) => createInterface({ input: host.stdout }).once('line', done)),
  );
  const browser = await chromium.launch({ executablePath: findChromium().path });
  try {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await page.goto(url);
    const asset = await page.evaluate(() => document.querySelector('script[src]')?.src);
    const whole = new RegExp(`${tools.toLocaleString('en-US')} tools`);
    await page.waitForFunction(
      (source) =>
        new RegExp(source).test(
          document.querySelector('[aria-label="Tool list"] .list-count strong')?.textContent ?? '',
        ),
      whole.source,
      { timeout: 300_000 },
    );
    const fetches = [];
    let polling = true;
    const poll = (async () => {
      while (polling) {
        const started = Date.now();
        const response = await fetch(`${asset}?probe=${started}`).catch(() => undefined);
        await response?.arrayBuffer();
        fetches.push(Date.now() - started);
        await new Promise((done) => setTimeout(done, 250));
      }
    })();
    const clicked = Date.now();
    await page.getByRole('listbox', { name: 'Tools' }).getByRole('option').nth(1).click();
    await page.getByText('Loading the call panel').waitFor({ state: 'detached', timeout: 300_000 });
    const panelMs = Date.now() - clicked;
    await page.locator('.tools-cost').first().waitFor({ timeout: 300_000 });
    const lensesMs = Date.now() - clicked;
    polling = false;
    await poll;
    return { panelMs, slowestFetchMs: Math.max(...fetches), fetches: fetches.length, lensesMs };
  } finally {
    await browser.close();
    host.stdin.end();
    rmSync(rendererDir, { recursive: true, force: true });
  }
}

for (let run = 1; run <= runs; run += 1) {
  for (const root of run % 2 ? roots : [...roots].reverse()) {
    const figures = await probe(root);
    console.log(
      `${tools} tools, run ${run}, ${root === ownRoot ? 'this checkout' : root}: ${JSON.stringify(figures)}`,
    );
  }
}
