/**
 * `loupe test` as a subprocess: its exit codes (0 passed, 1 an assertion failed, 2 could not run), the text report
 * (expected, actual, diff), --grep/--bail/--concurrency, list steps against a pinned snapshot with diff's
 * classification, and the junit/tap/json reporters, the JUnit file read by a JUnit parser from the registry
 * (test-results-parser) and checked well-formed by xmllint.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'test-results-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBuild, runLoupe } from './loupe.js';

const releases = fileURLToPath(new URL('../servers/releases.mjs', import.meta.url));
const example = fileURLToPath(new URL('../../examples/collections/demo.collection.json', import.meta.url));
const directory = mkdtempSync(join(tmpdir(), 'loupe-cli-test-'));
const pinned = join(directory, 'release1.snapshot.json');

function collection(name: string, body: object): string {
  const path = join(directory, name);
  writeFileSync(path, JSON.stringify({ format: 'loupe.collection/1', ...body }, null, 2));
  return path;
}

const releaseTarget = (release: string): string[] => ['--', process.execPath, releases, '--release', release];

const listCollection = (): string =>
  collection('releases.collection.json', {
    name: 'releases',
    steps: [
      {
        name: 'tools present',
        method: 'tools/list',
        expect: {
          present: ['get_weather', 'legacy_export'],
          absent: ['export_report'],
          count: { equals: 7 },
        },
      },
      {
        name: 'pinned (breaking)',
        method: 'tools/list',
        expect: {
          snapshot: {
            file: 'release1.snapshot.json',
            items: ['get_weather', 'create_invoice', 'delete_file', 'legacy_export'],
          },
        },
      },
      {
        name: 'pinned (drift)',
        method: 'tools/list',
        expect: { snapshot: { file: 'release1.snapshot.json', items: ['delete_file'], failOn: 'drift' } },
      },
      { name: 'prompts', method: 'prompts/list', expect: { present: ['summarize'] } },
    ],
  });

beforeAll(async () => {
  requireBuild();
  const run = await runLoupe(['snapshot', '--out', pinned, ...releaseTarget('1')]);
  expect(run.code, run.stderr).toBe(0);
}, 60_000);
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('loupe test', { timeout: 120_000 }, () => {
  it('passes the example collection against its own target (the demo): exit 0', async () => {
    const run = await runLoupe(['test', example]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^demo server · embedded demo server$/m);
    expect(run.stdout).toMatch(/^✓ echo the captured city \(tools\/call, \d+ ms\)$/m);
    expect(run.stdout).toMatch(/^5 passed, 0 failed, 0 errors, 0 skipped · 14\/14 assertions passed/m);
  });

  it('judges a list against a pinned snapshot: the same server passes, the changed one fails as diff classifies it', async () => {
    const path = listCollection();
    const same = await runLoupe(['test', path, ...releaseTarget('1')]);
    expect(same.code, same.stdout + same.stderr).toBe(0);
    const changed = await runLoupe(['test', path, ...releaseTarget('2')]);
    expect(changed.code, changed.stderr).toBe(1);
    const lines = changed.stdout.split('\n');
    expect(lines).toContain('    ✗ legacy_export is listed: not in the 7 listed');
    expect(lines).toContain('    ✗ export_report is not listed: it is listed');
    expect(lines.filter((line) => line.includes('as in release1.snapshot.json'))).toEqual([
      '    ✗ create_invoice as in release1.snapshot.json (fail on breaking): changed: inputSchema.properties.region (compatible): added; inputSchema.required (breaking): +region',
      '    ✗ legacy_export as in release1.snapshot.json (fail on breaking): removed',
      '    ✗ delete_file as in release1.snapshot.json (fail on drift): changed: annotations.destructiveHint (drift): true → false',
    ]);
    // The diff under the failed definition shows the changed line, expected (-) against actual (+).
    expect(lines).toContain('      -     "destructiveHint": true');
    expect(lines).toContain('      +     "destructiveHint": false');
    expect(lines).toContain(
      '✓ prompts (prompts/list, ' +
        /\d+/.exec(lines.find((line) => line.startsWith('✓ prompts')) ?? '')?.[0] +
        ' ms)',
    );
  });

  it('says what could not run, with exit 2', async () => {
    const cases: [string[], RegExp][] = [
      [
        ['test', join(directory, 'none.json'), '--demo'],
        /^loupe: cannot run .*none\.json: io-error: No collection file at /,
      ],
      [
        ['test', collection('bad.json', { steps: [{ name: 'x', method: 'tools/call' }] }), '--demo'],
        /^loupe: cannot run .*bad\.json: .*steps\[0\] "x": must have required property 'tool'/,
      ],
      [
        [
          'test',
          collection('env.json', {
            steps: [
              {
                name: 'x',
                method: 'tools/call',
                tool: 'echo',
                arguments: { message: '${env:LOUPE_TEST_UNSET_VARIABLE}' },
              },
            ],
          }),
          '--demo',
        ],
        /\$\{env:LOUPE_TEST_UNSET_VARIABLE\}: not set in the environment/,
      ],
      [
        ['test', collection('notarget.json', { steps: [{ name: 'x', method: 'tools/list' }] })],
        /it names no target/,
      ],
      [
        [
          'test',
          collection('grep.json', { steps: [{ name: 'x', method: 'tools/list' }] }),
          '--demo',
          '--grep',
          'nothing',
        ],
        /no step matches --grep \/nothing\/u/,
      ],
      [
        [
          'test',
          collection('gone.json', {
            target: { transport: 'stdio', command: 'loupe-no-such-command-here' },
            steps: [{ name: 'x', method: 'tools/list' }],
          }),
        ],
        /^loupe: cannot run .*gone\.json: .*loupe-no-such-command-here/,
      ],
      [['test'], /test needs a collection file/],
    ];
    for (const [args, message] of cases) {
      const run = await runLoupe(args);
      expect({ args, code: run.code }).toEqual({ args, code: 2 });
      expect(run.stderr).toMatch(message);
    }
    // With --json (or --reporter json) stdout is JSON whatever stopped the run: the error, with its kind.
    const kinds: string[] = [];
    for (const [args] of cases) {
      const run = await runLoupe([
        ...args,
        ...(args[1]?.endsWith('grep.json') ? ['--reporter', 'json'] : ['--json']),
      ]);
      expect({ args, code: run.code }).toEqual({ args, code: 2 });
      const document = JSON.parse(run.stdout) as { error: { kind: string; message: string } };
      kinds.push(document.error.kind);
      expect(run.stderr).toMatch(cases[kinds.length - 1][1]);
    }
    expect(kinds).toEqual([
      'io-error',
      'collection-invalid',
      'usage',
      'usage',
      'usage',
      'command-not-found',
      'usage',
    ]);
  });

  it('a value nested 100,000 deep is collection-invalid (exit 2, named where it is), not a stack overflow', async () => {
    const path = join(directory, 'deep.collection.json');
    let deep = '"x"';
    for (let level = 0; level < 100_000; level += 1) deep = `[${deep}]`;
    writeFileSync(
      path,
      `{"format":"loupe.collection/1","steps":[{"name":"deep","method":"tools/call","tool":"echo","arguments":{"message":"hi"},"expect":{"jsonText":{"equals":${deep}}}}]}`,
    );
    const run = await runLoupe(['test', path, '--demo', '--json']);
    expect(run.code, run.stderr).toBe(2);
    expect((JSON.parse(run.stdout) as { error: { kind: string; message: string } }).error).toMatchObject({
      kind: 'collection-invalid',
      message: `${path}: steps[0] "deep": /expect/jsonText/equals/0/0/0/…: a value nests deeper than 256 levels (a collection's values nest at most 256 deep)`,
    });
  });

  it('a run that cannot start names the ${env:…} a value came from, never the value, in every report', async () => {
    const file = collection('secret.json', {
      target: { transport: 'stdio', command: 'loupe-missing-${env:LOUPE_TEST_SECRET}' },
      steps: [{ name: 'x', method: 'tools/list' }],
    });
    const env = { LOUPE_TEST_SECRET: 'hunter2-not-for-logs' };
    for (const reporter of ['text', 'json', 'junit', 'tap']) {
      const run = await runLoupe(['test', file, '--reporter', reporter], { env });
      expect({ reporter, code: run.code }).toEqual({ reporter, code: 2 });
      expect(run.stderr).toContain('loupe-missing-${env:LOUPE_TEST_SECRET}');
      expect(`${run.stdout}${run.stderr}`).not.toContain('hunter2');
    }
  });

  it('runs what --grep names and the steps it depends on; --bail starts nothing after a failure; --concurrency keeps dependencies', async () => {
    const path = collection('flow.json', {
      target: { transport: 'demo' },
      steps: [
        {
          name: 'weather',
          method: 'tools/call',
          tool: 'get_weather_report',
          arguments: { city: 'Delft' },
          captures: { city: '/structuredContent/city' },
        },
        {
          name: 'fails',
          method: 'tools/call',
          tool: 'fail_with_error',
          arguments: {},
          expect: { isError: false },
        },
        {
          name: 'echo city',
          method: 'tools/call',
          tool: 'echo',
          arguments: { message: '${capture:city}' },
          expect: { jsonText: { equals: { message: 'Delft' } } },
        },
        {
          name: 'readme',
          method: 'resources/read',
          uri: 'demo://readme',
          expect: { contentTypes: ['text'] },
        },
      ],
    });
    const grep = await runLoupe(['test', path, '--grep', '^echo', '--reporter', 'json']);
    expect(grep.code, grep.stderr).toBe(0);
    const report = JSON.parse(grep.stdout) as {
      steps: { name: string; status: string; skippedBecause?: string }[];
    };
    expect(report.steps.map((step) => [step.name, step.status])).toEqual([
      ['weather', 'passed'],
      ['fails', 'skipped'],
      ['echo city', 'passed'],
      ['readme', 'skipped'],
    ]);
    expect(report.steps[1].skippedBecause).toBe('not matched by /^echo/u');

    const bail = await runLoupe(['test', path, '--bail']);
    expect(bail.code).toBe(1);
    expect(bail.stdout).toContain('✗ isError is false: isError was true');
    expect(bail.stdout).toMatch(/^- echo city \(tools\/call, 0 ms\) skipped: --bail: "fails" failed$/m);

    const concurrent = await runLoupe(['test', path, '--concurrency', '4', '--reporter', 'json']);
    expect(concurrent.code).toBe(1);
    const all = JSON.parse(concurrent.stdout) as {
      steps: { name: string; status: string }[];
      counts: object;
    };
    expect(all.steps.map((step) => step.status)).toEqual(['passed', 'failed', 'passed', 'passed']);
    expect(all.counts).toEqual({ passed: 3, failed: 1, error: 0, skipped: 0 });
  });

  it('writes JUnit that a JUnit parser reads back step for step, and TAP', async () => {
    const path = listCollection();
    const out = join(directory, 'junit.xml');
    const run = await runLoupe(['test', path, '--reporter', 'junit', '--out', out, ...releaseTarget('2')]);
    expect(run.code, run.stderr).toBe(1);
    // A person still gets the text report on stdout.
    expect(run.stdout).toMatch(/^1 passed, 3 failed, 0 errors, 0 skipped/m);
    execFileSync('xmllint', ['--noout', out]);
    const parsed = parse({ type: 'junit', files: [out] });
    expect({
      total: parsed.total,
      passed: parsed.passed,
      failed: parsed.failed,
      errors: parsed.errors,
      skipped: parsed.skipped,
    }).toEqual({
      total: 4,
      passed: 1,
      failed: 3,
      errors: 0,
      skipped: 0,
    });
    const cases = parsed.suites[0].cases.map((testCase) => [testCase.name, testCase.status]);
    expect(cases).toEqual([
      ['tools present', 'FAIL'],
      ['pinned (breaking)', 'FAIL'],
      ['pinned (drift)', 'FAIL'],
      ['prompts', 'PASS'],
    ]);
    const failure = parsed.suites[0].cases[2].failure;
    expect(failure).toContain(
      '1 of 1 assertion failed: delete_file as in release1.snapshot.json (fail on drift)',
    );
    const xml = readFileSync(out, 'utf8');
    expect(xml).toContain('+     &quot;destructiveHint&quot;: false');

    const tap = await runLoupe(['test', path, '--reporter', 'tap', ...releaseTarget('2')]);
    expect(tap.code).toBe(1);
    const tapLines = tap.stdout.split('\n');
    expect(tapLines.slice(0, 3)).toEqual(['TAP version 13', '1..4', 'not ok 1 - tools present (tools/list)']);
    expect(tapLines).toContain('ok 4 - prompts (prompts/list)');
    expect(tapLines).toContain('    - assertion: "legacy_export is listed"');
    expect(tap.stderr).toMatch(/1 passed, 3 failed, 0 errors, 0 skipped/);
  });
});
