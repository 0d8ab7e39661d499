import type { ChangeClass } from '../../shared/diff';
import { showComparison } from '../compare/compareActions';
import { useLoupeStore } from '../store/store';
import { pinSummary } from './pinSummary';
import { acceptPin } from './securityActions';
import './pinBanner.css';

const classes: ChangeClass[] = ['breaking', 'drift', 'compatible'];

function count(value: number): string {
  return value.toLocaleString('en-US');
}

/**
 * Shown as soon as the session's tools are listed, before anything is called: what the server shows changed since
 * it was pinned (trust on first use). Bounded whatever the change: counts per class and per list and the first few
 * changes, breaking first; "Show all in Compare" opens the whole diff there. Accept it as the new pin after review.
 * Its styles load with it (it is on every page, not in a view loaded later).
 */
export function PinBanner() {
  const pin = useLoupeStore((state) => state.security?.pin ?? null);
  if (pin?.state !== 'changed') return null;
  const summary = pinSummary(pin.diff);
  const perClass = classes
    .filter((changeClass) => summary.byClass[changeClass] > 0)
    .map((changeClass) => `${count(summary.byClass[changeClass])} ${changeClass}`)
    .join(', ');
  const perList = [
    ...(summary.handshake > 0 ? [`handshake: ${count(summary.handshake)} changed`] : []),
    ...summary.byList.map((list) => {
      const parts = (['removed', 'added', 'changed'] as const)
        .filter((kind) => list[kind] > 0)
        .map((kind) => `${count(list[kind])} ${kind}`);
      return `${list.kind}: ${parts.join(', ')}`;
    }),
  ].join(' · ');
  const more = summary.total - summary.rows.length;
  const openAll = () =>
    showComparison({
      left: { title: 'Pinned', detail: `pinned or last accepted ${pin.pin.pinnedAt}`, live: false },
      right: { title: 'Now', detail: 'this session, as listed', live: true },
      diff: pin.diff,
    });
  return (
    <div className="pin-banner" role="alert" aria-label="Pin changed">
      <div className="pin-body">
        <div>
          <strong>This server changed since it was pinned</strong> ({pin.pin.pinnedAt}): {count(pin.changes)}{' '}
          change
          {pin.changes === 1 ? '' : 's'}
          {perClass === '' ? '' : ` (${perClass})`}. Review before calling anything.
        </div>
        {perList === '' ? null : <div className="pin-counts small">{perList}</div>}
        <ul className="pin-changes">
          {summary.rows.map((row) => (
            <li key={row.key}>
              <span className={`badge change-${row.kind}`}>{row.kind}</span>{' '}
              <span className="mono small">{row.label}</span>:{' '}
              <span className="mono small">{row.change}</span>
            </li>
          ))}
        </ul>
        {more > 0 ? <div className="small pin-more">… and {count(more)} more.</div> : null}
      </div>
      <div className="pin-actions">
        <button type="button" onClick={openAll}>
          Show all in Compare
        </button>
        <button type="button" onClick={() => void acceptPin()}>
          Accept as the new pin
        </button>
      </div>
    </div>
  );
}
