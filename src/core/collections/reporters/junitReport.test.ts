/** JUnit text stays XML whatever a server names its tools: escaped, and characters XML cannot hold made visible. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'test-results-parser';
import { describe, expect, it } from 'vitest';
import type { CollectionReport } from '../../../shared/collections.js';
import { junitReport } from './junitReport.js';
import { tapReport } from './tapReport.js';

const hostile = 'x\u0001\u001b[31m<script>alert("&")</script>\ud800';
const report: CollectionReport = {
  name: 'hostile',
  startedAt: '2026-12-02T00:00:00.000Z',
  ms: 12,
  counts: { passed: 0, failed: 1, error: 1, skipped: 1 },
  steps: [
    {
      name: hostile,
      method: 'tools/call',
      status: 'failed',
      ms: 3,
      assertions: [{ name: 'text equals', passed: false, message: hostile, expected: 'a', actual: hostile }],
    },
    {
      name: 'boom',
      method: 'tools/call',
      status: 'error',
      ms: 1,
      assertions: [],
      error: { kind: 'rpc-error', message: `bad ${hostile}` },
    },
    {
      name: 'later',
      method: 'tools/list',
      status: 'skipped',
      ms: 0,
      assertions: [],
      skippedBecause: '--bail: "boom" error',
    },
  ],
};

describe('junitReport', () => {
  it("is JUnit valid against Loupe's own schema of the Jenkins / Ant shape (written here) that a JUnit parser reads, with hostile names escaped", () => {
    const directory = mkdtempSync(join(tmpdir(), 'loupe-junit-'));
    try {
      const file = join(directory, 'report.xml');
      const xml = junitReport(report);
      writeFileSync(file, xml);
      const schema = fileURLToPath(new URL('../../../../test/fixtures/junit.xsd', import.meta.url));
      execFileSync('xmllint', ['--noout', '--schema', schema, file], { stdio: 'pipe' });
      expect(xml).toContain(
        'x\\u0001\\u001b[31m&lt;script&gt;alert(&quot;&amp;&quot;)&lt;/script&gt;\\ud800',
      );
      const parsed = parse({ type: 'junit', files: [file] });
      expect(parsed.suites[0].cases.map((testCase) => testCase.status)).toEqual(['FAIL', 'FAIL', 'SKIP']);
      expect(parsed.suites[0].cases[0].name).toBe('x\\u0001\\u001b[31m<script>alert("&")</script>\\ud800');
      expect({ failed: parsed.failed, errors: parsed.errors, skipped: parsed.skipped }).toEqual({
        failed: 1,
        errors: 1,
        skipped: 1,
      });
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it("a run the lost connection stopped is still valid against Loupe's own JUnit schema: why it stopped is a property of the suite", () => {
    const directory = mkdtempSync(join(tmpdir(), 'loupe-junit-'));
    try {
      const file = join(directory, 'aborted.xml');
      const aborted: CollectionReport = {
        ...report,
        aborted: { kind: 'disconnected', message: 'the server exited <code 1>' },
      };
      const xml = junitReport(aborted);
      writeFileSync(file, xml);
      const schema = fileURLToPath(new URL('../../../../test/fixtures/junit.xsd', import.meta.url));
      execFileSync('xmllint', ['--noout', '--schema', schema, file], { stdio: 'pipe' });
      expect(xml).toContain(
        '<testsuite name="hostile" tests="3" failures="1" errors="1" skipped="1" time="0.012" timestamp="2026-12-02T00:00:00">\n  <properties>\n    <property name="aborted" value="disconnected: the server exited &lt;code 1&gt;"/>\n  </properties>\n  <testcase ',
      );
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('keeps TAP lines whole: newlines and # in names cannot start a line or a directive', () => {
    const lines = tapReport({
      ...report,
      steps: [{ ...report.steps[0], name: 'a\nok 2 - fake # SKIP' }],
    }).split('\n');
    expect(lines[2]).toBe('not ok 1 - a ok 2 - fake \\# SKIP (tools/call)');
    expect(lines.filter((line) => line.startsWith('ok '))).toEqual([]);
  });
});
