/**
 * Conformance: the official suite's server scenarios against the session's server. Pick scenarios (the revision's
 * requirement set by default), run, follow the progress; results per scenario with ✓/✗ per check, and each
 * check's frames one click away in Traffic. Installing the suite is a button the person presses, never implicit.
 */
import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ConformCheck, ConformScenario } from '../../shared/conform';
import { useLoupeStore } from '../store/store';
import { loadConformChoices, pickRequired, requirementSet, runConform, showConformFrames, statusesOf, toggleScenario } from './conformActions';
import './conform.css';

const marks: Record<ConformCheck['status'], string> = { SUCCESS: '✓', FAILURE: '✗', WARNING: '!', SKIPPED: '–', INFO: 'i' };
const words: Record<ConformCheck['status'], string> = { SUCCESS: 'passed', FAILURE: 'failed', WARNING: 'warning', SKIPPED: 'skipped', INFO: 'info' };

function Check({ check, was }: { check: ConformCheck; was: string | undefined }) {
  return (
    <li className={`conform-check ${check.status.toLowerCase()}`}>
      <span className="conform-mark" aria-label={words[check.status]}>
        {marks[check.status]}
      </span>{' '}
      <code>{check.id}</code>
      {check.status !== 'SUCCESS' && check.errorMessage ? <span className="conform-message">: {check.errorMessage}</span> : null}
      {was !== undefined && was !== check.status ? (
        <span className="badge conform-was">was {words[was as ConformCheck['status']] ?? was}</span>
      ) : null}
      <span className="conform-frames">
        {check.frames.length === 0 ? (
          <span className="muted small">no frames</span>
        ) : (
          check.frames.slice(0, 8).map((seq) => (
            <button key={seq} type="button" className="link" onClick={() => showConformFrames(seq)} aria-label={`Frame ${seq} of ${check.id}`}>
              #{seq}
            </button>
          ))
        )}
        {check.frames.length > 8 ? <span className="muted small"> +{check.frames.length - 8}</span> : null}
      </span>
    </li>
  );
}

function ScenarioResult({ scenario, before }: { scenario: ConformScenario; before: Map<string, string> }) {
  const seen = new Map<string, number>();
  const failed = scenario.checks.some((check) => check.status === 'FAILURE');
  return (
    <section className={`conform-scenario ${failed ? 'failed' : 'passed'}`} aria-label={`Scenario ${scenario.name}`}>
      <h3>
        <span aria-label={failed ? 'failed' : 'passed'}>{failed ? '✗' : '✓'}</span> {scenario.name}
        {!scenario.scored && <span className="badge">not scored: {scenario.notScoredReason ?? 'not required'}</span>}
      </h3>
      <ul>
        {scenario.checks.map((check, index) => {
          const nth = seen.get(check.id) ?? 0;
          seen.set(check.id, nth + 1);
          return <Check key={`${check.id}-${index}`} check={check} was={before.get(`${scenario.name}/${check.id}/${nth}`)} />;
        })}
      </ul>
    </section>
  );
}

