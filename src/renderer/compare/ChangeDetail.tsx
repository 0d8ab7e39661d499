import { forwardRef } from 'react';
import type { FieldChange, WordPart } from '../../shared/diff';
import { JsonView } from '../components/JsonView';
import type { CompareSideLabel } from '../store/compareSlice';
import { listLabels, type CompareRow } from './compareRows';
import { WordDiff } from './WordDiff';

const classBadges = { breaking: 'badge-error', drift: 'badge-warning', compatible: 'badge-added' } as const;

export function ClassBadge({ changeClass }: { changeClass: CompareRow['changeClass'] }) {
  return <span className={`badge ${classBadges[changeClass]}`}>{changeClass}</span>;
}

function Value({ value, side }: { value: FieldChange['before']; side: string }) {
  if (value === undefined) return <span className="muted">absent</span>;
  if (typeof value === 'string') return <div className="prose-text compare-text">{value}</div>;
  return <JsonView value={value} label={side} />;
}

/** What moved in a word diff, to read: "added", "removed", or "removed and added". */
function whatMoved(parts: readonly WordPart[]): string {
  const added = parts.some((part) => part.op === 'added');
  const removed = parts.some((part) => part.op === 'removed');
  if (added && removed) return 'removed and added';
  return removed ? 'removed' : 'added';
}

/** A description (or instructions) that moved: the word diff first and large, as this is where rug pulls hide. */
function TextDrift({ field }: { field: FieldChange }) {
  return (
    <div className={`text-drift text-drift-${field.class}`}>
      <div className="text-drift-title">
        <strong>{field.path}</strong> changed
        {field.class === 'drift' ? (
          <span className="muted">
            {' '}
            — the words around an unchanged contract moved: read what was {whatMoved(field.words ?? [])}
          </span>
        ) : null}
      </div>
      <WordDiff parts={field.words ?? []} label={`${field.path} word diff`} />
    </div>
  );
}

function FieldRow({ field, sides }: { field: FieldChange; sides: { left: string; right: string } }) {
  return (
    <li className="field-change">
      <div className="field-change-head">
        <span className="mono">{field.path}</span>
        <span className="field-change-summary mono">{field.summary}</span>
        <ClassBadge changeClass={field.class} />
      </div>
      {field.words ? <TextDrift field={field} /> : null}
      <div className="before-after">
        <div>
          <div className="before-after-label">Before · {sides.left}</div>
          <Value value={field.before} side={`${field.path} before`} />
        </div>
        <div>
          <div className="before-after-label">After · {sides.right}</div>
          <Value value={field.after} side={`${field.path} after`} />
        </div>
      </div>
    </li>
  );
}

const kindNotes = {
  added: 'Only on the right (new) side.',
  removed: 'Only on the left (old) side: a client that uses it fails against the new side.',
  changed: '',
} as const;

interface ChangeDetailProps {
  row: CompareRow | null;
  left: CompareSideLabel;
  right: CompareSideLabel;
}

/** The fields of one change, before → after, descriptions as a word diff. Enter in the list moves focus here. */
export const ChangeDetail = forwardRef<HTMLElement, ChangeDetailProps>(function ChangeDetail(
  { row, left, right },
  ref,
) {
  if (!row) {
    return (
      <section className="detail compare-detail" aria-label="Change detail" tabIndex={-1} ref={ref}>
        <p className="empty">Select a change (↑/↓ or j/k, Enter).</p>
      </section>
    );
  }
  // Text drift first: a changed description is the one to read before anything else.
  const fields = [...row.fields].sort(
    (a, b) => Number(b.words !== undefined) - Number(a.words !== undefined),
  );
  return (
    <section className="detail compare-detail" aria-label="Change detail" tabIndex={-1} ref={ref}>
      <header className="detail-header">
        <h2 className="mono">{row.name || '(no name)'}</h2>
        <div className="compare-detail-line">
          <span className="chip">{listLabels[row.list]}</span>
          <span className="chip">{row.kind}</span>
          <ClassBadge changeClass={row.changeClass} />
        </div>
        {kindNotes[row.kind] ? <p className="muted small">{kindNotes[row.kind]}</p> : null}
      </header>
      {fields.length > 0 ? (
        <ul className="field-changes" aria-label="Changed fields">
          {fields.map((field) => (
            <FieldRow key={field.path} field={field} sides={{ left: left.title, right: right.title }} />
          ))}
        </ul>
      ) : null}
    </section>
  );
});
