// Counting into the summary of scripts/testAll.mjs (both CI passes: the machine's Node and Node 24): each test
// runner's JSON report (a report missing, or a runner that failed with no failed test, counts as one failure, never
// as a pass), and the static steps, which are not tests: listed as ok or FAILED, a failed one counted as 1 failed.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

export function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** A static step (lint, a typecheck, the build) that ran as run = { ok, seconds }: listed in steps, never a test. */
export function countStep(results, steps, name, run) {
  if (!run.ok) results.failed += 1;
  steps.push(`${name} ${run.ok ? 'ok' : 'FAILED (counted as 1 failed)'} (${run.seconds} s)`);
}

/**
 * The summary testAll prints: a heading naming the pass, the steps, each runner's lines, and the last line CI reads,
 * "[<label>: ]N passed, N failed, N skipped", which sums the test runners (and the failed steps).
 */
export function summaryText({ pass, node, label = '', steps, lines, results }) {
  const prefix = label ? `${label}: ` : '';
  return [
    `\n── summary of ${pass} (node ${node})`,
    `  steps (not counted as tests): ${steps.join(', ')}`,
    ...lines.map((line) => `  ${line}`),
    `${prefix}${results.passed} passed, ${results.failed} failed, ${results.skipped} skipped`,
    '',
  ].join('\n');
}

/** Adds vitest's report at path to results and a line to lines; run is { ok, seconds }. */
export function countVitest(results, lines, path, run) {
  const vitest = readJson(path);
  if (!vitest) {
    results.failed += 1;
    lines.push('vitest: no report written: counted as 1 failed');
    return;
  }
  results.passed += vitest.numPassedTests;
  results.failed += vitest.numFailedTests;
  results.skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
  lines.push(
    `vitest: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed, ${vitest.numPendingTests} skipped (${run.seconds} s)`,
  );
  for (const file of vitest.testResults ?? []) {
    const where = relative(process.cwd(), file.name ?? '');
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) lines.push(`  ✗ ${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    if (failed.length === 0 && file.status === 'failed') lines.push(`  ✗ ${where}: ${firstLine(file.message)}`);
  }
  if (!run.ok && vitest.numFailedTests === 0) {
    results.failed += 1;
    lines.push('vitest: exited non-zero with no failed test (a suite failed to load): counted as 1 failed');
  }
}

/** A failure's first line, short enough for the summary (the CI record keeps only the end of the output). */
function firstLine(text) {
  const line = String(text ?? 'no message').split('\n').find((part) => part.trim() !== '') ?? 'no message';
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

/** The failed tests of a Playwright report's suites, as summary lines. */
function playwrightFailures(suites, lines, trail = []) {
  for (const suite of suites ?? []) {
    const path = suite.title && !suite.title.endsWith('.ts') ? [...trail, suite.title] : trail;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const last = test.results?.at(-1);
        lines.push(`  ✗ ${spec.file}:${spec.line} › ${[...path, spec.title].join(' › ')}: ${firstLine(last?.error?.message)}`);
      }
    }
    playwrightFailures(suite.suites, lines, path);
  }
}

/** Adds Playwright's JSON report at path; missingNote explains a missing report (may be ''). */
export function countPlaywright(results, lines, path, run, missingNote = '') {
  const report = readJson(path);
  if (!report?.stats) {
    results.failed += 1;
    lines.push(`e2e: no report written${missingNote}: counted as 1 failed`);
    return;
  }
  const { expected = 0, unexpected = 0, skipped = 0, flaky = 0 } = report.stats;
  results.passed += expected + flaky;
  results.failed += unexpected;
  results.skipped += skipped;
  lines.push(`e2e: ${expected + flaky} passed, ${unexpected} failed, ${skipped} skipped (${run.seconds} s)`);
  playwrightFailures(report.suites, lines);
  if (!run.ok && unexpected === 0) {
    results.failed += 1;
    lines.push('e2e: exited non-zero with no failed test: counted as 1 failed');
  }
}
