/**
 * What the pin banner says of a pin's diff, bounded whatever the diff's size: counts per class and per list, and the
 * first few changes (breaking first). The whole diff is for the Compare view.
 */
import type { ChangeClass, SnapshotDiff } from '../../shared/diff';
import { listKinds, type ListKind } from '../../shared/lists';

export interface PinRow {
  key: string;
  label: string;
  change: string;
  kind: ChangeClass;
}

export interface PinSummary {
  byClass: Record<ChangeClass, number>;
  /** Per list with changes: how many added, removed, changed ("tools: 2,980 removed, 3 added"). */
  byList: { kind: ListKind; added: number; removed: number; changed: number }[];
  handshake: number;
  /** At most `shown` rows, breaking first. */
  rows: PinRow[];
  /** Rows in all (the banner says how many it leaves to Compare). */
  total: number;
}

const order: Record<ChangeClass, number> = { breaking: 0, drift: 1, compatible: 2 };

/** The first `shown` rows without building them all: a 3,000-tool pin is 3,000 rows otherwise. */
export function pinSummary(diff: SnapshotDiff, shown = 5): PinSummary {
  const byClass: Record<ChangeClass, number> = { breaking: 0, drift: 0, compatible: 0 };
  const buckets: Record<ChangeClass, PinRow[]> = { breaking: [], drift: [], compatible: [] };
  let total = 0;
  const add = (row: PinRow): void => {
    byClass[row.kind] += 1;
    total += 1;
    if (buckets[row.kind].length < shown) buckets[row.kind].push(row);
  };
  for (const field of diff.handshake)
    add({ key: field.path, label: field.path, change: field.summary, kind: field.class });
  const byList: PinSummary['byList'] = [];
  for (const kind of listKinds) {
    const items = diff.items[kind];
    if (items.length === 0) continue;
    const counts = { kind, added: 0, removed: 0, changed: 0 };
    for (const item of items) {
      counts[item.kind] += 1;
      if (item.kind === 'changed') {
        for (const field of item.fields)
          add({
            key: `${kind}/${item.name}/${field.path}`,
            label: `${kind} ${item.name} · ${field.path}`,
            change: field.summary,
            kind: field.class,
          });
      } else {
        add({
          key: `${kind}/${item.name}`,
          label: `${kind} ${item.name}`,
          change: item.kind,
          kind: item.kind === 'removed' ? 'breaking' : 'compatible',
        });
      }
    }
    byList.push(counts);
  }
  const rows = (Object.keys(order) as ChangeClass[])
    .sort((left, right) => order[left] - order[right])
    .flatMap((changeClass) => buckets[changeClass])
    .slice(0, shown);
  return { byClass, byList, handshake: diff.handshake.length, rows, total };
}
