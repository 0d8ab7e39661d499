/**
 * The Security view over every open session: each connected session's findings under its name, and the findings
 * between two servers (shadowing) once, naming both sessions. Selecting a finding shows its session and its item.
 */
import { useEffect, useState } from 'react';
import { toErrorData } from '../../shared/errors';
import type { Finding } from '../../shared/lint';
import { apiOf, shownStore } from '../sessions/sessionStore';
import { groupAcrossSessions, type AcrossSessions } from './acrossSessions';
import { goToFinding } from './goToFinding';
import { itemLabel } from './itemLabel';

function FindingButton({ session, server, finding }: { session: string; server: string; finding: Finding }) {
  return (
    <button
      type="button"
      className="finding-link"
      onClick={() => void goToFinding(session, finding)}
      title={`Show ${itemLabel(finding)} in ${server}`}
    >
      {itemLabel(finding)}
    </button>
  );
}

export function AllSessionsSecurity() {
  const [across, setAcross] = useState<AcrossSessions | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    apiOf(shownStore())
      .securityAcrossSessions()
      .then((entries) => {
        if (!current) return;
        setAcross(groupAcrossSessions(entries));
        setError(undefined);
      })
      .catch((failure: unknown) => current && setError(toErrorData(failure).message));
    return () => {
      current = false;
    };
  }, [round]);
  const total = across ? across.groups.reduce((sum, group) => sum + group.findings.length, 0) : 0;
  return (
    <div className="security-all">
      <p className="muted small">
        {across
          ? `${across.groups.length} connected session${across.groups.length === 1 ? '' : 's'} · ${total + across.cross.length} finding${total + across.cross.length === 1 ? '' : 's'}`
          : 'Reading every session…'}{' '}
        <button type="button" onClick={() => setRound((value) => value + 1)}>
          Scan all again
        </button>
      </p>
      {error ? <p className="banner banner-error">{error}</p> : null}
      {across && across.groups.length === 0 ? <p>No session is connected.</p> : null}
      {across && across.cross.length > 0 ? (
        <section aria-label="Across sessions">
          <h3>Across sessions</h3>
          <ul className="findings">
            {across.cross.map((cross, position) => (
              <li key={position} className={`finding finding-${cross.finding.severity}`}>
                <div>
                  <span className={`badge badge-${cross.finding.severity}`}>{cross.finding.severity}</span>{' '}
                  <span className="mono small">{cross.finding.code}</span>{' '}
                  <FindingButton session={cross.session} server={cross.server} finding={cross.finding} /> in{' '}
                  <strong>{cross.server}</strong> ↔ <strong>{cross.otherServer}</strong>
                  {cross.otherSession === undefined ? ' (saved, not connected)' : null}
                </div>
                <div>{cross.finding.message}</div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {across?.groups.map((group) => (
        <section key={group.session} aria-label={`Session ${group.server}`}>
          <h3>
            {group.server}{' '}
            <span className="muted small">
              {group.error
                ? 'could not be scanned'
                : `${group.findings.length} finding${group.findings.length === 1 ? '' : 's'}`}
            </span>
          </h3>
          {group.error ? <p className="banner banner-error">{group.error}</p> : null}
          <ul className="findings">
            {group.findings.map((finding, position) => (
              <li key={position} className={`finding finding-${finding.severity}`}>
                <div>
                  <span className={`badge badge-${finding.severity}`}>{finding.severity}</span>{' '}
                  <span className="mono small">{finding.code}</span>{' '}
                  <FindingButton session={group.session} server={group.server} finding={finding} />
                </div>
                <div>{finding.message}</div>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
