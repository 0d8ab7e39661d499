/**
 * Conformance compared over time, on two real results: a backend session on conformBreak.mjs, whose
 * test_simple_text answers wrongly on its first call only (--break-calls 1), runs the suite twice on the same
 * scenarios — tools-call-simple-text fails the first time and passes the second — and saves a snapshot after each
 * run. `loupe diff` (the CLI, a subprocess) and the backend's compareSnapshots then diff the two files both ways:
 * old → new the check is fixed (exit 0), new → old it is newly failing in a required scenario (breaking, exit 1).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConformCheckChange } from '../../src/shared/diff.js';
import { startHarness, type Harness } from '../backend/backendHarness.js';
import { requireBuild, runLoupe } from '../cli/loupe.js';
import { startPrintingUrl, type RunningHttpServer } from '../helpers/servers.js';

const breakServer = fileURLToPath(new URL('../servers/conformBreak.mjs', import.meta.url));
const scenarios = ['tools-call-simple-text', 'tools-call-image'];
const directory = mkdtempSync(join(tmpdir(), 'loupe-conform-compare-'));
const brokenFile = join(directory, 'broken.json');
const fixedFile = join(directory, 'fixed.json');

let harness: Harness;
let server: RunningHttpServer;
let brokenText = '';
let fixedText = '';

const brief = (change: ConformCheckChange) => [
  change.scenario,
  change.check,
  change.kind,
  change.before,
  change.after,
  change.class ?? null,
];

beforeAll(async () => {
  requireBuild();
  server = await startPrintingUrl(
    [breakServer, '--break', 'simple-text', '--break-calls', '1'],
    'http',
    'conformBreak',
  );
  harness = startHarness();
  expect((await harness.api.connect({ transport: 'http', url: server.url })).state).toBe('connected');
  // The tool list walked to its end, as the app does before a snapshot meant for comparing.
  expect((await harness.api.list('tools')).complete).toBe(true);
  const first = await harness.api.runConformance({ scenarios });
  expect(first.counts).toEqual({ passed: 3, failed: 1, warnings: 0, requiredFailed: 1 });
  brokenText = (await harness.api.createSnapshot()).text;
  const second = await harness.api.runConformance({ scenarios });
  expect(second.counts).toEqual({ passed: 4, failed: 0, warnings: 0, requiredFailed: 0 });
  fixedText = (await harness.api.createSnapshot()).text;
  writeFileSync(brokenFile, brokenText);
  writeFileSync(fixedFile, fixedText);
}, 300_000);

afterAll(async () => {
  await harness?.close();
  await server?.stop();
  rmSync(directory, { recursive: true, force: true });
});

describe('conformance compared over time', () => {
  it('loupe diff: fixed when the check passes now (exit 0), breaking when a required check newly fails (exit 1)', async () => {
    const forward = await runLoupe(['diff', brokenFile, fixedFile, '--json'], { timeoutMs: 60_000 });
    expect(forward.stderr).toBe('');
    expect(forward.code).toBe(0);
    const document = JSON.parse(forward.stdout) as {
      conformance: {
        checks: ConformCheckChange[];
        counts: Record<string, number>;
        old: unknown;
        new: unknown;
      };
    };
    expect(document.conformance.checks.map(brief)).toEqual([
      ['tools-call-simple-text', 'tools-call-simple-text', 'fixed', 'FAILURE', 'SUCCESS', 'compatible'],
      ['tools-call-simple-text', 'wire-schema-valid', 'unchanged', 'SUCCESS', 'SUCCESS', null],
      ['tools-call-image', 'tools-call-image', 'unchanged', 'SUCCESS', 'SUCCESS', null],
      ['tools-call-image', 'wire-schema-valid', 'unchanged', 'SUCCESS', 'SUCCESS', null],
    ]);
    expect(document.conformance.counts).toEqual({
      fixed: 1,
      'newly-failing': 0,
      unchanged: 3,
      changed: 0,
      new: 0,
      'not-run': 0,
    });
    // The newer snapshot keeps both runs; its latest run of each scenario is what is compared.
    expect(document.conformance.old).toMatchObject({ runs: 1, revisions: ['2025-11-25'] });
    expect(document.conformance.new).toMatchObject({ runs: 2, revisions: ['2025-11-25'] });

    const backward = await runLoupe(['diff', fixedFile, brokenFile], { timeoutMs: 60_000 });
    expect(backward.code).toBe(1);
    const lines = backward.stdout.split('\n');
    expect(lines).toContain(
      'Conformance: 0 fixed, 1 newly failing, 3 unchanged (old: 2 runs at 2025-11-25; new: 1 run at 2025-11-25)',
    );
    const failing = lines.findIndex((line) => line.includes('› tools-call-simple-text'));
    expect(lines[failing]).toBe(
      '  - tools-call-simple-text › tools-call-simple-text  newly failing (required)  SUCCESS → FAILURE  BREAKING',
    );
    // The suite's own message for the failure follows the line.
    expect(lines[failing + 1]).toBe('      content array is empty; No text content found');
    expect(lines).toContain('1 breaking, 0 drift, 0 compatible · --fail-on breaking: fail');

    // A fixed check is no change at the breaking or drift level, but is one under --fail-on any.
    expect(
      (await runLoupe(['diff', brokenFile, fixedFile, '--fail-on', 'drift'], { timeoutMs: 60_000 })).code,
    ).toBe(0);
    expect(
      (await runLoupe(['diff', brokenFile, fixedFile, '--fail-on', 'any'], { timeoutMs: 60_000 })).code,
    ).toBe(1);
  }, 120_000);

  it("the backend's compareSnapshots gives the app the same conformance section", async () => {
    const comparison = await harness.api.compareSnapshots(
      { source: 'snapshot', text: fixedText },
      { source: 'snapshot', text: brokenText },
    );
    const conformance = comparison.diff.conformance;
    expect(conformance?.checks.map(brief)).toEqual([
      ['tools-call-simple-text', 'tools-call-simple-text', 'newly-failing', 'SUCCESS', 'FAILURE', 'breaking'],
      ['tools-call-simple-text', 'wire-schema-valid', 'unchanged', 'SUCCESS', 'SUCCESS', null],
      ['tools-call-image', 'tools-call-image', 'unchanged', 'SUCCESS', 'SUCCESS', null],
      ['tools-call-image', 'wire-schema-valid', 'unchanged', 'SUCCESS', 'SUCCESS', null],
    ]);
    expect(conformance?.checks[0]?.required).toBe(true);
    expect(conformance?.checks[0]?.errorMessage).toEqual(expect.any(String));
    // The lists themselves did not change between the two snapshots.
    expect(comparison.diff.items.tools).toEqual([]);
  }, 60_000);
});
