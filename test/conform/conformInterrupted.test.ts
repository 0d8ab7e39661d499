/**
 * `loupe conform` as a new user meets it: `--demo` says before its results that the demo lacks the suite's own
 * test_* fixtures (and what to run instead), and Ctrl-C writes a report that says it was interrupted — JUnit valid
 * against Loupe's own JUnit schema (test/fixtures/junit.xsd, checked with xmllint), JSON with `interrupted` — and
 * exits 130. SIGINT is sent to the real CLI process while the suite waits on a server that has not answered yet (a
 * stdio server that reads and never writes, through Loupe's bridge): the suite's initialize is in the journal, so
 * a scenario is certainly in flight.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConformReport } from '../../src/shared/conform.js';
import { loupeBin, repositoryRoot, requireBuild, runLoupe } from '../cli/loupe.js';
import { xmllint } from '../helpers/xmllint.js';
import { findSuiteRunner, parseReport } from './suite.js';

const schema = fileURLToPath(new URL('../fixtures/junit.xsd', import.meta.url));
const directory = mkdtempSync(join(tmpdir(), 'loupe-conform-interrupted-'));
const long = { timeoutMs: 220_000 };

beforeAll(() => {
  requireBuild();
  findSuiteRunner();
}, 320_000);
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** A stdio server that reads its input and never answers: the suite waits for it until its own timeout. */
const silentServer = ['--', process.execPath, '-e', 'process.stdin.resume()'];

/** Runs `loupe conform` on the silent server and sends SIGINT once the suite's first request reaches the journal. */
async function interrupted(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const journal = join(directory, `${args.join('_').replace(/\W+/g, '_')}.jsonl`);
  const scenarios = ['--scenario', 'server-initialize', '--scenario', 'ping'];
  const command = ['conform', '--journal', journal, ...scenarios, ...args, ...silentServer];
  const child = spawn(process.execPath, [loupeBin, ...command], {
    cwd: repositoryRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const closed = once(child, 'close') as Promise<[number | null]>;
  // The suite's initialize is recorded: server-initialize is in flight, waiting for an answer that will not come.
  while (!existsSync(journal) || !readFileSync(journal, 'utf8').includes('"method":"initialize"')) {
    if (child.exitCode !== null) throw new Error(`loupe conform ended before the suite ran: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGINT');
  const [code] = await closed;
  return { code, stdout, stderr };
}

describe('loupe conform for a new user', () => {
  it('says before the results that the demo lacks the suite’s test_* fixtures, and what to run instead', async () => {
    const run = await runLoupe(
      ['conform', '--demo', '--scenario', 'ping', '--scenario', 'tools-call-simple-text'],
      long,
    );
    expect(run.code, run.stderr).toBe(1);
    const lines = run.stdout.split('\n');
    const note = lines.findIndex((line) => line.startsWith('Note: this server does not list'));
    const firstResult = lines.findIndex((line) => /^[✓✗] /.test(line));
    expect(note, run.stdout).toBeGreaterThan(0);
    expect(note).toBeLessThan(firstResult);
    expect(lines[note]).toBe(
      "Note: this server does not list any of the tools the suite's scenarios call (test_simple_text, test_image_content, … and its prompts and resources test_* / test://…): those are the suite's own fixtures, so every check that calls one fails for that reason alone, whatever the server does. The suite judges a server built to them (its reference is everything-server.ts in the conformance repository's examples/servers/typescript): point loupe conform at your server once it has them, or run only the scenarios that need none: --scenario server-initialize --scenario ping --scenario logging-set-level --scenario tools-list --scenario resources-list --scenario prompts-list --scenario dns-rebinding-protection.",
    );
    expect(run.stdout).toMatch(/^ {2}✗ tools-call-simple-text: .*Unknown tool: test_simple_text/m);
    // A run of scenarios that call no fixture has nothing to say about them.
    const ping = await runLoupe(['conform', '--demo', '--scenario', 'ping', '--json'], long);
    expect(ping.code, ping.stderr).toBe(0);
    expect(parseReport(ping.stdout).fixtures).toBeUndefined();
  }, 240_000);

  it('Ctrl-C writes a JUnit report, valid against Loupe’s own schema, that says it was interrupted; exit 130', async () => {
    const out = join(directory, 'interrupted.xml');
    const run = await interrupted(['--reporter', 'junit', '--out', out]);
    expect(run.code, run.stderr).toBe(130);
    const verdict = xmllint(out, schema);
    expect(verdict.output.trim(), verdict.output).toBe(`${out} validates`);
    const xml = readFileSync(out, 'utf8');
    const message =
      'the run was interrupted (SIGINT) during server-initialize, which was stopped and is not judged: 0 scenarios finished and are reported, the rest did not run';
    expect(xml.split('\n')[1]).toMatch(/^<testsuites name="loupe conform .+ \(2025-11-25\)" time="[\d.]+">$/);
    expect(xml.split('\n').slice(2)).toEqual([
      '    <testsuite name="(interrupted)" tests="1" failures="0" errors="1" skipped="0" time="0.000">',
      '      <testcase name="(run)" classname="(interrupted)" time="0.000">',
      `        <error message="${message}" type="interrupted">${message}</error>`,
      '      </testcase>',
      '    </testsuite>',
      '</testsuites>',
      '',
    ]);
    expect(run.stdout).toContain(`Interrupted: ${message}.`);
    expect(run.stdout).toMatch(
      /^0 passed, 0 failed \(0 required\), 0 warnings in 0 scenarios: INTERRUPTED$/m,
    );
  }, 240_000);

  it('Ctrl-C with --json prints the report of the scenarios that finished, marked interrupted; exit 130', async () => {
    const run = await interrupted(['--json']);
    expect(run.code, run.stderr).toBe(130);
    const report = JSON.parse(run.stdout) as ConformReport;
    // The scenario the interruption stopped is named, and not judged as the server's failure; ping never ran.
    expect(report.interrupted).toEqual({ reason: 'SIGINT', scenario: 'server-initialize' });
    expect(report.passed).toBe(false);
    expect(report.scenarios).toEqual([]);
  }, 240_000);
});
