/**
 * `loupe conform` as a subprocess against servers no one here wrote (server-everything over Streamable HTTP and,
 * through Loupe's bridge, over stdio; the v2 SDK test server, strict 2026-07-28 and dual under both revisions), and against conformBreak.mjs,
 * which implements a few of the suite's fixtures and breaks one on request. Loupe's verdicts are compared with the
 * suite's own CLI run directly on the same server and scenarios; JUnit is validated by xmllint against
 * test/fixtures/junit.xsd (Loupe's own schema of the Jenkins/Ant shape, written here, not a published one; the
 * collections' JUnit is checked against it too) and read back by a JUnit parser.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'test-results-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  everythingServer,
  loupeBin,
  requireBuild,
  runLoupe,
  startEverything,
  type RunningEverything,
} from '../cli/loupe.js';
import { startPrintingUrl, startV2HttpServer, type RunningHttpServer } from '../helpers/servers.js';
import { xmllint } from '../helpers/xmllint.js';
import {
  findSuiteRunner,
  journalFrames,
  loupeVerdicts,
  parseReport,
  suiteVerdicts,
  type SuiteRunner,
} from './suite.js';

const breakServer = fileURLToPath(new URL('../servers/conformBreak.mjs', import.meta.url));
const schema = fileURLToPath(new URL('../fixtures/junit.xsd', import.meta.url));
const directory = mkdtempSync(join(tmpdir(), 'loupe-conform-test-'));
const journal = (name: string): string => join(directory, `${name}.jsonl`);
const long = { timeoutMs: 220_000 };

/** Scenarios whose verdicts do not depend on timing: the equality tests run these. */
const handful = [
  'server-initialize',
  'ping',
  'tools-list',
  'tools-call-simple-text',
  'tools-call-image',
  'resources-list',
  'prompts-get-simple',
];

const scenarioFlags = (names: string[]): string[] => names.flatMap((name) => ['--scenario', name]);

let runner: SuiteRunner;
let everything: RunningEverything;

beforeAll(async () => {
  requireBuild();
  runner = findSuiteRunner();
  everything = await startEverything('streamableHttp');
}, 320_000);

afterAll(async () => {
  await everything?.stop();
  rmSync(directory, { recursive: true, force: true });
});

