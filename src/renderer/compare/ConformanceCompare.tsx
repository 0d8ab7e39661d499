import { useState } from 'react';
import type { ConformanceDiff, ConformanceSide, ConformCheckChange } from '../../shared/diff';
import { ClassBadge } from './ChangeDetail';

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
export function ConformanceCompare({ conformance }: { conformance: ConformanceDiff }) {
  const [showUnchanged, setShowUnchanged] = useState(false);
  const { counts } = conformance;
  const shown = conformance.checks.filter((change) => showUnchanged || change.kind !== 'unchanged');
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
        <p className="muted small">Every check has the verdict it had.</p>
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
