import { useMemo, useRef, type KeyboardEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { SnapshotDiff } from '../../shared/diff';
import type { CompareSideLabel } from '../store/compareSlice';
import { useLoupeStore } from '../store/store';
import { ChangeDetail } from './ChangeDetail';
import { ChangeList } from './ChangeList';
import { compareLeftWith, toggleClassFilter, toggleKindFilter } from './compareActions';
import { ServerMismatch } from './ServerMismatch';
import { classKeys, CompareFilters, kindKeys } from './CompareFilters';
import { compareRows, filterRows, tally } from './compareRows';
import { CompareSources } from './CompareSources';
import { ConformanceCompare } from './ConformanceCompare';
import { ListChangeHistory } from './ListChangeHistory';
import './compare.css';

function SideHeader({ label, side }: { label: CompareSideLabel; side: string }) {
  return (
    <div className={`compare-side ${label.live ? 'compare-side-live' : ''}`} aria-label={`${side} side`}>
      <div className="muted small">{side}</div>
      <div className="compare-side-title mono">{label.title}</div>
      <div className="muted small">{label.detail}</div>
    </div>
  );
}

function Incomplete({ diff }: { diff: SnapshotDiff }) {
  if (diff.incomplete.length === 0) return null;
  const which = diff.incomplete
    .map((entry) => `${entry.kind} (${entry.side === 'old' ? 'left' : 'right'})`)
    .join(', ');
  return (
    <div className="notice notice-error" role="alert">
      <div className="notice-title">Not every list was read to its end: {which}</div>
      <p className="notice-message">A “removed” item there may only be unread.</p>
    </div>
  );
}

/** Two sides of different servers: said before the diff is read; a snapshot against live offers the right session. */
function DifferentServers({ left, right }: { left: CompareSideLabel; right: CompareSideLabel }) {
  if (left.server === undefined || right.server === undefined || left.server === right.server) return null;
  if (right.live && !left.live)
    return <ServerMismatch recorded={left.server} live={right.server} onCompareWith={compareLeftWith} />;
  return (
    <div className="notice notice-warning" role="status" aria-label="Different servers">
      <div className="notice-title">
        Different servers: <span className="mono">{left.server}</span> (left),{' '}
        <span className="mono">{right.server}</span> (right)
      </div>
      <p className="notice-message">The server names differ: nearly every item shows as added or removed.</p>
    </div>
  );
}

/** The class counts include the conformance checks that changed (the class toggles filter them too). */
function withChecks(counts: Map<string, number>, diff: SnapshotDiff): Map<string, number> {
  for (const check of diff.conformance?.checks ?? [])
    if (check.class) counts.set(check.class, (counts.get(check.class) ?? 0) + 1);
  return counts;
}

const shortcuts: Record<string, () => void> = {
  [classKeys.breaking]: () => toggleClassFilter('breaking'),
  [classKeys.drift]: () => toggleClassFilter('drift'),
  [classKeys.compatible]: () => toggleClassFilter('compatible'),
  [kindKeys.added]: () => toggleKindFilter('added'),
  [kindKeys.removed]: () => toggleKindFilter('removed'),
  [kindKeys.changed]: () => toggleKindFilter('changed'),
};

/** Two records of a server side by side with loupe diff's classification; the session's list_changed history. */
export function CompareView() {
  const { comparison, filter, selected, error } = useLoupeStore(
    useShallow((state) => ({
      comparison: state.comparison,
      filter: state.compareFilter,
      selected: state.compareSelected,
      error: state.compareError,
    })),
  );
  const search = useRef<HTMLInputElement>(null);
  const detail = useRef<HTMLElement>(null);
  const rows = useMemo(() => (comparison ? compareRows(comparison.diff) : []), [comparison]);
  const shown = useMemo(() => filterRows(rows, filter), [rows, filter]);
  const row = shown.find((candidate) => candidate.id === selected) ?? null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (event.altKey || event.ctrlKey || event.metaKey || target.closest('input, textarea, select')) return;
    if (event.key === '/') {
      event.preventDefault();
      search.current?.focus();
    } else if (shortcuts[event.key]) {
      event.preventDefault();
      shortcuts[event.key]();
    } else if (event.key === 'Escape' && target.closest('.compare-detail')) {
      document.querySelector<HTMLElement>('.change-list')?.focus();
    }
  };

  return (
    <div className="compare" onKeyDown={onKeyDown}>
      <CompareSources />
      <ListChangeHistory />
      {error ? (
        <div className="notice notice-error compare-error" role="alert">
          {error}
        </div>
      ) : null}
      {comparison ? (
        <>
          <div className="compare-sides">
            <SideHeader label={comparison.left} side="Old (left)" />
            <span className="compare-arrow" aria-hidden="true">
              →
            </span>
            <SideHeader label={comparison.right} side="New (right)" />
          </div>
          <DifferentServers left={comparison.left} right={comparison.right} />
          <Incomplete diff={comparison.diff} />
          <CompareFilters
            filter={filter}
            classCounts={withChecks(tally(rows, (each) => each.changeClass), comparison.diff)}
            kindCounts={tally(rows, (each) => each.kind)}
            search={search}
          />
          {comparison.diff.conformance ? (
            <ConformanceCompare conformance={comparison.diff.conformance} filter={filter} />
          ) : null}
          {rows.length === 0 ? (
            <p className="empty" role="status">
              No change: both sides list the same items and the same handshake.
            </p>
          ) : (
            <div className="split compare-split">
              <div className="compare-list-column">
                <div className="muted small compare-count" role="status">
                  {shown.length} of {rows.length} changes shown · j/k or ↑/↓ move, Enter opens, b d c a r m
                  toggle filters
                </div>
                <ChangeList rows={shown} selected={row?.id ?? null} onOpen={() => detail.current?.focus()} />
              </div>
              <div className="detail-pane">
                <ChangeDetail ref={detail} row={row} left={comparison.left} right={comparison.right} />
              </div>
            </div>
          )}
        </>
      ) : (
        <p className="empty">
          Choose two sides above — two snapshot files, or a snapshot and the live session — or open a list
          change.
        </p>
      )}
    </div>
  );
}
