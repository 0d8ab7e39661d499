/**
 * The result of comparing two records of a server (snapshots, or a snapshot and the server now): per list kind and
 * per item, what was added, removed or changed, each change classified. Pure data, shared by the CLI and the UI.
 */
import type { JsonValue } from './json.js';
import type { ListKind } from './lists.js';
import type { ConformStatus } from './conform.js';

/**
 * breaking: a client written against the old surface can fail against the new one (a removed item, a new required
 * argument, a narrowed input type or enum, an output field no longer promised). drift: the words and claims around
 * an unchanged contract moved (description, title, annotations, icons, _meta, instructions) — the rug-pull signal.
 * compatible: additions and relaxations.
 */
export type ChangeClass = 'breaking' | 'drift' | 'compatible';

/** One word-level piece of a changed text: kept, removed (old only) or added (new only). */
export interface WordPart {
  op: 'same' | 'removed' | 'added';
  text: string;
}

export interface FieldChange {
  /** Where, as a readable path: `description`, `inputSchema.required`, `annotations.destructiveHint`, `inputSchema.properties.city.type`. */
  path: string;
  class: ChangeClass;
  /** What happened, short: `+region`, `true → false`, `removed`, `changed`. */
  summary: string;
  /** The old value (absent when the field was added). */
  before?: JsonValue;
  /** The new value (absent when the field was removed). */
  after?: JsonValue;
  /** For texts (descriptions, instructions): the word-level difference. */
  words?: WordPart[];
}

export type ItemChangeKind = 'added' | 'removed' | 'changed';

export interface ItemChange {
  kind: ItemChangeKind;
  /** The item's key: name (tools, prompts), uri (resources), uriTemplate (templates). */
  name: string;
  breaking: boolean;
  drift: boolean;
  fields: FieldChange[];
}

export interface SnapshotDiff {
  items: Record<ListKind, ItemChange[]>;
  /** protocolVersion, serverInfo, capabilities, instructions. */
  handshake: FieldChange[];
  /** Skills (SEP-2640) by SKILL.md URI, when either side has a skills listing (classes: core/diff/skillDiff.ts). */
  skills?: ItemChange[];
  /** The conformance results of the two sides, check by check, when either side has any (core/diff/conformanceDiff.ts). */
  conformance?: ConformanceDiff;
  /** Lists that one side did not read to the end: their "removed" items may only be unread. */
  incomplete: { side: 'old' | 'new'; kind: ListKind }[];
}

export const failOnLevels = ['breaking', 'drift', 'any'] as const;
export type FailOn = (typeof failOnLevels)[number];

/**
 * What happened to one conformance check between the sides: fixed (failed, passes now), newly-failing (did not
 * fail, fails now), unchanged, changed (another status change, e.g. SUCCESS → WARNING), new (its scenario was not
 * run on the old side), not-run (its scenario was not run on the new side).
 */
export type ConformChangeKind = 'fixed' | 'newly-failing' | 'unchanged' | 'changed' | 'new' | 'not-run';

export interface ConformCheckChange {
  scenario: string;
  /** The check's id as the suite wrote it (unique within its scenario). */
  check: string;
  name: string;
  kind: ConformChangeKind;
  before?: ConformStatus;
  after?: ConformStatus;
  /** The scenario is scored by the requirement set (on the new side; the old side's when it is not run now). */
  required: boolean;
  /** breaking: a required check newly failing; drift: a check of a not-scored scenario newly failing, or another
   * status change; compatible: fixed, new or not run; absent for unchanged checks. */
  class?: ChangeClass;
  /** The new side's failure message (else the old side's). */
  errorMessage?: string;
}

export interface ConformanceSide {
  /** How many conformance runs the side's snapshot kept (0: none, every check is new or not-run). */
  runs: number;
  /** The revisions its runs judged against (usually one). */
  revisions: string[];
  /** ISO 8601 UTC: when the side's last run started. */
  lastRunAt?: string;
}

export interface ConformanceDiff {
  old: ConformanceSide;
  new: ConformanceSide;
  /** Every check of either side, breaking first, then drift, compatible, unchanged; within one class in the suite's order. */
  checks: ConformCheckChange[];
  counts: Record<ConformChangeKind, number>;
}
