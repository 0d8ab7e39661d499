import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useLoupeStore } from '../store/store';
import { AllSessionsSecurity } from './AllSessionsSecurity';
import { Evidence } from './Evidence';
import { itemLabel } from './itemLabel';
import { refreshSecurity } from './securityActions';
import './security.css';

type Scope = 'session' | 'all';
/** The scope last chosen: coming back to the tab (after selecting a finding elsewhere) keeps it. */
let lastScope: Scope = 'session';

function ScopeSwitch({ scope, onScope }: { scope: Scope; onScope: (scope: Scope) => void }) {
  const options: { value: Scope; label: string }[] = [
    { value: 'session', label: 'This session' },
    { value: 'all', label: 'All sessions' },
  ];
  return (
    <div role="group" aria-label="Security scope" className="security-scope">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={scope === option.value}
          onClick={() => onScope(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

/**
 * The security lens of the session: every finding over what the server shows (tools, prompts, resources,
 * templates, instructions) with its evidence, and those that involve other sessions (shadowing) on their own.
 */
export function SecurityView() {
  const [scope, setScope] = useState<Scope>(lastScope);
  const choose = (next: Scope) => {
    lastScope = next;
    setScope(next);
  };
  const { report, error, connected } = useLoupeStore(
    useShallow((state) => ({
      report: state.security,
      error: state.securityError,
      connected: state.status.state === 'connected',
    })),
  );
  if (scope === 'all')
    return (
      <section className="security-view" aria-label="Security">
        <header className="security-header">
          <h2>Security</h2>
          <ScopeSwitch scope={scope} onScope={choose} />
        </header>
        <AllSessionsSecurity />
      </section>
    );
  if (!connected)
    return (
      <section className="security-view" aria-label="Security">
        <ScopeSwitch scope={scope} onScope={choose} />
        <p className="muted">Connect to a server to see its security findings.</p>
      </section>
    );
  const findings = report?.findings ?? [];
  const across = findings.filter((finding) => finding.security?.otherServer !== undefined);
  return (
    <section className="security-view" aria-label="Security">
      <header className="security-header">
        <h2>Security</h2>
        <ScopeSwitch scope={scope} onScope={choose} />
        <span className="muted small">
          {report
            ? `${report.server}: ${findings.length} finding${findings.length === 1 ? '' : 's'} · pin ${report.pin?.state ?? (report.incomplete.some((kind) => kind !== 'skills') ? 'not checked: a list did not read to the end' : 'none')}`
            : 'not scanned yet'}
        </span>
        <button type="button" onClick={() => void refreshSecurity()}>
          Scan again
        </button>
      </header>
      {error ? <p className="banner banner-error">{error}</p> : null}
      {report && findings.length === 0 ? (
        <p>No findings: nothing this server shows looks aimed at the model.</p>
      ) : null}
      {across.length > 0 ? (
        <>
          <h3>Across sessions</h3>
          <ul className="findings">
            {across.map((finding, position) => (
              <li key={position} className={`finding finding-${finding.severity}`}>
                <span className={`badge badge-${finding.severity}`}>{finding.severity}</span>{' '}
                <span className="mono small">{finding.code}</span> {itemLabel(finding)} ↔{' '}
                {finding.security?.otherServer}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <ul className="findings security-findings">
        {findings.map((finding, position) => (
          <li key={position} className={`finding finding-${finding.severity}`}>
            <div>
              <span className={`badge badge-${finding.severity}`}>{finding.severity}</span>{' '}
              <span className="mono small">{finding.code}</span>{' '}
              <strong className="mono small">{itemLabel(finding)}</strong>
            </div>
            <div>{finding.message}</div>
            <Evidence finding={finding} />
          </li>
        ))}
      </ul>
    </section>
  );
}
