#!/usr/bin/env node
// `npm test`: typecheck, lint, build, unit + integration (vitest), e2e (Playwright). Every step runs even when
// an earlier one failed, so one run shows everything; the last line sums every runner: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { countPlaywright, countVitest } from './reportCounts.mjs';

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

gate('typecheck', 'npx', ['tsc', '-p', 'tsconfig.node.json', '--noEmit']);
gate('typecheck tests', 'npx', ['tsc', '-p', 'tsconfig.test.json']);
gate('typecheck renderer', 'npx', ['tsc', '-p', 'tsconfig.web.json']);
gate('typecheck electron', 'npx', ['tsc', '-p', 'tsconfig.electron.json']);
gate('lint', 'npx', ['eslint', '.']);
const built = gate('build', 'npm', ['run', 'build']);

// vitest: unit and integration against real servers.
rmSync('test-results/vitest.json', { force: true });
const unit = run('vitest', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile=test-results/vitest.json',
]);
countVitest(results, lines, 'test-results/vitest.json', unit);

// Playwright e2e through the browser host in Chromium (needs the build).
if (built) {
  rmSync('test-results/e2e.json', { force: true });
  const e2e = run('e2e', 'npx', ['playwright', 'test']);
  const note = existsSync('playwright.config.ts') ? '' : ' (no playwright.config.ts)';
  countPlaywright(results, lines, 'test-results/e2e.json', e2e, note);
} else {
  results.failed += 1;
  lines.push('e2e: not run because the build failed: counted as 1 failed');
}

process.stdout.write(`\n── summary\n${lines.map((l) => `  ${l}`).join('\n')}\n`);
process.stdout.write(`${results.passed} passed, ${results.failed} failed, ${results.skipped} skipped\n`);
process.exit(results.failed === 0 ? 0 : 1);