export function ConformView() {
  const { conform, connected } = useLoupeStore(useShallow((state) => ({ conform: state.conform, connected: state.status.state === 'connected' })));
  const { choices, loading, running, progress, report, error } = conform;
  useEffect(() => {
    if (connected && !choices && !loading) void loadConformChoices();
  }, [connected, choices, loading]);

  if (!connected && !report) return <p className="empty">Connect to a server to judge it with the conformance suite.</p>;
  if (!choices) return <p className="empty">{error ? `Could not read the suite: ${error.message}` : 'Reading the conformance suite…'}</p>;
  // One list for the ticks, the legend's count, the button's count and the run: the requirement set runs its
  // not-scored scenarios too, so they are ticked (and counted) with it.
  const picked = conform.picked ?? requirementSet(choices);
  const results = running ? conform.finished : (report?.scenarios ?? []);
  const before = statusesOf(conform.previous);
  const now = statusesOf(report);
  let fixed = 0;
  let broke = 0;
  for (const [key, status] of now) {
    const was = before.get(key);
    if (was === 'FAILURE' && status === 'SUCCESS') fixed += 1;
    if (was !== undefined && was !== 'FAILURE' && status === 'FAILURE') broke += 1;
  }
  const required = choices.scenarios.filter((item) => item.required);
  const others = choices.scenarios.filter((item) => !item.required);
  const picker = (items: typeof required) =>
    items.map((item) => (
      <label key={item.name} className="conform-pick">
        <input type="checkbox" checked={picked.includes(item.name)} disabled={running} onChange={() => toggleScenario(item.name)} /> {item.name}
        {item.notScoredReason ? <span className="muted small"> ({item.notScoredReason})</span> : null}
      </label>
    ));
  return (
    <div className="conform-view">
      <header className="conform-head">
        <h2>Conformance</h2>
        <p>
          Judged at <strong>{choices.revision}</strong> ({choices.revisionReason}) by the official suite
          {choices.suite ? ` ${choices.suite}` : ''}.
        </p>
        {choices.bridge && <p className="muted small">Note: {choices.bridge}.</p>}
      </header>
      {choices.missing ? (
        <div className="conform-install" role="region" aria-label="Install the suite">
          <p>
            Loupe needs {choices.missing} to run the suite. Installing runs npm once for {choices.install?.join(' and ')} into Loupe&apos;s cache.
          </p>
          <button type="button" disabled={running} onClick={() => void runConform(true)}>
            Install and run
          </button>
          {conform.installLog.length > 0 && <pre className="conform-log">{conform.installLog.join('\n')}</pre>}
        </div>
      ) : (
        <fieldset className="conform-picker" disabled={running}>
          <legend>Scenarios ({picked.length} chosen)</legend>
          <div className="conform-group" aria-label={`Required by ${choices.revision}`}>
            <h3>Required by {choices.revision}</h3>
            {picker(required)}
          </div>
          {others.length > 0 && (
            <div className="conform-group" aria-label="Not scored">
              <h3>Run but not scored</h3>
              {picker(others)}
            </div>
          )}
          <div className="conform-actions">
            <button type="button" onClick={() => pickRequired()}>
              Requirement set
            </button>
            <button type="button" className="primary" disabled={running || picked.length === 0} onClick={() => void runConform()}>
              {running ? 'Running…' : `Run ${picked.length} scenario${picked.length === 1 ? '' : 's'}`}
            </button>
          </div>
        </fieldset>
      )}
      {running && (
        <div className="conform-progress" role="status">
          <progress value={progress?.index ?? 0} max={progress?.total ?? picked.length} />{' '}
          {progress ? `Running ${progress.scenario} (${progress.index} of ${progress.total})` : 'Starting the suite…'}
        </div>
      )}
      {error && !running && (
        <p className="assertion failed" role="alert">
          {error.kind}: {error.message}
        </p>
      )}
      {report?.fixtures && !running && (
        <p className="conform-fixtures" role="note">
          Note: {report.fixtures}.
        </p>
      )}
      {report && !running && (
        <p className="conform-summary" role="status">
          {report.counts.passed} passed, {report.counts.failed} failed ({report.counts.requiredFailed} required), {report.counts.warnings} warnings in{' '}
          {report.scenarios.length} scenarios: <strong>{report.passed ? 'PASSED' : 'FAILED'}</strong>
        </p>
      )}
      {report && conform.previous && !running && (
        <p className="conform-since muted">
          Since the run of {new Date(conform.previous.startedAt).toLocaleTimeString()}: {fixed} fixed, {broke} newly failing.
        </p>
      )}
      <div className="conform-results">
        {results.map((scenario) => (
          <ScenarioResult key={scenario.name} scenario={scenario} before={before} />
        ))}
      </div>
    </div>
  );
}
