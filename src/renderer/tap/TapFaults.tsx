/**
 * Faults for a live tapped session: rules in `--fault` form that the tap applies from the next message on. Each
 * fault it injects comes back marked in Traffic ("fault") and in the tap's journal.
 */
import { useState } from 'react';
import type { TapInfo } from '../../shared/session';
import { setTapFaults } from './tapActions';

const example = 'in,method=tools/call:error=-32000';

export function TapFaults({ tapped, live }: { tapped: TapInfo; live: boolean }) {
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const rules = tapped.faults ?? [];
  const send = async (next: string[]) => {
    setBusy(true);
    const refused = await setTapFaults(next);
    setBusy(false);
    setProblem(refused);
    if (!refused) setDraft('');
  };
  return (
    <section className="tap-faults" aria-label="Tap faults">
      <h3 className="card-subtitle">Faults on this tap</h3>
      <p className="muted small">
        The tap injects them between the host and the server from the next message on; each one is marked “fault” in
        Traffic and in the tap&apos;s journal.
      </p>
      {rules.length > 0 ? (
        <ul className="tap-fault-rules">
          {rules.map((rule, index) => (
            <li key={`${index}:${rule}`} className="small">
              <span className="mono">{rule}</span>{' '}
              <button
                type="button"
                aria-label={`Remove fault rule ${rule}`}
                disabled={!live || busy}
                onClick={() => void send(rules.filter((_, at) => at !== index))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted small">No fault rules set from Loupe.</p>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (draft.trim()) void send([...rules, draft.trim()]);
        }}
      >
        <label className="small" htmlFor="tap-fault-rule">
          Fault rule
        </label>
        <input
          id="tap-fault-rule"
          className="mono"
          value={draft}
          placeholder={example}
          disabled={!live}
          onChange={(event) => setDraft(event.target.value)}
        />
        <div className="button-row">
          <button type="submit" disabled={!live || busy || !draft.trim()}>
            Add fault
          </button>
          <button type="button" disabled={!live || busy || rules.length === 0} onClick={() => void send([])}>
            Clear faults
          </button>
        </div>
      </form>
      {problem ? (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      ) : null}
      {!live ? <p className="muted small">The tap has ended: no faults can be set.</p> : null}
    </section>
  );
}
