#!/usr/bin/env node
// `npm test`: typecheck, lint, build, unit + integration (vitest), e2e (Playwright). Every step runs even when
// an earlier one failed, so one run shows everything; the last line sums every runner: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const results = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
mkdirSync('test-results', { recursive: true });

function run(label, command, args) {
  const started = Date.now();
  process.stdout.write(`\n── ${label}: ${command} ${args.join(' ')}\n`);
  const child = spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  return { ok: child.status === 0, status: child.status, seconds };
}

function gate(label, command, args) {
  const { ok, seconds } = run(label, command, args);
  if (ok) results.passed += 1;
  else results.failed += 1;
  lines.push(`${label}: ${ok ? 'ok' : 'FAILED'} (${seconds} s)`);
  return ok;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

gate('typecheck', 'npx', ['tsc', '-p', 'tsconfig.node.json', '--noEmit']);
gate('typecheck tests', 'npx', ['tsc', '-p', 'tsconfig.test.json']);
gate('typecheck renderer', 'npx', ['tsc', '-p', 'tsconfig.web.json']);
gate('typecheck electron', 'npx', ['tsc', '-p', 'tsconfig.electron.json']);
gate('lint', 'npx', ['eslint', '.']);
const built = gate('build', 'npm', ['run', 'build']);

// vitest: unit and integration against real servers.
rmSync('test-results/vitest.json', { force: true });
const unit = run('vitest', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=test-results/vitest.json']);
const vitest = readJson('test-results/vitest.json');
if (vitest) {
  results.passed += vitest.numPassedTests;
  results.failed += vitest.numFailedTests;
  results.skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
  lines.push(`vitest: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed, ${vitest.numPendingTests} skipped (${unit.seconds} s)`);
  if (!unit.ok && vitest.numFailedTests === 0) {
    results.failed += 1;
    lines.push('vitest: exited non-zero with no failed test (a suite failed to load): counted as 1 failed');
  }
} else {
  results.failed += 1;
  lines.push('vitest: no report written: counted as 1 failed');
}

// Playwright e2e through the browser host in Chromium (needs the build).
if (built) {
  rmSync('test-results/e2e.json', { force: true });
  const e2e = run('e2e', 'npx', ['playwright', 'test']);
  const report = readJson('test-results/e2e.json');
  if (report?.stats) {
    const { expected = 0, unexpected = 0, skipped = 0, flaky = 0 } = report.stats;
    results.passed += expected + flaky;
    results.failed += unexpected;
    results.skipped += skipped;
    lines.push(`e2e: ${expected + flaky} passed, ${unexpected} failed, ${skipped} skipped (${e2e.seconds} s)`);
    if (!e2e.ok && unexpected === 0) {
      results.failed += 1;
      lines.push('e2e: exited non-zero with no failed test: counted as 1 failed');
    }
  } else {
    results.failed += 1;
    lines.push(`e2e: no report written${existsSync('playwright.config.ts') ? '' : ' (no playwright.config.ts)'}: counted as 1 failed`);
  }
} else {
  results.failed += 1;
  lines.push('e2e: not run because the build failed: counted as 1 failed');
}

process.stdout.write(`\n── summary\n${lines.map((l) => `  ${l}`).join('\n')}\n`);
process.stdout.write(`${results.passed} passed, ${results.failed} failed, ${results.skipped} skipped\n`);
process.exit(results.failed === 0 ? 0 : 1);
