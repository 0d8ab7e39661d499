#!/usr/bin/env node
// `npm test`: typecheck, lint, build, unit + integration (vitest), e2e (Playwright), on the Node that runs it
// (every tool is started with this process's node). Every step runs even when an earlier one failed, so one run
// shows everything; the last line sums the test runners' tests: "N passed, N failed, N skipped". The static steps
// (lint, the typechecks, the build) are steps, not tests: the summary lists each as ok or FAILED, a passed one adds
// nothing to the counts, and a failed one adds 1 failed (so no run with a failed step can read as passing).
//
// The static steps are single-threaded, so they run in two lanes at once (lint beside the typechecks and the
// build; the build after `typecheck` because both use out/node's tsbuildinfo), each step's output printed whole
// when it ends. vitest and Playwright spread over their own workers (vitest.config.ts, playwright.config.ts).
//
// LOUPE_TEST_LABEL=<label> (scripts/testNode24.mjs sets node24) keeps a second run's reports apart
// (test-results/vitest-<label>.json, e2e-<label>.json) and starts the last line with "<label>: ".
// LOUPE_TEST_PASS=<name> (.ci/run names its passes) heads the summary with the pass's name.
// LOUPE_STATIC_STEPS=checked (.ci/run's second pass only): lint and the four typechecks ran in the first pass on the
// same checkout, and eslint and tsc answer the same on any Node, so this pass lists them as checked there and runs
// only the build (out/ is what the tests run). Run again, they cost the last CI run's second pass 115 s (lint, with the
// typechecks beside it), of a whole run whose goal is 35 minutes.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { countPlaywright, countStep, countVitest, summaryText } from './reportCounts.mjs';

const label = process.env.LOUPE_TEST_LABEL ?? '';
const suffix = label ? `-${label}` : '';
const node = process.execPath;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const bin = {
  tsc: 'node_modules/typescript/bin/tsc',
  eslint: 'node_modules/eslint/bin/eslint.js',
  vitest: 'node_modules/vitest/vitest.mjs',
  playwright: 'node_modules/@playwright/test/cli.js',
};

const results = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
/** The static steps' outcomes, in the order they ended: "lint ok (12.3 s)". */
const steps = [];
mkdirSync('test-results', { recursive: true });

/** Runs one step; with capture its output is kept and printed in one block when it ends (for the lanes). */
function run(name, command, args, { capture = false } = {}) {
  const started = Date.now();
  const header = `\n── ${label ? `${label} ` : ''}${name}: ${command === node ? 'node' : command} ${args.join(' ')}\n`;
  if (!capture) process.stdout.write(header);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      shell: process.platform === 'win32' && command === npm,
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    const finish = (status, error) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (capture) process.stdout.write(`${header}${Buffer.concat(output).toString()}`);
      if (error) process.stdout.write(`${name}: could not start ${command}: ${error.message}\n`);
      resolve({ ok: status === 0, status, seconds });
    };
    child.once('error', (error) => finish(null, error));
    child.once('close', (status) => finish(status));
  });
}

/** A static step: listed as ok or FAILED; a failure counts as 1 failed, a pass counts as no test. */
async function gate(name, command, args, options) {
  const step = await run(name, command, args, options);
  countStep(results, steps, name, step);
  return step.ok;
}

const captured = { capture: true };
const staticChecked = process.env.LOUPE_STATIC_STEPS === 'checked';
/** Lint or a typecheck: run here, or left to the first pass that already ran it (LOUPE_STATIC_STEPS=checked). */
const check = (name, args) => (staticChecked ? Promise.resolve(true) : gate(name, node, args, captured));
const [, built] = await Promise.all([
  check('lint', [bin.eslint, '.']),
  (async () => {
    await check('typecheck', [bin.tsc, '-p', 'tsconfig.node.json', '--noEmit']);
    const ok = await gate('build', npm, ['run', 'build'], captured);
    await check('typecheck tests', [bin.tsc, '-p', 'tsconfig.test.json']);
    await check('typecheck renderer', [bin.tsc, '-p', 'tsconfig.web.json']);
    await check('typecheck electron', [bin.tsc, '-p', 'tsconfig.electron.json']);
    return ok;
  })(),
]);
if (staticChecked)
  steps.push('lint and the four typechecks: checked in the first pass (LOUPE_STATIC_STEPS=checked)');

// vitest: unit and integration against real servers (its node and renderer projects).
const vitestReport = `test-results/vitest${suffix}.json`;
rmSync(vitestReport, { force: true });
// LOUPE_SLOW_SUITES=skip (.ci/run's first pass only): the conformance suites and the e2e specs are left to the
// Node 24 pass, which runs everything; this pass says so and counts them neither passed nor skipped. The conformance
// suites are the official suite run against servers (test/conformance), `loupe conform` (test/conform) and
// `loupe mcp` (test/agent/conformAgent.test.ts, 105 s of a worker).
const skipSlow = process.env.LOUPE_SLOW_SUITES === 'skip';
const slowSuites = ['test/conformance/**', 'test/conform/**', 'test/agent/conformAgent.test.ts'];
const unit = await run('vitest', node, [
  bin.vitest,
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${vitestReport}`,
  ...(skipSlow ? slowSuites.flatMap((glob) => ['--exclude', glob]) : []),
]);
if (skipSlow)
  lines.push('conformance suites: not run in this pass (LOUPE_SLOW_SUITES=skip): the Node 24 pass runs them');
countVitest(results, lines, vitestReport, unit);

// Playwright e2e through the browser host in Chromium (needs the build); playwright.config.ts names the report
// after LOUPE_TEST_LABEL too.
const e2eReport = `test-results/e2e${suffix}.json`;
if (skipSlow) {
  lines.push('e2e: not run in this pass (LOUPE_SLOW_SUITES=skip): the Node 24 pass runs it');
} else if (built) {
  rmSync(e2eReport, { force: true });
  const e2e = await run('e2e', node, [bin.playwright, 'test']);
  const note = existsSync('playwright.config.ts') ? '' : ' (no playwright.config.ts)';
  countPlaywright(results, lines, e2eReport, e2e, note);
} else {
  results.failed += 1;
  lines.push('e2e: not run because the build failed: counted as 1 failed');
}

const pass = process.env.LOUPE_TEST_PASS ?? `npm test${label ? ` (${label})` : ''}`;
process.stdout.write(summaryText({ pass, node: process.version, label, steps, lines, results }));
process.exit(results.failed === 0 ? 0 : 1);
