/**
 * Collections: open, edit and save a loupe.collection/1 file, run one step or all on the shown session, and read
 * each step's pass/fail per assertion with expected-vs-actual diffs and links to its frames in Traffic. The same
 * file runs in CI with `loupe test`.
 */
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { FilePicker } from '../components/FilePicker';
import { useLoupeStore } from '../store/store';
import {
  newCollection,
  openCollectionFile,
  runCollection,
  saveCollectionFile,
  setCollectionText,
} from './collectionActions';
import { StepReport } from './StepReport';
import './collections.css';

interface StepLine {
  name: string;
  method: string;
}

function stepsOf(text: string): StepLine[] | undefined {
  try {
    const parsed = JSON.parse(text) as { steps?: unknown };
    if (!Array.isArray(parsed.steps)) return undefined;
    return parsed.steps.map((step: unknown, index) => {
      const record = (step ?? {}) as { name?: unknown; method?: unknown };
      return {
        name: typeof record.name === 'string' ? record.name : `step ${index + 1}`,
        method: typeof record.method === 'string' ? record.method : '?',
      };
    });
  } catch {
    return undefined;
  }
}

export function CollectionsView() {
  const { name, text, report, error, running, connected } = useLoupeStore(
    useShallow((state) => ({
      name: state.collectionName,
      text: state.collectionText,
      report: state.collectionReport,
      error: state.collectionError,
      running: state.collectionRunning,
      connected: state.status.state === 'connected',
    })),
  );
  const steps = useMemo(() => stepsOf(text), [text]);
  const busy = running !== null;
  return (
    <section className="collections-view" aria-label="Collections">
      <div className="collections-toolbar">
        <button type="button" onClick={newCollection}>
          New
        </button>{' '}
        <FilePicker
          inputLabel="Collection file"
          testId="collection-file"
          onFile={(file) => void openCollectionFile(file)}
        >
          Open…
        </FilePicker>{' '}
        <button type="button" onClick={saveCollectionFile} disabled={text === ''}>
          Save {name}
        </button>{' '}
        <button
          type="button"
          onClick={() => void runCollection()}
          disabled={busy || !connected || text === ''}
        >
          {running === 'all' ? 'Running…' : 'Run all'}
        </button>
        {!connected && <span className="muted small"> — connect to run</span>}
      </div>
      {text === '' ? (
        <p className="muted">
          No collection open. Open a file, start a new one, or use “Save to collection” on a call in Tools.
        </p>
      ) : (
        <div className="collections-body">
          <textarea
            aria-label="Collection JSON"
            className="collection-text"
            spellCheck={false}
            value={text}
            onChange={(event) => setCollectionText(event.target.value)}
          />
          <div className="collection-steps">
            {error && (
              <pre className="collection-error" role="alert">
                {error.kind}: {error.message}
              </pre>
            )}
            {report && (
              <p className="collection-summary" aria-label="Run summary">
                {report.counts.passed} passed, {report.counts.failed} failed, {report.counts.error} errors,{' '}
                {report.counts.skipped} skipped
              </p>
            )}
            {steps === undefined ? (
              <p className="muted">The collection is not JSON with a "steps" array yet.</p>
            ) : (
              <ol className="collection-step-list">
                {steps.map((step) => {
                  const result = report?.steps.find((candidate) => candidate.name === step.name);
                  return (
                    <li key={step.name} aria-label={`Step ${step.name}`}>
                      <div className="collection-step-head">
                        <strong>{step.name}</strong> <span className="muted small">{step.method}</span>{' '}
                        <button
                          type="button"
                          onClick={() => void runCollection([step.name])}
                          disabled={busy || !connected}
                        >
                          Run step
                        </button>
                      </div>
                      {result && <StepReport result={result} />}
                    </li>
                  );
                })}
              </ol>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
