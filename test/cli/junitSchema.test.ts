/**
 * `loupe test --reporter junit` checked by a validating consumer: xmllint against Loupe's own XSD of the Jenkins /
 * Ant JUnit shape (test/fixtures/junit.xsd, written here from that shape: it is not a published schema, and its
 * verdict is only as good as its reading of the consumers), for a collection that passes and one that fails,
 * errors and skips. The file is then
 * read back (by a JUnit parser from the registry, and element by element) and its counts and per-step outcomes
 * compared with the ones the same run printed for people.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'test-results-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xmllint, type XmllintVerdict } from '../helpers/xmllint.js';
import { requireBuild, runLoupe } from './loupe.js';

const schema = fileURLToPath(new URL('../fixtures/junit.xsd', import.meta.url));
const example = fileURLToPath(new URL('../../examples/collections/demo.collection.json', import.meta.url));
const directory = mkdtempSync(join(tmpdir(), 'loupe-junit-schema-'));

beforeAll(() => requireBuild());
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** xmllint's verdict on a file against the schema: its exit code and what it printed. */
const validate = (file: string): XmllintVerdict => xmllint(file, schema);

type Status = 'passed' | 'failed' | 'error' | 'skipped';
const marks: Record<string, Status> = { '✓': 'passed', '✗': 'failed', '!': 'error', '-': 'skipped' };

/** What the run printed for people: each step's outcome (its line's mark) and the summary line's counts. */
function printed(stdout: string): { steps: [string, Status][]; counts: Record<Status, number> } {
  const steps = [...stdout.matchAll(/^([✓✗!-]) (.+) \((?:tools|resources|prompts)\/\w+, \d+ ms/gmu)].map(
    (match): [string, Status] => [match[2], marks[match[1]]],
  );
  const summary = /^(\d+) passed, (\d+) failed, (\d+) errors, (\d+) skipped/m.exec(stdout);
  if (!summary) throw new Error(`no summary line in:\n${stdout}`);
  const [passed, failed, error, skipped] = summary.slice(1).map(Number);
  return { steps, counts: { passed, failed, error, skipped } };
}

/** The XML read element by element: each testcase's name and the outcome its child elements say. */
function cases(xml: string): [string, Status][] {
  const unescape = (text: string): string =>
    text
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  return [...xml.matchAll(/<testcase name="([^"]*)"[^>]*?(\/>|>([\s\S]*?)<\/testcase>)/g)].map((match) => {
    const body = match[3] ?? '';
    const status: Status = body.includes('<failure ')
      ? 'failed'
      : body.includes('<error ')
        ? 'error'
        : body.includes('<skipped ')
          ? 'skipped'
          : 'passed';
    return [unescape(match[1]), status];
  });
}

function attribute(xml: string, element: string, name: string): string | undefined {
  const tag = new RegExp(`<${element} [^>]*>`).exec(xml)?.[0] ?? '';
  return new RegExp(` ${name}="([^"]*)"`).exec(tag)?.[1];
}

/** Runs the collection with the JUnit reporter and checks the file against the schema and the printed report. */
async function junitOf(collection: string, args: string[], expectedCode: number) {
  const out = join(directory, `${collection.replace(/\W+/g, '_')}.${args.length}.xml`);
  const run = await runLoupe(['test', collection, '--reporter', 'junit', '--out', out, ...args]);
  expect(run.code, run.stdout + run.stderr).toBe(expectedCode);
  const verdict = validate(out);
  expect(verdict.output.trim(), verdict.output).toBe(`${out} validates`);
  expect(verdict.code).toBe(0);
  const xml = readFileSync(out, 'utf8');
  const human = printed(run.stdout);
  const total = human.steps.length;
  expect(total).toBe(human.counts.passed + human.counts.failed + human.counts.error + human.counts.skipped);
  // Element by element: the same steps in the same order with the same outcomes as printed.
  expect(cases(xml)).toEqual(human.steps);
  // The suite's own counts, as every consumer reads them.
  expect({
    tests: attribute(xml, 'testsuite', 'tests'),
    failures: attribute(xml, 'testsuite', 'failures'),
    errors: attribute(xml, 'testsuite', 'errors'),
    skipped: attribute(xml, 'testsuite', 'skipped'),
  }).toEqual({
    tests: String(total),
    failures: String(human.counts.failed),
    errors: String(human.counts.error),
    skipped: String(human.counts.skipped),
  });
  // A JUnit parser from the registry reads it to the same totals (its total counts the steps that ran).
  const parsed = parse({ type: 'junit', files: [out] });
  expect({
    total: parsed.total,
    passed: parsed.passed,
    failed: parsed.failed,
    errors: parsed.errors,
    skipped: parsed.skipped,
  }).toEqual({
    total: total - human.counts.skipped,
    passed: human.counts.passed,
    failed: human.counts.failed,
    errors: human.counts.error,
    skipped: human.counts.skipped,
  });
  return { xml, human, out };
}

