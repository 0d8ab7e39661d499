/** One step's result in the Collections view: its status, each assertion with expected, actual and the diff. */
import type { AssertionResult, StepResult } from '../../shared/collections';
import { showFrames } from './collectionActions';

function Assertion({ assertion }: { assertion: AssertionResult }) {
  const changed = assertion.diff?.some((line) => line.op !== 'same') ?? false;
  return (
    <li className={assertion.passed ? 'assertion passed' : 'assertion failed'}>
      <span aria-label={assertion.passed ? 'passed' : 'failed'}>{assertion.passed ? '✓' : '✗'}</span>{' '}
      {assertion.name}
      {assertion.message && !assertion.passed ? `: ${assertion.message}` : ''}
      {!assertion.passed && changed && (
        <pre className="assertion-diff" aria-label={`Diff of ${assertion.name}`}>
          {'--- expected  +++ actual\n'}
          {assertion.diff?.map((line, index) => (
            <span key={index} className={`diff-${line.op}`}>
              {line.op === 'same' ? '  ' : line.op === 'removed' ? '- ' : '+ '}
              {line.text}
              {'\n'}
            </span>
          ))}
        </pre>
      )}
      {!assertion.passed &&
        !changed &&
        (assertion.expected !== undefined || assertion.actual !== undefined) && (
          <dl className="assertion-values">
            {assertion.expected !== undefined && (
              <>
                <dt>expected</dt>
                <dd>
                  <code>{JSON.stringify(assertion.expected)}</code>
                </dd>
              </>
            )}
            {assertion.actual !== undefined && (
              <>
                <dt>actual</dt>
                <dd>
                  <code>{JSON.stringify(assertion.actual)}</code>
                </dd>
              </>
            )}
          </dl>
        )}
    </li>
  );
}

export function StepReport({ result }: { result: StepResult }) {
  const latency =
    result.latency && result.latency.count > 1
      ? ` · p50 ${result.latency.p50} ms, p95 ${result.latency.p95} ms, max ${result.latency.max} ms`
      : '';
  return (
    <div className={`step-report ${result.status}`} aria-label={`Result of ${result.name}`}>
      <div>
        <strong className={`step-status ${result.status}`}>{result.status}</strong>{' '}
        <span className="muted small">
          {Math.round(result.ms)} ms{latency}
        </span>
        {result.requestSeq !== undefined && (
          <>
            {' '}
            <button type="button" className="link" onClick={() => showFrames(result.requestSeq ?? 0)}>
              Frames #{result.requestSeq}
              {result.responseSeq !== undefined ? ` → #${result.responseSeq}` : ''}
            </button>
          </>
        )}
      </div>
      {result.skippedBecause && <p className="muted small">skipped: {result.skippedBecause}</p>}
      {result.error && (
        <p className="assertion failed" role="alert">
          {result.error.kind}: {result.error.message}
        </p>
      )}
      {result.assertions.length > 0 && (
        <ul className="assertions">
          {result.assertions.map((assertion, index) => (
            <Assertion key={index} assertion={assertion} />
          ))}
        </ul>
      )}
    </div>
  );
}
