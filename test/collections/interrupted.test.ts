/**
 * Ctrl-C during `loupe test`: SIGINT is sent to the real CLI process while a slow step (the demo's
 * long_running_export, 1,000 s of work) is in flight, once its request is in the journal. The run writes its
 * reports anyway: the JUnit file validates (xmllint, against Loupe's own JUnit schema, test/fixtures/junit.xsd) and
 * says the run was interrupted, the TAP and JSON reports too, and the process exits 130.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'test-results-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollectionReport } from '../../src/shared/collections.js';
import { loupeBin, repositoryRoot, requireBuild } from '../cli/loupe.js';
import { xmllint } from '../helpers/xmllint.js';

const schema = fileURLToPath(new URL('../fixtures/junit.xsd', import.meta.url));
const directory = mkdtempSync(join(tmpdir(), 'loupe-interrupted-'));
const collection = join(directory, 'slow.collection.json');

beforeAll(() => {
  requireBuild();
  writeFileSync(
    collection,
    JSON.stringify({
      format: 'loupe.collection/1',
      name: 'slow',
      target: { transport: 'demo' },
      steps: [
        {
          name: 'quick echo',
          method: 'tools/call',
          tool: 'echo',
          arguments: { message: 'hi' },
          expect: { isError: false },
        },
        {
          name: 'slow export',
          method: 'tools/call',
          tool: 'long_running_export',
          arguments: { steps: 100, step_ms: 10000 },
          expect: { isError: false },
        },
        { name: 'after the export', method: 'tools/list', expect: { present: ['echo'] } },
      ],
    }),
  );
});
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** Whether the journal holds the request of the slow step (the step is then in flight). */
function exportSent(journal: string): boolean {
  if (!existsSync(journal)) return false;
  return readFileSync(journal, 'utf8')
    .split('\n')
    .some((line) => line.includes('"direction":"out"') && line.includes('long_running_export'));
}

/** Runs `loupe test` with these arguments, sends SIGINT once the slow step is in flight, and waits for its end. */
async function interrupted(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const journal = join(directory, `${args.join('_').replace(/\W+/g, '_')}.jsonl`);
  const child = spawn(process.execPath, [loupeBin, 'test', collection, '--journal', journal, ...args], {
    cwd: repositoryRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const closed = once(child, 'close') as Promise<[number | null]>;
  // What a person sees before pressing Ctrl-C: the slow call has gone out (its frame is journalled).
  while (!exportSent(journal)) {
    if (child.exitCode !== null) throw new Error(`loupe test ended before the slow step: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGINT');
  const [code] = await closed;
  return { code, stdout, stderr };
}

describe('Ctrl-C during loupe test', { timeout: 120_000 }, () => {
  it('writes a valid JUnit file that says it was interrupted, and exits 130', async () => {
    const out = join(directory, 'interrupted.xml');
    const run = await interrupted(['--reporter', 'junit', '--out', out]);
    expect(run.code, run.stderr).toBe(130);
    expect(run.stderr).toContain('loupe: interrupted (SIGINT): the report says how far the run got');
    const verdict = xmllint(out, schema);
    expect(verdict.output.trim(), verdict.output).toBe(`${out} validates`);
    const xml = readFileSync(out, 'utf8');
    expect(xml).toContain('<property name="interrupted" value="SIGINT"/>');
    expect(xml).toMatch(
      /<testcase name="slow export"[^>]*>\n {4}<error message="the run was interrupted \(SIGINT\) before the step finished" type="cancelled">/,
    );
    expect(xml).toContain('<skipped message="the run was interrupted (SIGINT)"/>');
    expect(xml).toContain(
      '<error message="the run was interrupted (SIGINT): 1 of 3 steps finished, the rest did not run to the end" type="interrupted">',
    );
    const parsed = parse({ type: 'junit', files: [out] });
    expect({
      total: parsed.total,
      passed: parsed.passed,
      errors: parsed.errors,
      skipped: parsed.skipped,
    }).toEqual({ total: 3, passed: 1, errors: 2, skipped: 1 });
    // The text report for people says it too.
    expect(run.stdout).toMatch(
      /^interrupted \(SIGINT\): the steps in flight were cancelled, the rest did not run$/m,
    );
    expect(run.stdout).toMatch(/^1 passed, 0 failed, 1 errors, 1 skipped/m);
  });

  it('writes TAP that bails out, and JSON that says interrupted, with exit 130', async () => {
    const tap = await interrupted(['--reporter', 'tap']);
    expect(tap.code, tap.stderr).toBe(130);
    expect(tap.stdout.split('\n')).toEqual([
      'TAP version 13',
      '1..3',
      'ok 1 - quick echo (tools/call)',
      'not ok 2 - slow export (tools/call)',
      '  ---',
      '  error: "cancelled: the run was interrupted (SIGINT) before the step finished"',
      expect.stringMatching(/^ {2}duration_ms: [\d.]+$/) as string,
      '  ...',
      'ok 3 - after the export (tools/list) # SKIP the run was interrupted (SIGINT)',
      'Bail out! interrupted (SIGINT)',
      '# passed 1, failed 0, errors 1, skipped 1',
      '',
    ]);
    const out = join(directory, 'interrupted.json');
    const json = await interrupted(['--reporter', 'json', '--out', out]);
    expect(json.code, json.stderr).toBe(130);
    const report = JSON.parse(readFileSync(out, 'utf8')) as CollectionReport;
    expect(report.interrupted).toBe('SIGINT');
    expect(
      report.steps.map((step) => [step.name, step.status, step.error?.kind ?? step.skippedBecause ?? '']),
    ).toEqual([
      ['quick echo', 'passed', ''],
      ['slow export', 'error', 'cancelled'],
      ['after the export', 'skipped', 'the run was interrupted (SIGINT)'],
    ]);
  });
});
