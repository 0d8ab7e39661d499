import { useShallow } from 'zustand/react/shallow';
import { namingConventions, summaryFields, type Finding } from '../../shared/lint';
import type { LogEntry } from '../../shared/session';
import { Field } from '../components/Field';
import { HandshakeView } from '../components/HandshakeView';
import { formatCount } from '../lib/format';
import { selectHandshake, selectLint } from '../store/selectors';
import { useLoupeStore } from '../store/store';
import { ServerCost } from '../portability/CostSummary';
import { SessionCard } from '../components/SessionCard';

function share(count: number, total: number): string {
  return total === 0 ? '—' : `${Math.round((count / total) * 100)}%`;
}

/** The session's connection, the handshake and the lint summary: the per-server field table and naming shares. */
export function ServerView() {
  const { handshake, lint, logs, requestTimeoutMs } = useLoupeStore(
    useShallow((state) => ({
      handshake: selectHandshake(state),
      lint: selectLint(state),
      logs: state.logs,
      requestTimeoutMs:
        state.status.state === 'connected' && !state.snapshotView ? state.status.requestTimeoutMs : undefined,
    })),
  );
  const summary = lint?.summary;
  return (
    <div className="server-view">
      <SessionCard />
      <Field label="Handshake">
        {handshake ? (
          <HandshakeView
            handshake={handshake}
            {...(requestTimeoutMs !== undefined ? { requestTimeoutMs } : {})}
          />
        ) : (
          <p className="empty">Not connected.</p>
        )}
        <ServerCost />
      </Field>
      {summary ? (
        <div className="summary-grid">
          <Field label={`Fields across ${formatCount(summary.toolCount)} tools`}>
            <table className="data-table" aria-label="Tool fields">
              <thead>
                <tr>
                  <th>Field</th>
                  <th className="num">Tools</th>
                  <th className="num">Share</th>
                  <th aria-hidden="true" />
                </tr>
              </thead>
              <tbody>
                {summaryFields.map((field) => (
                  <tr key={field}>
                    <td className="mono">{field}</td>
                    <td className="num">{formatCount(summary.fields[field])}</td>
                    <td className="num">{share(summary.fields[field], summary.toolCount)}</td>
                    <td className="bar-cell">
                      <span
                        className="bar"
                        style={{ width: share(summary.fields[field], summary.toolCount).replace('—', '0%') }}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Field>
          <Field label="Naming">
            <table className="data-table" aria-label="Naming conventions">
              <tbody>
                {namingConventions.map((convention) => (
                  <tr key={convention}>
                    <td className="mono">{convention}</td>
                    <td className="num">{formatCount(summary.naming[convention])}</td>
                    <td className="num">{share(summary.naming[convention], summary.toolCount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {summary.nameLength ? (
              <p className="muted small">
                Name length {summary.nameLength.min}–{summary.nameLength.max}, median{' '}
                {summary.nameLength.median}
              </p>
            ) : null}
          </Field>
        </div>
      ) : null}
      {lint ? <FindingsTable findings={lint.findings} /> : null}
      <ServerLog logs={logs} />
    </div>
  );
}

function FindingsTable({ findings }: { findings: Finding[] }) {
  return (
    <Field label={`Findings (${formatCount(findings.length)})`}>
      {findings.length === 0 ? (
        <p className="muted">No findings.</p>
      ) : (
        <table className="data-table" aria-label="Findings">
          <tbody>
            {findings.slice(0, 500).map((finding, position) => (
              <tr key={position}>
                <td>
                  <span className={`badge badge-${finding.severity}`}>{finding.severity}</span>
                </td>
                <td className="mono small">{finding.code}</td>
                <td className="mono">{finding.tool ?? ''}</td>
                <td>{finding.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {findings.length > 500 ? <p className="muted small">First 500 shown.</p> : null}
    </Field>
  );
}

/** notifications/message as the server sent them: level and logger as given, data as text. */
function ServerLog({ logs }: { logs: LogEntry[] }) {
  return (
    <Field label={`Server log (${formatCount(logs.length)})`}>
      {logs.length === 0 ? (
        <p className="muted">No log messages yet.</p>
      ) : (
        <table className="data-table" aria-label="Server log">
          <tbody>
            {logs.map((entry, position) => (
              <tr key={position}>
                <td className="num mono small">{(entry.t / 1000).toFixed(3)} s</td>
                <td className="mono small">{entry.level}</td>
                <td className="mono small">{entry.logger ?? ''}</td>
                <td className="mono small prose-text">
                  {typeof entry.data === 'string' ? entry.data : JSON.stringify(entry.data)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Field>
  );
}
