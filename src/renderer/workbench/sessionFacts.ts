/**
 * What tells sessions apart in the sessions list, beside their label (sessions/sessionLabel.ts): where each one
 * goes (a short target), which protocol era it speaks, and what kind of session it is — a live connection, a tap
 * Loupe only watches, an opened snapshot (a record, offline), or a replay of one served on loopback.
 */
import type { SessionStatus } from '../../shared/session';
import type { Snapshot } from '../../shared/snapshot';
import { describeTarget, type Target } from '../../shared/target';

export type SessionKind = 'new' | 'live' | 'tapped' | 'snapshot' | 'replay';

export interface SessionFacts {
  kind: SessionKind;
  /** A short target: the demo, a command's last path segments, a URL's host and path. */
  target?: string;
  /** The whole target, for the row's description and tooltip. */
  fullTarget?: string;
  /** "2025 era" or "2026-07-28", once known. */
  era?: string;
}

const lastSegment = (text: string): string => text.split(/[\\/]/).filter(Boolean).pop() ?? text;

export function shortTarget(target: Target): string {
  switch (target.transport) {
    case 'demo':
      return 'demo server';
    case 'stdio':
      return [target.command, ...target.args]
        .map((part) => (/[\\/]/.test(part) ? lastSegment(part) : part))
        .join(' ');
    default: {
      try {
        const url = new URL(target.url);
        return `${url.host}${url.pathname === '/' ? '' : url.pathname}`;
      } catch {
        return target.url;
      }
    }
  }
}

function eraWords(era: 'modern' | 'legacy'): string {
  return era === 'modern' ? '2026-07-28' : '2025 era';
}

/**
 * `snapshot`: the snapshot open in the session (it shows the record, not the connection behind it);
 * `isReplay`: whether a URL is one this page serves a replay at.
 */
export function sessionFacts(
  status: SessionStatus,
  snapshot: Snapshot | null,
  isReplay: (url: string) => boolean,
): SessionFacts {
  if (snapshot) {
    return {
      kind: 'snapshot',
      target: shortTarget(snapshot.target),
      fullTarget: describeTarget(snapshot.target),
      // A snapshot without an era predates the modern era's support: it spoke 2025.
      ...(snapshot.protocolVersion ? { era: eraWords(snapshot.era ?? 'legacy') } : {}),
    };
  }
  if (status.state === 'idle') return { kind: 'new' };
  const era = status.state === 'connected' ? eraWords(status.handshake.era ?? 'legacy') : undefined;
  const target = status.target;
  const kind: SessionKind = status.tapped
    ? 'tapped'
    : target.transport !== 'stdio' && target.transport !== 'demo' && isReplay(target.url)
      ? 'replay'
      : 'live';
  return {
    kind,
    target: shortTarget(target),
    fullTarget: describeTarget(target),
    ...(era ? { era } : {}),
  };
}

/** One line: "demo server · 2025 era · live". */
export function factsLine(facts: SessionFacts): string {
  if (facts.kind === 'new') return 'not connected yet';
  return [facts.target, facts.era, facts.kind].filter(Boolean).join(' · ');
}
