// npm test's summary (scripts/testAll.mjs, read by .ci/run): the static steps are listed, never counted as passed tests
// (a failed one counts as one failure, so a run with a failed step never reads as passing), each runner's tests are
// counted once from its own report, and the summary names its pass. The last line keeps the shape CI reads.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { countStep, countVitest, summaryText } from '../../scripts/reportCounts.mjs';

const directory = mkdtempSync(join(tmpdir(), 'loupe-summary-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

interface Results {
  passed: number;
  failed: number;
  skipped: number;
}

describe('the test summary', () => {
  it('lists static steps without counting them as tests, and counts a failed one as a failure', () => {
    const results: Results = { passed: 0, failed: 0, skipped: 0 };
    const steps: string[] = [];
    countStep(results, steps, 'lint', { ok: true, seconds: '12.0' });
    countStep(results, steps, 'typecheck', { ok: true, seconds: '30.1' });
    countStep(results, steps, 'build', { ok: false, seconds: '40.2' });
    expect(results).toEqual({ passed: 0, failed: 1, skipped: 0 });
    expect(steps).toEqual([
      'lint ok (12.0 s)',
      'typecheck ok (30.1 s)',
      'build FAILED (counted as 1 failed) (40.2 s)',
    ]);
  });

  it("counts a runner's tests once from its report, names the pass, and ends with the line CI reads", () => {
    const results: Results = { passed: 0, failed: 0, skipped: 0 };
    const steps: string[] = [];
    const lines: string[] = [];
    countStep(results, steps, 'lint', { ok: true, seconds: '1.0' });
    const report = join(directory, 'vitest.json');
    writeFileSync(
      report,
      JSON.stringify({
        numPassedTests: 120,
        numFailedTests: 0,
        numPendingTests: 2,
        numTodoTests: 0,
        testResults: [],
      }),
    );
    countVitest(results, lines, report, { ok: true, seconds: '300.0' });
    expect(results).toEqual({ passed: 120, failed: 0, skipped: 2 });
    const text = summaryText({
      pass: 'pass 2: node 24, all of npm test',
      node: 'v24.11.0',
      label: 'node24',
      steps,
      lines,
      results,
    });
    const printed = text.trimEnd().split('\n');
    expect(printed[1]).toBe('── summary of pass 2: node 24, all of npm test (node v24.11.0)');
    expect(printed[2]).toBe('  steps (not counted as tests): lint ok (1.0 s)');
    expect(printed).toContain('  vitest: 120 passed, 0 failed, 2 skipped (300.0 s)');
    expect(printed.at(-1)).toBe('node24: 120 passed, 0 failed, 2 skipped');
    expect(printed.at(-1)).toMatch(/^node24: [0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$/);
  });
});
