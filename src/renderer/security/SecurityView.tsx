import { useShallow } from 'zustand/react/shallow';
import type { Finding } from '../../shared/lint';
import { useLoupeStore } from '../store/store';
import { Evidence } from './Evidence';
import { refreshSecurity } from './securityActions';
import './security.css';

function itemLabel(finding: Finding): string {
  const item = finding.security?.item;
  if (!item) return finding.tool ?? 'server';
  return item.kind === 'instructions' || item.kind === 'server' ? item.kind : `${item.kind} ${item.name}`;
}

/**
 * The security lens of the session: every finding over what the server shows (tools, prompts, resources,
 * templates, instructions) with its evidence, and those that involve other sessions (shadowing) on their own.
 */
export function SecurityView() {
  const { report, error, connected } = useLoupeStore(
    useShallow((state) => ({
      report: state.security,
      error: state.securityError,
      connected: state.status.state === 'connected',
    })),
  );
  if (!connected) return <p className="muted">Connect to a server to see its security findings.</p>;
  const findings = report?.findings ?? [];
  const across = findings.filter((finding) => finding.security?.otherServer !== undefined);
  return (
    <section className="security-view" aria-label="Security">
      <header className="security-header">
        <h2>Security</h2>
        <span className="muted small">
          {report
            ? `${report.server}: ${findings.length} finding${findings.length === 1 ? '' : 's'} · pin ${report.pin?.state ?? 'none'}`
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
