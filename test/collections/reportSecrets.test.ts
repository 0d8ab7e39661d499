/**
 * `${env:NAME}` values never reach a report of `loupe test`, in any reporter (text, JUnit, JSON, TAP) and in any
 * form the report writes them: a value with `"`, `\`, `&`, `<` and `/` is sent to the demo's echo, which answers it
 * inside JSON text (so it comes back JSON-escaped, and is JSON- or XML-escaped again by the reporters), and it is
 * expected in assertions that fail (expected, actual and diffs all shown). A two-character value, too short to
 * search for in free text, is never shown where it was substituted: the request and the expectations show
 * `${env:NAME}`.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollectionReport } from '../../src/shared/collections.js';
import { requireBuild, runLoupe } from '../cli/loupe.js';

const quoted = 'pa"s&s\\wo<rd/7';
const short = 'zq';
const env = { LOUPE_QUOTED: quoted, LOUPE_SHORT: short };
const directory = mkdtempSync(join(tmpdir(), 'loupe-report-secrets-'));
const path = join(directory, 'secrets.collection.json');

const json = (text: string): string => JSON.stringify(text).slice(1, -1);
const xml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Every form in which a report could spell the quoted value. */
const forms = [
  quoted,
  json(quoted),
  json(json(quoted)),
  xml(quoted),
  xml(json(quoted)),
  xml(json(json(quoted))),
];

/** What of either value a report text holds: [] when nothing. */
function leaks(text: string): string[] {
  return [...forms.filter((form) => text.includes(form)), ...(text.includes(short) ? [short] : [])];
}

beforeAll(() => {
  requireBuild();
  writeFileSync(
    path,
    JSON.stringify({
      format: 'loupe.collection/1',
      name: 'secrets',
      target: { transport: 'demo' },
      steps: [
        {
          name: 'echo the secret',
          method: 'tools/call',
          tool: 'echo',
          arguments: { message: '${env:LOUPE_QUOTED}', note: 'with ${env:LOUPE_QUOTED} inside' },
          expect: {
            jsonText: { equals: { message: 'not it' } },
            text: { contains: '${env:LOUPE_QUOTED}' },
            paths: [{ pointer: '/message', in: 'jsonText', equals: 'other ${env:LOUPE_QUOTED}' }],
          },
        },
        {
          name: 'short value',
          method: 'tools/call',
          tool: 'ping_service',
          arguments: { host: '${env:LOUPE_SHORT}' },
          expect: {
            text: { equals: '${env:LOUPE_SHORT}' },
            paths: [{ pointer: '/content/0/text', equals: '${env:LOUPE_SHORT}' }],
          },
        },
      ],
    }),
  );
});
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('environment values in the reports of loupe test', { timeout: 120_000 }, () => {
  it('the text report shows ${env:NAME}, never the value in any form', async () => {
    const run = await runLoupe(['test', path], { env });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toMatch(/^0 passed, 2 failed, 0 errors, 0 skipped/m);
    expect(run.stdout).toContain('${env:LOUPE_QUOTED}');
    expect(run.stdout).toContain('${env:LOUPE_SHORT}');
    expect(leaks(run.stdout + run.stderr)).toEqual([]);
  });

  it('JUnit, JSON and TAP hold no form of either value, and say ${env:NAME} where they were', async () => {
    const junit = join(directory, 'report.xml');
    const jsonOut = join(directory, 'report.json');
    const junitRun = await runLoupe(['test', path, '--reporter', 'junit', '--out', junit], { env });
    const jsonRun = await runLoupe(['test', path, '--reporter', 'json', '--out', jsonOut], { env });
    const tap = await runLoupe(['test', path, '--reporter', 'tap'], { env });
    expect([junitRun.code, jsonRun.code, tap.code]).toEqual([1, 1, 1]);
    const xmlText = readFileSync(junit, 'utf8');
    const jsonText = readFileSync(jsonOut, 'utf8');
    expect({ junit: leaks(xmlText), json: leaks(jsonText), tap: leaks(tap.stdout) }).toEqual({
      junit: [],
      json: [],
      tap: [],
    });
    for (const text of [xmlText, jsonText, tap.stdout]) expect(text).toContain('${env:LOUPE_QUOTED}');
    // Where the short value was substituted, the report shows its name: the request, and what was expected.
    const report = JSON.parse(jsonText) as CollectionReport;
    const shortStep = report.steps[1];
    expect(shortStep.request).toEqual({ name: 'ping_service', arguments: { host: '${env:LOUPE_SHORT}' } });
    expect(
      shortStep.assertions.map((assertion) => [assertion.name, assertion.expected, assertion.actual]),
    ).toEqual([
      ['text equals', '${env:LOUPE_SHORT}', 'pong'],
      ['/content/0/text equals "${env:LOUPE_SHORT}"', '${env:LOUPE_SHORT}', 'pong'],
    ]);
    const quotedStep = report.steps[0];
    expect(quotedStep.request).toEqual({
      name: 'echo',
      arguments: { message: '${env:LOUPE_QUOTED}', note: 'with ${env:LOUPE_QUOTED} inside' },
    });
    // The server's answer is kept, the value in it replaced, in the JSON text it came in.
    expect(quotedStep.result).toEqual({
      content: [
        {
          type: 'text',
          text: JSON.stringify({ message: '${env:LOUPE_QUOTED}', note: 'with ${env:LOUPE_QUOTED} inside' }),
        },
      ],
    });
  });
});
