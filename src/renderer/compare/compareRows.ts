/**
 * A comparison as the rows the Compare view lists: one per changed item of each list and one per handshake
 * field, each with one class (breaking over drift over compatible), breaking rows first as `loupe diff` prints.
 */
import type { ChangeClass, FieldChange, ItemChange, ItemChangeKind, SnapshotDiff } from '../../shared/diff';
import { listKinds, type ListKind } from '../../shared/lists';
import type { CompareFilter } from '../store/compareSlice';

export type RowList = ListKind | 'handshake';

export interface CompareRow {
  id: string;
  list: RowList;
  name: string;
  kind: ItemChangeKind;
  changeClass: ChangeClass;
  fields: FieldChange[];
}

export const classOrder: readonly ChangeClass[] = ['breaking', 'drift', 'compatible'];
export const kindOrder: readonly ItemChangeKind[] = ['added', 'removed', 'changed'];

export function itemClass(change: ItemChange): ChangeClass {
  return change.breaking ? 'breaking' : change.drift ? 'drift' : 'compatible';
}

function handshakeRow(field: FieldChange): CompareRow {
  const kind: ItemChangeKind =
    field.before === undefined ? 'added' : field.after === undefined ? 'removed' : 'changed';
  return {
    id: `handshake:${field.path}`,
    list: 'handshake',
    name: field.path,
    kind,
    changeClass: field.class,
    fields: [field],
  };
}

export function compareRows(diff: SnapshotDiff): CompareRow[] {
  const rows: CompareRow[] = [];
  for (const list of listKinds) {
    for (const change of diff.items[list]) {
      rows.push({
        id: `${list}:${change.kind}:${change.name}`,
        list,
        name: change.name,
        kind: change.kind,
        changeClass: itemClass(change),
        fields: change.fields,
      });
    }
  }
  rows.push(...diff.handshake.map(handshakeRow));
  // A stable sort: within a class, lists keep their order and items the order the diff found them in.
  return rows.sort((a, b) => classOrder.indexOf(a.changeClass) - classOrder.indexOf(b.changeClass));
}

function haystack(row: CompareRow): string {
  const fields = row.fields.map((field) => `${field.path} ${field.summary}`).join(' ');
  return `${row.name} ${row.list} ${row.kind} ${row.changeClass} ${fields}`.toLowerCase();
}

export function filterRows(rows: readonly CompareRow[], filter: CompareFilter): CompareRow[] {
  const words = filter.text.toLowerCase().split(/\s+/).filter(Boolean);
  return rows.filter((row) => {
    if (!filter.classes[row.changeClass] || !filter.kinds[row.kind]) return false;
    if (words.length === 0) return true;
    const text = haystack(row);
    return words.every((word) => text.includes(word));
  });
}

export function tally<K extends string>(
  rows: readonly CompareRow[],
  key: (row: CompareRow) => K,
): Map<K, number> {
  const counts = new Map<K, number>();
  for (const row of rows) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
  return counts;
}

export const listLabels: Record<RowList, string> = {
  tools: 'tool',
  resources: 'resource',
  templates: 'template',
  prompts: 'prompt',
  handshake: 'handshake',
};
