/**
 * The conformance results of two records of a server (a snapshot's `conformance`, see src/shared/conform.ts),
 * compared check by check, matched by scenario name and check id. A snapshot may keep several runs (oldest first):
 * each scenario's latest run is its result, so one scenario run again after a full run replaces only its own checks.
 *
 * How each check is classed, and why:
 * - a check of a scored (required) scenario that did not fail and fails now is BREAKING: the server no longer meets
 *   a requirement of its revision (as `loupe conform` would now exit 1 where it exited 0);
 * - a check of a not-scored scenario (pending, extension…) newly failing is DRIFT, and so is any other status
 *   change (SUCCESS → WARNING, SKIPPED → SUCCESS): what the suite says moved, no requirement broke;
 * - fixed (failed, does not now), new (its scenario was not run on the old side) and not-run (not run on the new
 *   side) are compatible: nothing a client relied on broke, and a scenario not run proves nothing either way.
 * A check missing from a scenario that both sides ran counts as not having failed there (the suite wrote fewer checks).
 */
import type { ConformCheck, ConformReport, ConformStatus } from '../../shared/conform.js';
import type {
  ChangeClass,
  ConformanceDiff,
  ConformanceSide,
  ConformChangeKind,
  ConformCheckChange,
} from '../../shared/diff.js';

interface ScenarioResult {
  scored: boolean;
  checks: Map<string, ConformCheck>;
}

function latestResults(reports: readonly ConformReport[]): Map<string, ScenarioResult> {
  const results = new Map<string, ScenarioResult>();
  for (const report of reports)
    for (const scenario of report.scenarios) {
      const checks = new Map<string, ConformCheck>();
      // The first of duplicate ids is the one compared; a scenario run again keeps its place, with the new result.
      for (const check of scenario.checks) if (!checks.has(check.id)) checks.set(check.id, check);
      results.set(scenario.name, { scored: scenario.scored, checks });
    }
  return results;
}

function side(reports: readonly ConformReport[]): ConformanceSide {
  const last = reports.at(-1);
  return {
    runs: reports.length,
    revisions: [...new Set(reports.map((report) => report.revision))],
    ...(last ? { lastRunAt: last.startedAt } : {}),
  };
}

function kindOf(
  before: ConformStatus | undefined,
  after: ConformStatus | undefined,
  ranBefore: boolean,
  ranNow: boolean,
): ConformChangeKind {
  if (!ranBefore) return 'new';
  if (!ranNow) return 'not-run';
  const failedBefore = before === 'FAILURE';
  const failsNow = after === 'FAILURE';
  if (failedBefore && !failsNow) return 'fixed';
  if (!failedBefore && failsNow) return 'newly-failing';
  return before === after ? 'unchanged' : 'changed';
}

function classOf(kind: ConformChangeKind, required: boolean): ChangeClass | undefined {
  if (kind === 'unchanged') return undefined;
  if (kind === 'newly-failing') return required ? 'breaking' : 'drift';
  if (kind === 'changed') return 'drift';
  return 'compatible';
}

const rank = (change: ConformCheckChange): number =>
  change.class === 'breaking' ? 0 : change.class === 'drift' ? 1 : change.class === 'compatible' ? 2 : 3;

export function diffConformance(
  before: readonly ConformReport[],
  after: readonly ConformReport[],
): ConformanceDiff {
  const old = latestResults(before);
  const now = latestResults(after);
  const checks: ConformCheckChange[] = [];
  const scenarios = [...old.keys(), ...[...now.keys()].filter((name) => !old.has(name))];
  for (const scenario of scenarios) {
    const was = old.get(scenario);
    const is = now.get(scenario);
    const ids = [
      ...(was?.checks.keys() ?? []),
      ...[...(is?.checks.keys() ?? [])].filter((id) => !was?.checks.has(id)),
    ];
    for (const id of ids) {
      const previous = was?.checks.get(id);
      const current = is?.checks.get(id);
      const kind = kindOf(previous?.status, current?.status, was !== undefined, is !== undefined);
      const required = (is ?? was)?.scored ?? false;
      const changeClass = classOf(kind, required);
      const errorMessage = current?.errorMessage ?? previous?.errorMessage;
      checks.push({
        scenario,
        check: id,
        name: current?.name ?? previous?.name ?? id,
        kind,
        ...(previous ? { before: previous.status } : {}),
        ...(current ? { after: current.status } : {}),
        required,
        ...(changeClass ? { class: changeClass } : {}),
        ...(errorMessage === undefined ? {} : { errorMessage }),
      });
    }
  }
  checks.sort((left, right) => rank(left) - rank(right));
  const counts: Record<ConformChangeKind, number> = {
    fixed: 0,
    'newly-failing': 0,
    unchanged: 0,
    changed: 0,
    new: 0,
    'not-run': 0,
  };
  for (const change of checks) counts[change.kind] += 1;
  return { old: side(before), new: side(after), checks, counts };
}
