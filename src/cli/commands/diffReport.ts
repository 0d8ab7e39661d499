/**
 * How `loupe diff` shows a SnapshotDiff: readable lines (removed/added/changed items, each changed field with its
 * before → after, descriptions as a word diff: [-removed-] {+added+}) or the --json document. All server text is
 * made inert with `printable`.
 */
import type { ConformanceDiff, ConformCheckChange, FieldChange, ItemChange, SnapshotDiff, WordPart } from '../../shared/diff.js';
import type { ListKind } from '../../shared/lists.js';
import { listKinds } from '../../shared/lists.js';
import { prefix, printable, printableCell } from '../terminal.js';

/** Longest text printed of one word-diff piece: a 10 MB description is cut, visibly. */
const maximumPart = 8000;

const headings: Record<ListKind, string> = {
  tools: 'Tools',
  resources: 'Resources',
  templates: 'Resource templates',
  prompts: 'Prompts',
};
const jsonKeys: Record<ListKind, { list: string; item: string }> = {
  tools: { list: 'changes', item: 'tool' },
  prompts: { list: 'prompts', item: 'prompt' },
  resources: { list: 'resources', item: 'resource' },
  templates: { list: 'templates', item: 'template' },
};

function label(change: ItemChange): string {
  if (change.breaking) return 'BREAKING';
  if (change.drift) return 'DRIFT';
  return 'compatible';
}

function classLabel(field: FieldChange): string {
  return field.class === 'breaking' ? 'BREAKING' : field.class;
}

export function wordLine(parts: readonly WordPart[]): string {
  return parts
    .map((part) => {
      const text = printableCell(prefix(part.text, maximumPart), maximumPart);
      return part.op === 'same' ? text : part.op === 'removed' ? `[-${text}-]` : `{+${text}+}`;
    })
    .join('');
}

function fieldLines(field: FieldChange): string[] {
  const lines = [
    `      ${printable(field.path)}  ${printableCell(field.summary, 200)}  (${classLabel(field)})`,
  ];
  if (field.words) lines.push(`        ${wordLine(field.words)}`);
  return lines;
}

function itemLines(change: ItemChange): string[] {
  const mark = change.kind === 'added' ? '+' : change.kind === 'removed' ? '-' : '~';
  const lines = [`  ${mark} ${printableCell(change.name, 120)}  ${change.kind}  ${label(change)}`];
  for (const field of change.fields) lines.push(...fieldLines(field));
  return lines;
}

function count(changes: readonly ItemChange[], kind: ItemChange['kind']): number {
  return changes.filter((change) => change.kind === kind).length;
}

export function diffLines(diff: SnapshotDiff): string[] {
  const lines: string[] = [];
  if (diff.handshake.length > 0) {
    lines.push('Handshake');
    for (const field of diff.handshake) lines.push(...fieldLines(field).map((line) => line.slice(4)));
    lines.push('');
  }
  for (const kind of listKinds) {
    const changes = diff.items[kind];
    if (changes.length === 0) continue;
    lines.push(
      `${headings[kind]}: ${count(changes, 'removed')} removed, ${count(changes, 'added')} added, ${count(changes, 'changed')} changed`,
    );
    // Breaking first, then drift: what a reviewer must look at leads.
    const ordered = [...changes].sort((left, right) => rank(left) - rank(right));
    for (const change of ordered) lines.push(...itemLines(change));
    lines.push('');
  }
  const skills = diff.skills ?? [];
  if (skills.length > 0) {
    lines.push(
      `Skills: ${count(skills, 'removed')} removed, ${count(skills, 'added')} added, ${count(skills, 'changed')} changed`,
    );
    for (const change of [...skills].sort((left, right) => rank(left) - rank(right))) lines.push(...itemLines(change));
    lines.push('');
  }
  if (diff.conformance) lines.push(...conformanceLines(diff.conformance));
  if (lines.length === 0) lines.push('No changes.', '');
  return lines;
}

const conformKindLabels: Record<ConformCheckChange['kind'], string> = {
  fixed: 'fixed',
  'newly-failing': 'newly failing',
  unchanged: 'unchanged',
  changed: 'status changed',
  new: 'new (not run on the old side)',
  'not-run': 'not run on the new side',
};

function conformSide(side: ConformanceDiff['old']): string {
  if (side.runs === 0) return 'no run';
  return `${side.runs} run${side.runs === 1 ? '' : 's'} at ${side.revisions.join(', ')}`;
}

/** Each check that changed (breaking first); unchanged checks as a count. */
function conformanceLines(conformance: ConformanceDiff): string[] {
  const { counts } = conformance;
  const others = counts.changed + counts.new + counts['not-run'];
  const lines = [
    `Conformance: ${counts.fixed} fixed, ${counts['newly-failing']} newly failing, ${counts.unchanged} unchanged${others > 0 ? `, ${others} other` : ''} (old: ${conformSide(conformance.old)}; new: ${conformSide(conformance.new)})`,
  ];
  for (const change of conformance.checks) {
    if (change.kind === 'unchanged') continue;
    const mark = change.kind === 'fixed' ? '+' : change.kind === 'newly-failing' ? '-' : '~';
    const statuses = `${change.before ?? '—'} → ${change.after ?? '—'}`;
    const label = change.class === 'breaking' ? 'BREAKING' : (change.class ?? '');
    lines.push(
      `  ${mark} ${printableCell(change.scenario, 80)} › ${printableCell(change.check, 80)}  ${conformKindLabels[change.kind]}${change.required ? ' (required)' : ''}  ${statuses}  ${label}`,
    );
    if (change.kind === 'newly-failing' && change.errorMessage)
      lines.push(`      ${printableCell(change.errorMessage, 300)}`);
  }
  lines.push('');
  return lines;
}

function rank(change: ItemChange): number {
  return change.breaking ? 0 : change.drift ? 1 : 2;
}

export interface Tally {
  breaking: number;
  drift: number;
  compatible: number;
}

/** Items (and handshake fields) by their strongest class. */
export function tally(diff: SnapshotDiff): Tally {
  const result: Tally = { breaking: 0, drift: 0, compatible: 0 };
  for (const kind of listKinds)
    for (const change of diff.items[kind])
      result[change.breaking ? 'breaking' : change.drift ? 'drift' : 'compatible'] += 1;
  for (const change of diff.skills ?? []) result[change.breaking ? 'breaking' : change.drift ? 'drift' : 'compatible'] += 1;
  for (const field of diff.handshake) result[field.class] += 1;
  for (const check of diff.conformance?.checks ?? []) if (check.class) result[check.class] += 1;
  return result;
}

export function diffDocument(
  diff: SnapshotDiff,
  sides: { old: unknown; new: unknown },
): Record<string, unknown> {
  const document: Record<string, unknown> = { old: sides.old, new: sides.new };
  for (const kind of listKinds) {
    const keys = jsonKeys[kind];
    document[keys.list] = diff.items[kind].map((change) => ({
      [keys.item]: change.name,
      kind: change.kind,
      breaking: change.breaking,
      drift: change.drift,
      fields: change.fields,
    }));
  }
  if (diff.skills) document.skills = diff.skills.map((change) => ({
    skill: change.name,
    kind: change.kind,
    breaking: change.breaking,
    drift: change.drift,
    fields: change.fields,
  }));
  if (diff.conformance) document.conformance = diff.conformance;
  document.handshake = diff.handshake;
  document.incomplete = diff.incomplete;
  return document;
}
