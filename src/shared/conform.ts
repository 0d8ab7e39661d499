/**
 * Server conformance (`loupe conform`, the Conformance tab): the official suite's server scenarios run through
 * Loupe's recorder, each check linked to the frames it judged.
 */
import type { JsonValue } from './json.js';

/** The requirement sets the suite ships (its requirements/<revision>.yaml). */
export const conformRevisions = ['2025-11-25', '2026-07-28'] as const;
export type ConformRevision = (typeof conformRevisions)[number];

/** A check's status exactly as the suite wrote it. Only FAILURE fails. */
export type ConformStatus = 'SUCCESS' | 'FAILURE' | 'WARNING' | 'SKIPPED' | 'INFO';

export interface ConformCheck {
  id: string;
  name: string;
  description: string;
  status: ConformStatus;
  errorMessage?: string;
  /** The suite's evidence for the check, as it wrote it. */
  details?: JsonValue;
  specReferences?: { id: string; url?: string }[];
  /** Seqs of the recorded frames this check judged (see linkFrames.ts for how they are found). */
  frames: number[];
}

export interface ConformScenario {
  name: string;
  /** false: run and reported, but the requirement set does not score it (extension, pending, added after release…). */
  scored: boolean;
  notScoredReason?: string;
  checks: ConformCheck[];
  /** Seqs of every frame recorded while the scenario ran. */
  frames: number[];
  ms: number;
}

export interface ConformCounts {
  passed: number;
  failed: number;
  warnings: number;
  /** Failures in scored scenarios: what decides the exit code. */
  requiredFailed: number;
}

export interface ConformReport {
  format: 'loupe.conform/1';
  target: string;
  /** The revision judged against, and why (the server's era, or --spec-version). */
  revision: ConformRevision;
  revisionReason: string;
  /** How scenarios were chosen: the revision's requirement set, all scenarios of the revision, or those named. */
  selection: 'requirements' | 'all' | 'named';
  /** A stdio server is judged through Loupe's loopback Streamable HTTP bridge: its HTTP behaviour is the bridge's. */
  bridge?: string;
  /**
   * Said before the results when the server lacks the suite's own fixtures (the test_* tools its scenarios call):
   * those checks fail for that reason alone; the note says what to point the suite at instead.
   */
  fixtures?: string;
  suite: { name: string; version: string; node: string };
  /** Where the frames are kept (the frame numbers of the checks are its seqs). */
  journalPath?: string;
  startedAt: string;
  ms: number;
  scenarios: ConformScenario[];
  counts: ConformCounts;
  /** Every check of every scored scenario passed (warnings do not fail); false when interrupted. */
  passed: boolean;
  /**
   * Set when the run was interrupted (Ctrl-C: reason "SIGINT"): `scenarios` holds those that finished; the one in
   * flight (`scenario`) was stopped and is not judged, the rest did not run.
   */
  interrupted?: { reason: string; scenario?: string };
}

/** A scenario the suite offers for a revision (the picker of the Conformance tab, `loupe conform --list`). */
export interface ConformScenarioInfo {
  name: string;
  required: boolean;
  notScoredReason?: string;
  /** In the revision's requirement set (required, or run there without being scored): a default run runs it. */
  inRequirementSet?: boolean;
}

export function countChecks(scenarios: readonly ConformScenario[]): ConformCounts {
  const counts: ConformCounts = { passed: 0, failed: 0, warnings: 0, requiredFailed: 0 };
  for (const scenario of scenarios)
    for (const check of scenario.checks) {
      if (check.status === 'SUCCESS') counts.passed += 1;
      else if (check.status === 'WARNING') counts.warnings += 1;
      else if (check.status === 'FAILURE') {
        counts.failed += 1;
        if (scenario.scored) counts.requiredFailed += 1;
      }
    }
  return counts;
}

/** What the Conformance tab offers a session: the revision it would be judged at and the scenarios to pick. */
export interface ConformChoices {
  revision: ConformRevision;
  revisionReason: string;
  bridge?: string;
  /** The suite ready to run ("0.2.0-alpha.12 on node 22.23.5 (…)"); absent when it must be installed first. */
  suite?: string;
  /** What must be installed first (with the user's consent), and the npm packages that would be. */
  missing?: string;
  install?: string[];
  scenarios: ConformScenarioInfo[];
}

export interface ConformRequest {
  /** Scenarios to run (each its own suite run); absent or empty: the revision's requirement set. */
  scenarios?: string[];
  all?: boolean;
  /** The user agreed to install what `missing` names. */
  install?: boolean;
}

/** Pushed while a run goes: a scenario started, or ended with its checks. */
export type ConformProgressEvent =
  | { kind: 'start'; scenario: string; index: number; total: number }
  | { kind: 'end'; scenario: ConformScenario; index: number; total: number }
  | { kind: 'install'; line: string };
