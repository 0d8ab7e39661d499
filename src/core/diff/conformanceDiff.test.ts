/**
 * The classes of conformanceDiff.ts on small reports: a scenario's latest run wins, a not-scored scenario's new
 * failure is drift (not breaking), another status change is drift, scenarios run on one side only are new/not-run.
 * (test/conform/conformCompare.test.ts diffs two real runs of the suite.)
 */
import { describe, expect, it } from 'vitest';
import type { ConformReport, ConformScenario, ConformStatus } from '../../shared/conform.js';
import { countChecks } from '../../shared/conform.js';
import { diffConformance } from './conformanceDiff.js';

function scenario(name: string, scored: boolean, checks: [string, ConformStatus][]): ConformScenario {
  return {
    name,
    scored,
    checks: checks.map(([id, status]) => ({ id, name: id, description: id, status, frames: [] })),
    frames: [],
    ms: 1,
  };
}

function report(startedAt: string, scenarios: ConformScenario[]): ConformReport {
  const counts = countChecks(scenarios);
  return {
    format: 'loupe.conform/1',
    target: 'http://127.0.0.1:1/mcp',
    revision: '2025-11-25',
    revisionReason: 'test',
    selection: 'named',
    suite: { name: '@modelcontextprotocol/conformance', version: '0.2.0-alpha.12', node: '22' },
    startedAt,
    ms: 1,
    scenarios,
    counts,
    passed: counts.requiredFailed === 0,
  };
}

describe('diffConformance', () => {
  it('classes each check of the latest runs', () => {
    const before = [
      report('2026-12-01T10:00:00.000Z', [
        scenario('ping', true, [['ping', 'FAILURE']]),
        scenario('pending-one', false, [['pending-one', 'SUCCESS']]),
        scenario('tools-list', true, [['tools-list', 'SUCCESS']]),
        scenario('old-only', true, [['old-only', 'SUCCESS']]),
      ]),
      // ping run again later in the same session: this one is the old side's result.
      report('2026-12-01T11:00:00.000Z', [scenario('ping', true, [['ping', 'SUCCESS']])]),
    ];
    const after = [
      report('2026-12-02T10:00:00.000Z', [
        scenario('ping', true, [['ping', 'FAILURE']]),
        scenario('pending-one', false, [['pending-one', 'FAILURE']]),
        scenario('tools-list', true, [
          ['tools-list', 'WARNING'],
          ['extra', 'FAILURE'],
        ]),
        scenario('new-only', true, [['new-only', 'FAILURE']]),
      ]),
    ];
    const diff = diffConformance(before, after);
    expect(
      diff.checks.map((check) => [check.scenario, check.check, check.kind, check.class ?? null]),
    ).toEqual([
      ['ping', 'ping', 'newly-failing', 'breaking'],
      ['tools-list', 'extra', 'newly-failing', 'breaking'],
      ['pending-one', 'pending-one', 'newly-failing', 'drift'],
      ['tools-list', 'tools-list', 'changed', 'drift'],
      ['old-only', 'old-only', 'not-run', 'compatible'],
      ['new-only', 'new-only', 'new', 'compatible'],
    ]);
    expect(diff.counts).toEqual({
      fixed: 0,
      'newly-failing': 3,
      unchanged: 0,
      changed: 1,
      new: 1,
      'not-run': 1,
    });
    expect(diff.old).toEqual({ runs: 2, revisions: ['2025-11-25'], lastRunAt: '2026-12-01T11:00:00.000Z' });
    expect(diff.new.runs).toBe(1);
  });

  it('says fixed and unchanged the other way, and nothing breaks', () => {
    const broken = [
      report('2026-12-01T10:00:00.000Z', [
        scenario('ping', true, [
          ['ping', 'FAILURE'],
          ['wire', 'SUCCESS'],
        ]),
      ]),
    ];
    const fixed = [
      report('2026-12-02T10:00:00.000Z', [
        scenario('ping', true, [
          ['ping', 'SUCCESS'],
          ['wire', 'SUCCESS'],
        ]),
      ]),
    ];
    const diff = diffConformance(broken, fixed);
    expect(diff.checks.map((check) => [check.check, check.kind, check.class ?? null])).toEqual([
      ['ping', 'fixed', 'compatible'],
      ['wire', 'unchanged', null],
    ]);
  });
});
