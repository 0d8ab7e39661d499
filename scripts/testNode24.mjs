#!/usr/bin/env node
// The second CI run (.ci/run), under Node 24: what changes with the runtime — vitest's node project (engine,
// CLI, host, backend and conformance against real servers over stdio and loopback HTTP) — against the build
// `npm test` just made. Typecheck, lint and the build do not depend on the Node that runs them; the jsdom
// renderer tests and the Chromium e2e exercise the browser more than Node, and a second pass of them would
// not fit CI's time (LOUPE_NODE24_ALL=1 runs them too). Run it with
// Node 24 first on PATH, so test servers spawned as `node` are Node 24 too. Its last line:
// "node24: N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { countPlaywright, countVitest } from './reportCounts.mjs';

const results = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
mkdirSync('test-results', { recursive: true });

function run(label, args) {
  const started = Date.now();
  process.stdout.write(`\n── node24 ${label}: node ${args.join(' ')}\n`);
  const child = spawnSync(process.execPath, args, { stdio: 'inherit' });
  return { ok: child.status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

if (!process.version.startsWith('v24.')) {
  process.stdout.write(
    `node24: this is Node ${process.version}, not 24\nnode24: 0 passed, 1 failed, 0 skipped\n`,
  );
  process.exit(1);
}

rmSync('test-results/vitest-node24.json', { force: true });
const unit = run('vitest', [
  'node_modules/vitest/vitest.mjs',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile=test-results/vitest-node24.json',
  ...(process.env.LOUPE_NODE24_ALL === '1' || process.argv.length > 2 ? [] : ['--project', 'node']),
  ...process.argv.slice(2),
]);
countVitest(results, lines, 'test-results/vitest-node24.json', unit);

// The e2e config writes test-results/e2e.json; Node 20's report was already counted by npm test.
if (process.argv.length <= 2 && process.env.LOUPE_NODE24_ALL === '1') {
  rmSync('test-results/e2e.json', { force: true });
  const e2e = run('e2e', ['node_modules/@playwright/test/cli.js', 'test']);
  countPlaywright(results, lines, 'test-results/e2e.json', e2e);
}

process.stdout.write(
  `\n── node24 summary (${process.version})\n${lines.map((line) => `  ${line}`).join('\n')}\n`,
);
process.stdout.write(
  `node24: ${results.passed} passed, ${results.failed} failed, ${results.skipped} skipped\n`,
);
process.exit(results.failed === 0 ? 0 : 1);
