import { useState } from 'react';
import type { ConformanceDiff, ConformanceSide, ConformCheckChange } from '../../shared/diff';
import type { CompareFilter } from '../store/compareSlice';
import { ClassBadge } from './ChangeDetail';

/** The filters' class toggles and words apply to checks too (their kind toggles are the lists' added/removed/changed). */
export function filterChecks(
  checks: readonly ConformCheckChange[],
  filter: CompareFilter,
  showUnchanged: boolean,
): ConformCheckChange[] {
  const words = filter.text.toLowerCase().split(/\s+/).filter(Boolean);
  return checks.filter((change) => {
    if (change.class ? !filter.classes[change.class] : !showUnchanged) return false;
    const text =
      `${change.scenario} ${change.check} ${change.name} ${kindWords[change.kind]} ${change.class ?? ''} conformance`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

const kindWords: Record<ConformCheckChange['kind'], string> = {
  fixed: 'fixed',
  'newly-failing': 'newly failing',
  unchanged: 'unchanged',
  changed: 'status changed',
  new: 'new (not run on the left)',
  'not-run': 'not run on the right',
};

function sideWords(side: ConformanceSide): string {
  if (side.runs === 0) return 'no conformance run';
  return `${side.runs} run${side.runs === 1 ? '' : 's'} at ${side.revisions.join(', ')}`;
}

function CheckRow({ change }: { change: ConformCheckChange }) {
  return (
    <tr className={`conform-change conform-change-${change.kind}`}>
      <td className="mono">{change.scenario}</td>
      <td className="mono" title={change.name}>
        {change.check}
      </td>
      <td>
        {kindWords[change.kind]}
        {change.required ? <span className="muted small"> · required</span> : null}
      </td>
      <td className="mono small">
        {change.before ?? '—'} → {change.after ?? '—'}
      </td>
      <td>{change.class ? <ClassBadge changeClass={change.class} /> : null}</td>
      <td className="small">{change.kind === 'newly-failing' ? (change.errorMessage ?? '') : ''}</td>
    </tr>
  );
}

/** The two sides' conformance results, check by check (core/diff/conformanceDiff.ts classes them). */
export function ConformanceCompare({
  conformance,
  filter,
}: {
  conformance: ConformanceDiff;
  filter: CompareFilter;
}) {
  const [showUnchanged, setShowUnchanged] = useState(false);
  const { counts } = conformance;
  const shown = filterChecks(conformance.checks, filter, showUnchanged);
  return (
    <section className="compare-conformance" aria-label="Conformance compared">
      <header className="compare-conformance-head">
        <h3>Conformance</h3>
        <span role="status">
          {counts.fixed} fixed · {counts['newly-failing']} newly failing · {counts.unchanged} unchanged
          {counts.changed + counts.new + counts['not-run'] > 0
            ? ` · ${counts.changed + counts.new + counts['not-run']} other`
            : ''}
        </span>
        <span className="muted small">
          left: {sideWords(conformance.old)}; right: {sideWords(conformance.new)}
        </span>
        <label className="small">
          <input
            type="checkbox"
            checked={showUnchanged}
            onChange={(event) => setShowUnchanged(event.target.checked)}
          />{' '}
          Show unchanged checks
        </label>
      </header>
      {shown.length === 0 ? (
        <p className="muted small">
          {counts.unchanged === conformance.checks.length
            ? 'Every check has the verdict it had.'
            : 'No check shown: the filters above hide the changed ones.'}
        </p>
      ) : (
        <table className="compare-conformance-table">
          <thead>
            <tr>
              <th scope="col">Scenario</th>
              <th scope="col">Check</th>
              <th scope="col">Verdict</th>
              <th scope="col">Status</th>
              <th scope="col">Class</th>
              <th scope="col">Message</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((change) => (
              <CheckRow key={`${change.scenario}\u0000${change.check}`} change={change} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
