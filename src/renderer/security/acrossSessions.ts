/**
 * The all-sessions Security view's model: every connected session's findings grouped by session, and the findings
 * between two servers (shadowing, a description naming another server's tools) once each, with both sessions named
 * (both sides of a shadowed tool name report it: shown once).
 */
import type { Finding } from '../../shared/lint';
import type { SessionSecurity } from '../../shared/security';

export interface SessionGroup {
  session: string;
  server: string;
  findings: Finding[];
  error?: string;
}

export interface CrossFinding {
  finding: Finding;
  session: string;
  server: string;
  otherServer: string;
  /** The open session the other server is connected in; none for a saved server that is not connected. */
  otherSession?: string;
}

export interface AcrossSessions {
  groups: SessionGroup[];
  cross: CrossFinding[];
}

export function groupAcrossSessions(entries: readonly SessionSecurity[]): AcrossSessions {
  const sessionOf = new Map<string, string>();
  for (const entry of entries) if (!sessionOf.has(entry.server)) sessionOf.set(entry.server, entry.session);
  const seen = new Set<string>();
  const cross: CrossFinding[] = [];
  const groups = entries.map((entry): SessionGroup => {
    const findings: Finding[] = [];
    for (const finding of entry.report?.findings ?? []) {
      const otherServer = finding.security?.otherServer;
      if (otherServer === undefined) {
        findings.push(finding);
        continue;
      }
      const pair = [entry.server, otherServer].sort().join('\u0000');
      const key = `${finding.code}\u0000${pair}\u0000${finding.security?.item.name ?? ''}`;
      // Shadowing is reported by both servers; a reference to another server's tools only by the one that refers.
      const once = finding.code === 'tool-name-shadowing' ? key : `${key}\u0000${entry.server}`;
      if (seen.has(once)) continue;
      seen.add(once);
      const otherSession = sessionOf.get(otherServer);
      cross.push({
        finding,
        session: entry.session,
        server: entry.server,
        otherServer,
        ...(otherSession === undefined ? {} : { otherSession }),
      });
    }
    return {
      session: entry.session,
      server: entry.server,
      findings,
      ...(entry.error === undefined ? {} : { error: entry.error }),
    };
  });
  return { groups, cross };
}
