// The Tools filter at scale, as the uiScale section types it (50 keystrokes: keydown to the paint that shows the
// keystroke's first row, the keystroke's work and frames late, lib/filterScript.mjs), with a V8 CPU profile and a
// Chromium trace of the keystrokes (with JavaScript stacks on layouts and invalidations): where a keystroke's time goes.
//   node bench/investigations/uiFilterProfile.mjs [tools] [--root <a built checkout>] [--no-profile] [--css <rules>]
//   (--css adds a style sheet before the keystrokes: a layout experiment without a build)
//   TRACE_OUT=<file> keeps the raw trace (a Layout forced by script carries beginData.stackTrace; one without it was
//   asked for by the browser itself, e.g. the editor revealing the caret after an input event).
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium } from '@playwright/test';
import { findChromium } from '../../scripts/chromiumPath.mjs';
import { root as ownRoot } from '../lib/engine.mjs';
import { filterFigures, filterKeystrokes, timeKeystrokes } from '../lib/filterScript.mjs';
import { installObservers, countAtLeast } from '../lib/pageProbes.mjs';
import { startProfile, startTaskTrace } from '../lib/chromiumProfile.mjs';

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const [, value] = args.splice(at, 2);
  return value;
};
const profiled = !args.includes('--no-profile');
const css = option('--css');
const root = resolve(option('--root') ?? ownRoot);
const tools = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 50_000);
const rendererDir = mkdtempSync(join(tmpdir(), 'loupe-filter-renderer-'));
cpSync(join(root, 'out', 'renderer'), rendererDir, { recursive: true });
const { benchServer } = await import(join(root, 'bench', 'lib', 'engine.mjs'));

const child = spawn(
  process.execPath,
  [
    join(root, 'bench', 'sections', 'uiScaleHost.mjs'),
    JSON.stringify({
      target: benchServer(['--tools', tools, '--page-size', 200]).target,
      port: 0,
      rendererDir,
      settingsPath: null,
      sessionDefaults: { pageLimit: Math.ceil(tools / 200) + 10 },
    }),
  ],
  { stdio: ['pipe', 'pipe', 'inherit'] },
);
const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
const { url } = JSON.parse(
  await new Promise((resolveLine) => createInterface({ input: child.stdout }).once('line', resolveLine)),
);
const browser = await chromium.launch({
  executablePath: findChromium().path,
  args: ['--enable-precise-memory-info'],
});
try {
  const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  await page.addInitScript(installObservers);
  await page.goto(url);
  await page.waitForFunction(
    countAtLeast,
    {
      selector: `[aria-label="Tool list"] .list-count:not([data-testid="streamed-count"]) strong`,
      expected: tools,
    },
    { timeout: 240_000, polling: 100 },
  );
  await page.locator('.tools-cost').first().waitFor({ timeout: 240_000 });
  const box = page.getByLabel('Filter tools').first();
  if (css) await page.addStyleTag({ content: css });
  await box.fill('');
  await box.focus();
  const stopProfile = profiled ? await startProfile(page, rendererDir) : undefined;
  const stopTrace = profiled
    ? await startTaskTrace(browser, page, { stacks: Boolean(process.env.TRACE_OUT) })
    : undefined;
  const measured = await timeKeystrokes(page, filterKeystrokes(tools, 50));
  console.log(JSON.stringify({ root, tools, ...(await filterFigures(measured)) }));
  const shown = (name) => measured.map((times) => Math.round(times[name] * 10) / 10).join(' ');
  console.log(`keystroke → paint ms: ${shown('paintMs')}`);
  console.log(`keystroke's work ms: ${shown('workMs')}`);
  console.log(`frames late: ${shown('framesLate')}`);
  if (stopTrace) {
    const trace = await stopTrace();
    console.log(
      `trace: ${trace.tasks} tasks, main thread ${trace.mainThreadCpuMs} ms CPU; longest ${trace.longestTaskCpuMs} ms CPU`,
    );
    console.log(`  tasks dispatching a key (ms CPU): ${JSON.stringify(trace.keyTasks)}`);
    console.log(`  by phase (ms CPU): ${JSON.stringify(trace.cpuMsByPhase)}`);
    for (const task of trace.heaviestTasks ?? []) console.log(`  heavy task: ${JSON.stringify(task)}`);
  }
  if (stopProfile) {
    const profile = await stopProfile(20);
    console.log(`profile: ${profile.busyMs} ms busy of ${profile.sampledMs} ms sampled`);
    for (const entry of profile.topFunctions) console.log(`  ${entry.ms} ms ${entry.share}%  ${entry.name}`);
    for (const entry of profile.topModules.slice(0, 8)) console.log(`  module ${entry.ms} ms  ${entry.name}`);
  }
} finally {
  await browser.close();
  child.stdin.end();
  await exited;
  rmSync(rendererDir, { recursive: true, force: true });
}
