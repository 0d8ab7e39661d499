/**
 * The assertions of a list step (tools/list, resources/list, resources/templates/list, prompts/list) on the whole
 * listing, every page: items present or absent, count bounds, and each item's definition against a pinned
 * snapshot with `loupe diff`'s classification (a removed item or a change at the failOn level fails).
 */
import type { AssertionResult, ListExpectations, ListStepMethod } from '../../shared/collections.js';
import type { FailOn, ItemChange } from '../../shared/diff.js';
import type { JsonObject } from '../../shared/json.js';
import { itemKey, type ListKind } from '../../shared/lists.js';
import type { Snapshot } from '../../shared/snapshot.js';
import { diffItems } from '../diff/snapshotDiff.js';
import { boundsJson, boundsProblem, latencyAssertions } from './callAssertions.js';
import type { LatencyFigures } from '../../shared/collections.js';
import { lineDiff } from './values.js';

export const listKindOf: Record<ListStepMethod, ListKind> = {
  'tools/list': 'tools',
  'resources/list': 'resources',
  'resources/templates/list': 'templates',
  'prompts/list': 'prompts',
};

export function snapshotItems(snapshot: Snapshot, kind: ListKind): JsonObject[] {
  return kind === 'tools' ? snapshot.tools : (snapshot.lists?.[kind]?.items ?? []);
}

function reaches(change: ItemChange, level: FailOn): boolean {
  if (change.breaking) return true;
  if (level === 'drift') return change.drift;
  return level === 'any';
}

export interface ListJudgement {
  method: ListStepMethod;
  items: readonly JsonObject[];
  complete: boolean;
  latency: LatencyFigures;
  /** The pinned snapshot, read by the runner. */
  snapshot?: Snapshot;
}

export function judgeList(expect: ListExpectations, judged: ListJudgement): AssertionResult[] {
  const kind = listKindOf[judged.method];
  const out: AssertionResult[] = [];
  const keys = judged.items.map((item) => itemKey(kind, item));
  const present = new Set(keys);
  const unfinished = judged.complete ? '' : ' (the listing did not reach its last page)';
  for (const name of expect.present ?? []) {
    const label = `${name} is listed`;
    out.push(
      present.has(name)
        ? { name: label, passed: true }
        : { name: label, passed: false, message: `not in the ${keys.length} listed${unfinished}` },
    );
  }
  for (const name of expect.absent ?? []) {
    const label = `${name} is not listed`;
    out.push(
      !present.has(name)
        ? { name: label, passed: true }
        : { name: label, passed: false, message: 'it is listed' },
    );
  }
  if (expect.count) {
    const problem = boundsProblem(keys.length, expect.count);
    const label = `count ${JSON.stringify(expect.count)}`;
    out.push(
      problem || !judged.complete
        ? {
            name: label,
            passed: false,
            expected: boundsJson(expect.count),
            actual: keys.length,
            message: `${problem ?? `is ${keys.length}`}${unfinished}`,
          }
        : { name: label, passed: true, expected: boundsJson(expect.count), actual: keys.length },
    );
  }
  if (expect.snapshot && judged.snapshot) {
    const level = expect.snapshot.failOn ?? 'breaking';
    const pinned = snapshotItems(judged.snapshot, kind);
    const names = expect.snapshot.items ?? pinned.map((item) => itemKey(kind, item));
    for (const name of names) {
      const label = `${name} as in ${expect.snapshot.file} (fail on ${level})`;
      const before = pinned.filter((item) => itemKey(kind, item) === name).slice(0, 1);
      const after = judged.items.filter((item) => itemKey(kind, item) === name).slice(0, 1);
      if (before.length === 0) {
        out.push({ name: label, passed: false, message: `the snapshot has no ${kind} item "${name}"` });
        continue;
      }
      const [change] = diffItems(kind, before, after);
      if (!change) {
        out.push({ name: label, passed: true });
        continue;
      }
      const fields = change.fields.map((field) => `${field.path} (${field.class}): ${field.summary}`);
      const message = change.kind === 'removed' ? `removed${unfinished}` : `changed: ${fields.join('; ')}`;
      const result: AssertionResult = {
        name: label,
        passed: !reaches(change, level),
        message,
        expected: before[0],
        ...(after[0] ? { actual: after[0] } : {}),
      };
      if (result.passed) result.message = `${message} — below the failOn level`;
      else result.diff = lineDiff(before[0], after[0]);
      out.push(result);
    }
  }
  latencyAssertions(expect.latency, judged.latency, out);
  return out;
}