describe('loupe conform', () => {
  it('gives server-everything over Streamable HTTP the verdicts the suite gives it, each check linked to frames', async () => {
    const scenarios = [...handful, 'dns-rebinding-protection', 'server-session-lifecycle'];
    const run = await runLoupe(
      [
        'conform',
        '--url',
        everything.url,
        ...scenarioFlags(scenarios),
        '--json',
        '--journal',
        journal('everything'),
      ],
      long,
    );
    expect(run.code, run.stderr).toBe(1);
    const report = parseReport(run.stdout);
    expect(report.revision).toBe('2025-11-25');
    expect(report.revisionReason).toBe('the server speaks 2025-11-25 (initialize)');
    expect(report.selection).toBe('named');
    expect(report.suite).toMatchObject({
      name: '@modelcontextprotocol/conformance',
      version: '0.2.0-alpha.12',
    });
    expect(report.scenarios.map((scenario) => scenario.name)).toEqual(scenarios);
    const direct = await suiteVerdicts(runner, everything.url, '2025-11-25', scenarios);
    expect(loupeVerdicts(report)).toEqual(direct);
    // server-everything does not implement the suite's fixtures: image content and the prompt are missing; it has
    // no DNS-rebinding protection and answers 400, not 404, on a terminated session.
    const failed = report.scenarios.flatMap((scenario) =>
      scenario.checks
        .filter((check) => check.status === 'FAILURE')
        .map((check) => `${scenario.name}/${check.id}`),
    );
    expect(failed).toEqual([
      'tools-call-image/tools-call-image',
      'prompts-get-simple/prompts-get-simple',
      'dns-rebinding-protection/localhost-host-rebinding-rejected',
      'server-session-lifecycle/server-session-terminated-returns-404',
    ]);
    expect(report.counts.failed).toBe(4);
    // Every check is linked to frames the journal holds, inside its own scenario's frames.
    const frames = journalFrames(journal('everything'));
    for (const scenario of report.scenarios) {
      expect(scenario.frames.length, scenario.name).toBeGreaterThan(0);
      for (const check of scenario.checks) {
        expect(check.frames.length, `${scenario.name}/${check.id}`).toBeGreaterThan(0);
        for (const seq of check.frames) {
          expect(scenario.frames).toContain(seq);
          expect(frames.has(seq)).toBe(true);
        }
      }
    }
    // The prompt's failure is the prompts/get exchange: its request and the error the server answered.
    const prompt = report.scenarios.find((scenario) => scenario.name === 'prompts-get-simple')?.checks[0];
    const promptFrames = (prompt?.frames ?? []).map((seq) => frames.get(seq));
    expect(promptFrames.some((frame) => frame?.method === 'prompts/get' && frame.direction === 'out')).toBe(
      true,
    );
    expect(
      promptFrames.some((frame) => frame?.kind === 'error' && frame.raw.includes('test_simple_prompt')),
    ).toBe(true);
  }, 300_000);

  it("writes JUnit that validates against Loupe's own JUnit XSD (written here) and reads back check for check", async () => {
    const out = join(directory, 'conform.xml');
    const run = await runLoupe(
      [
        'conform',
        '--url',
        everything.url,
        ...scenarioFlags(['ping', 'tools-call-image']),
        '--reporter',
        'junit',
        '--out',
        out,
      ],
      long,
    );
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toMatch(/^3 passed, 1 failed \(1 required\), 0 warnings in 2 scenarios: FAILED$/m);
    const validated = xmllint(out, schema);
    expect(validated.code, validated.output).toBe(0);
    const parsed = parse({ type: 'junit', files: [out] });
    expect({ total: parsed.total, passed: parsed.passed, failed: parsed.failed }).toEqual({
      total: 4,
      passed: 3,
      failed: 1,
    });
    expect(
      parsed.suites.map((suite) => [
        suite.name,
        suite.cases.map((testCase) => [testCase.name, testCase.status]),
      ]),
    ).toEqual([
      [
        'ping',
        [
          ['ping', 'PASS'],
          ['wire-schema-valid', 'PASS'],
        ],
      ],
      [
        'tools-call-image',
        [
          ['tools-call-image', 'FAIL'],
          ['wire-schema-valid', 'PASS'],
        ],
      ],
    ]);
    // The schema is a real check: a count that is not a whole number, or a skipped count on the root, is refused.
    const bad = join(directory, 'bad.xml');
    writeFileSync(
      bad,
      '<testsuites><testsuite name="x" tests="one" failures="0"><testcase name="y" classname="x"/></testsuite></testsuites>',
    );
    expect(xmllint(bad, schema).output).toContain('fails to validate');
    writeFileSync(
      bad,
      '<testsuites skipped="0"><testsuite name="x" tests="1" failures="0"><testcase name="y" classname="x"/></testsuite></testsuites>',
    );
    expect(xmllint(bad, schema).output).toContain('fails to validate');
    expect(xmllint(out).code).toBe(0);
  }, 180_000);

  it('judges server-everything over stdio through its bridge: the server-level verdicts equal the HTTP ones', async () => {
    const scenarios = [...handful, 'dns-rebinding-protection'];
    const run = await runLoupe(
      ['conform', ...scenarioFlags(scenarios), '--json', '--', process.execPath, everythingServer, 'stdio'],
      long,
    );
    expect(run.code, run.stderr).toBe(1);
    const report = parseReport(run.stdout);
    expect(report.bridge).toMatch(
      /^a stdio server is judged through Loupe's loopback Streamable HTTP bridge/,
    );
    expect(report.revision).toBe('2025-11-25');
    const verdicts = loupeVerdicts(report);
    const overHttp = await suiteVerdicts(runner, everything.url, '2025-11-25', handful);
    for (const scenario of handful) expect(verdicts[scenario], scenario).toEqual(overHttp[scenario]);
    // The bridge has DNS-rebinding protection (a loopback server must): that check judges the bridge, and passes.
    expect(verdicts['dns-rebinding-protection']).toEqual([
      ['localhost-host-rebinding-rejected', 'SUCCESS'],
      ['localhost-host-valid-accepted', 'SUCCESS'],
    ]);
    const text = await runLoupe(
      ['conform', '--scenario', 'ping', '--', process.execPath, everythingServer, 'stdio'],
      long,
    );
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(
      "Note: a stdio server is judged through Loupe's loopback Streamable HTTP bridge",
    );
    expect(text.stdout).toMatch(/^ {2}✓ ping {2}\[frames #\d+/m);
  }, 300_000);

  it('fails exactly the requirement a server breaks, linked to the frame that broke it', async () => {
    const scenarios = ['tools-list', 'tools-call-simple-text', 'tools-call-image', 'tools-call-error'];
    let server: RunningHttpServer | undefined = await startPrintingUrl([breakServer], 'http', 'conformBreak');
    try {
      const good = await runLoupe(
        ['conform', '--url', server.url, ...scenarioFlags(scenarios), '--json'],
        long,
      );
      expect(good.code, good.stderr).toBe(0);
      expect(parseReport(good.stdout).counts).toEqual({
        passed: 9,
        failed: 0,
        warnings: 0,
        requiredFailed: 0,
      });
      await server.stop();
      server = await startPrintingUrl(
        [breakServer, '--break', 'simple-text'],
        'http',
        'conformBreak --break',
      );
      const run = await runLoupe(
        [
          'conform',
          '--url',
          server.url,
          ...scenarioFlags(scenarios),
          '--json',
          '--journal',
          journal('broken'),
        ],
        long,
      );
      expect(run.code, run.stderr).toBe(1);
      const report = parseReport(run.stdout);
      const failed = report.scenarios.flatMap((scenario) =>
        scenario.checks
          .filter((check) => check.status === 'FAILURE')
          .map((check) => ({ scenario: scenario.name, check })),
      );
      expect(
        failed.map(({ scenario, check }) => `${scenario}/${check.id}: ${check.errorMessage ?? ''}`),
      ).toEqual([
        'tools-call-simple-text/tools-call-simple-text: content array is empty; No text content found',
      ]);
      expect(loupeVerdicts(report)).toEqual(await suiteVerdicts(runner, server.url, '2025-11-25', scenarios));
      // Linked to the tools/call request and the answer with the empty content, nothing else.
      const frames = journalFrames(journal('broken'));
      const linked = (failed[0]?.check.frames ?? []).map((seq) => frames.get(seq));
      expect(linked.map((frame) => [frame?.direction, frame?.kind])).toEqual([
        ['out', 'request'],
        ['in', 'response'],
      ]);
      expect(JSON.parse(linked[0]?.raw ?? '{}')).toMatchObject({
        method: 'tools/call',
        params: { name: 'test_simple_text' },
      });
      expect(JSON.parse(linked[1]?.raw ?? '{}')).toMatchObject({ result: { content: [] } });
    } finally {
      await server?.stop();
    }
  }, 300_000);

  it('judges the strict 2026-07-28 v2 SDK server at its own revision, as the suite does', async () => {
    const server = await startV2HttpServer('reject');
    try {
      const scenarios = [
        'server-stateless',
        'tools-list',
        'resources-list',
        'prompts-list',
        'sep-2164-resource-not-found',
      ];
      const run = await runLoupe(
        ['conform', '--url', server.url, ...scenarioFlags(scenarios), '--json'],
        long,
      );
      const report = parseReport(run.stdout);
      expect(report.revision).toBe('2026-07-28');
      expect(report.revisionReason).toBe('the server speaks 2026-07-28 (server/discover)');
      expect(loupeVerdicts(report)).toEqual(await suiteVerdicts(runner, server.url, '2026-07-28', scenarios));
      expect(run.code).toBe(report.counts.requiredFailed > 0 ? 1 : 0);
    } finally {
      await server.stop();
    }
  }, 300_000);

  it('judges the dual v2 SDK server under each revision it speaks, as the suite does', async () => {
    const server = await startV2HttpServer('allow');
    try {
      const runs: [string, string[]][] = [
        ['2026-07-28', ['tools-list', 'prompts-list', 'sep-2164-resource-not-found']],
        ['2025-11-25', ['server-initialize', 'ping', 'tools-list', 'prompts-list']],
      ];
      for (const [revision, scenarios] of runs) {
        const run = await runLoupe(
          ['conform', '--url', server.url, ...scenarioFlags(scenarios), '--spec-version', revision, '--json'],
          long,
        );
        const report = parseReport(run.stdout);
        expect(report.revision).toBe(revision);
        expect(report.scenarios.map((scenario) => scenario.name)).toEqual(scenarios);
        expect(loupeVerdicts(report)).toEqual(await suiteVerdicts(runner, server.url, revision, scenarios));
        expect(run.code).toBe(report.counts.requiredFailed > 0 ? 1 : 0);
      }
    } finally {
      await server.stop();
    }
  }, 300_000);

  it('could-not-run cases exit 2 with one line naming the cause, and --json is still JSON', async () => {
    const unreachable = await runLoupe(['conform', '--url', 'http://127.0.0.1:9/mcp', '--json'], long);
    expect(unreachable.code).toBe(2);
    expect(
      (JSON.parse(unreachable.stdout) as { error: { kind: string; message: string } }).error,
    ).toMatchObject({
      kind: 'connection-refused',
      message: 'Connection refused: nothing listens at 127.0.0.1:9',
    });
    expect(unreachable.stderr).toMatch(/^loupe: connection refused: nothing listens at 127\.0\.0\.1:9$/m);
    const unknown = await runLoupe(
      ['conform', '--url', everything.url, '--scenario', 'tools-lst', '--json'],
      long,
    );
    expect(unknown.code).toBe(2);
    expect((JSON.parse(unknown.stdout) as { error: { kind: string } }).error.kind).toBe('usage');
    expect((JSON.parse(unknown.stdout) as { error: { message: string } }).error.message).toBe(
      '--scenario tools-lst: the suite has no such server scenario. Did you mean "tools-list"? (the suite\'s `conformance list --server` names them all)',
    );
    const revision = await runLoupe(
      ['conform', '--url', everything.url, '--spec-version', '2024-01-01'],
      long,
    );
    expect(revision.code).toBe(2);
    expect(revision.stderr).toContain('--spec-version is 2025-11-25 or 2026-07-28');
    // No suite in any cache and no consent (no --yes, no terminal): one line saying what is needed, nothing installed.
    const empty = mkdtempSync(join(directory, 'cache-'));
    const noSuite = spawnSync(process.execPath, [loupeBin, 'conform', '--url', everything.url], {
      encoding: 'utf8',
      env: {
        ...process.env,
        LOUPE_CONFORM_CACHE: join(empty, 'conform'),
        LOUPE_NODE22_CACHE: join(empty, 'node22'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 60_000,
    });
    expect(noSuite.status).toBe(2);
    expect(noSuite.stdout).toBe('');
    expect(noSuite.stderr.trim().split('\n')).toHaveLength(1);
    expect(noSuite.stderr).toMatch(
      /loupe conform needs the conformance suite 0\.2\.0-alpha\.12.*: run it again with --yes to install @modelcontextprotocol\/conformance@0\.2\.0-alpha\.12/,
    );
    expect(readdirSync(empty)).toEqual([]);
  }, 120_000);
});