describe("loupe test --reporter junit against Loupe's own JUnit schema", { timeout: 120_000 }, () => {
  it("Loupe's own schema (written here) is a real judge: it rejects shapes Jenkins / Ant do not define", () => {
    const bad = join(directory, 'bad.xml');
    const shapes = [
      // A skipped count on a <testsuites> root: not in the Jenkins / Ant shape (Loupe wrote one until this test).
      '<testsuites skipped="0"><testsuite name="s" tests="0"/></testsuites>',
      // A testcase without its name.
      '<testsuites><testsuite name="s" tests="1"><testcase time="0.1"/></testsuite></testsuites>',
      // A count that is not a number.
      '<testsuites><testsuite name="s" tests="one"/></testsuites>',
      // A failure outside any testcase.
      '<testsuites><testsuite name="s" tests="0"><failure message="x"/></testsuite></testsuites>',
    ];
    for (const shape of shapes) {
      writeFileSync(bad, `<?xml version="1.0" encoding="UTF-8"?>\n${shape}\n`);
      const verdict = validate(bad);
      expect(verdict.code, shape).not.toBe(0);
      expect(verdict.output, shape).toContain('fails to validate');
    }
  });

  it("a passing collection (the example) validates against Loupe's own schema, reads back all passed", async () => {
    const { xml, human } = await junitOf(example, [], 0);
    expect(human.counts).toEqual({ passed: 5, failed: 0, error: 0, skipped: 0 });
    expect(xml).not.toContain('<failure');
    expect(xml.split('\n')[1]).toMatch(/^<testsuite name="demo server" tests="5" /);
    // Well-formed as plain XML too, and no stray text outside the root.
    expect(xmllint(join(directory, `${example.replace(/\W+/g, '_')}.0.xml`)).code).toBe(0);
  });

  it("a failing, erroring, skipping collection validates against Loupe's own schema, with its counts", async () => {
    const path = join(directory, 'mixed.collection.json');
    writeFileSync(
      path,
      JSON.stringify({
        format: 'loupe.collection/1',
        name: 'mixed <&> "results"',
        steps: [
          {
            name: 'echo passes',
            method: 'tools/call',
            tool: 'echo',
            arguments: { message: 'hi' },
            expect: { jsonText: { equals: { message: 'hi' } } },
          },
          {
            name: 'echo "wrong" <twice>',
            method: 'tools/call',
            tool: 'echo',
            arguments: { message: 'hi' },
            expect: {
              isError: false,
              jsonText: { equals: { message: 'bye' } },
              paths: [{ pointer: '/content/0/type', equals: 'image' }],
            },
          },
          { name: 'missing resource', method: 'resources/read', uri: 'demo://nowhere', expect: {} },
          { name: 'left out by grep', method: 'tools/list', expect: { present: ['echo'] } },
          { name: 'echo count', method: 'tools/list', expect: { count: { max: 3 } } },
        ],
      }),
    );
    const { xml, human } = await junitOf(path, ['--demo', '--grep', '^(echo|missing)'], 1);
    expect(human.counts).toEqual({ passed: 1, failed: 2, error: 1, skipped: 1 });
    expect(human.steps).toEqual([
      ['echo passes', 'passed'],
      ['echo "wrong" <twice>', 'failed'],
      ['missing resource', 'error'],
      ['left out by grep', 'skipped'],
      ['echo count', 'failed'],
    ]);
    expect(xml).not.toContain('<testsuites');
    expect(xml).toContain(
      '<failure message="2 of 3 assertions failed: jsonText equals; /content/0/type equals &quot;image&quot;" type="assertion">',
    );
    expect(xml).toMatch(/<error message="resources\/read failed: [^"]*-32002[^"]*" type="rpc-error">/);
    expect(xml).toContain('<skipped message="not matched by /^(echo|missing)/u"/>');
  });
  it("a collection that cannot run writes a file valid against Loupe's own schema: one testcase in error", async () => {
    const broken = join(directory, 'broken.collection.json');
    writeFileSync(broken, '{"format":"loupe.collection/1","steps":[{"name":"a"');
    const out = join(directory, 'broken.xml');
    const run = await runLoupe(['test', broken, '--demo', '--reporter', 'junit', '--out', out]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^loupe: cannot run .*broken\.collection\.json: collection-invalid: /);
    const verdict = validate(out);
    expect(verdict.output.trim(), verdict.output).toBe(`${out} validates`);
    const xml = readFileSync(out, 'utf8');
    expect(cases(xml)).toEqual([['(run)', 'error']]);
    expect(attribute(xml, 'error', 'type')).toBe('collection-invalid');
    expect(attribute(xml, 'error', 'message')).toMatch(
      /^the collection could not run: .*broken\.collection\.json: not JSON/,
    );
    const parsed = parse({ type: 'junit', files: [out] });
    expect({ total: parsed.total, errors: parsed.errors, passed: parsed.passed }).toEqual({
      total: 1,
      errors: 1,
      passed: 0,
    });
    // To stdout when no --out is given, and TAP says "Bail out!" with the same reason.
    const toStdout = await runLoupe(['test', broken, '--demo', '--reporter', 'junit']);
    expect(cases(toStdout.stdout)).toEqual([['(run)', 'error']]);
    const tap = await runLoupe(['test', broken, '--demo', '--reporter', 'tap']);
    expect(tap.code).toBe(2);
    const jsonOut = join(directory, 'broken.json');
    expect((await runLoupe(['test', broken, '--demo', '--reporter', 'json', '--out', jsonOut])).code).toBe(2);
    expect((JSON.parse(readFileSync(jsonOut, 'utf8')) as { error: { kind: string } }).error.kind).toBe(
      'collection-invalid',
    );
    expect(tap.stdout.split('\n')).toEqual([
      'TAP version 13',
      expect.stringMatching(/^Bail out! collection-invalid: .*not JSON/) as string,
      '',
    ]);
  });
});
