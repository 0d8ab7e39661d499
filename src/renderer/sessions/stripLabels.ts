/**
 * The strip's labels, told apart. A session is named by its server (else its target; a tapped one by its host and
 * server; one showing an opened snapshot by the snapshot's server). Sessions whose names are the same get what differs
 * between them, in this order: their kind (live, tapped, snapshot, replay), their target, their era, and a number
 * (#1, #2… in strip order) when all of that is the same too. A name no other session has stays as it is.
 */
import type { SessionStatus } from '../../shared/session';
import type { Target } from '../../shared/target';
import { sessionLabel } from './sessionLabel';

export type SessionKind = 'live' | 'tapped' | 'snapshot' | 'replay';

export interface StripFacts {
  id: string;
  status: SessionStatus;
  /** The server's name from its last handshake (kept after it closed). */
  serverName?: string;
  /** The era of its last handshake (kept after it closed). */
  era?: 'modern' | 'legacy';
  /** The server of the snapshot the session shows, when one is open in it. */
  snapshot?: string;
  /** Connected to a replay this page serves (Replay → Open a session on it). */
  replay?: boolean;
}

export interface StripLabel {
  label: string;
  /** What tells it apart from the sessions of the same label; '' when no other session has its label. */
  detail: string;
  kind: SessionKind;
}

const maxTarget = 32;

/** A target in a few words: the script or package a command runs, an URL's host and path, the demo. */
export function shortTarget(target: Target): string {
  if (target.transport === 'demo') return 'demo';
  if (target.transport !== 'stdio') {
    try {
      const url = new URL(target.url);
      return clip(`${url.host}${url.pathname === '/' ? '' : url.pathname}`);
    } catch {
      return clip(target.url);
    }
  }
  const words = [target.command, ...target.args].filter((word) => !word.startsWith('-'));
  const path = words.filter((word) => /[\\/]/.test(word)).at(-1) ?? words.at(-1) ?? target.command;
  const parts = path.split(/[\\/]/).filter((part) => part !== '');
  const script = parts.at(-1) ?? path;
  const generic = /^(index|main|server|cli)\.[cm]?[jt]s$/i.test(script);
  const folder = parts
    .slice(0, -1)
    .findLast((part) => !['dist', 'build', 'lib', 'src', 'bin'].includes(part));
  return clip(generic && folder ? `${folder}/${script}` : script);
}

function clip(text: string): string {
  return text.length > maxTarget ? `${text.slice(0, maxTarget - 1)}…` : text;
}

function kindOf(facts: StripFacts): SessionKind {
  if (facts.snapshot !== undefined) return 'snapshot';
  if (facts.status.state !== 'idle' && facts.status.tapped) return 'tapped';
  return facts.replay ? 'replay' : 'live';
}

function eraOf(facts: StripFacts): string {
  const era = facts.status.state === 'connected' ? facts.status.handshake.era : facts.era;
  return era === 'modern' ? '2026-07-28' : era === 'legacy' ? '2025' : '';
}

export function stripLabels(entries: readonly StripFacts[]): StripLabel[] {
  const rows = entries.map((facts) => ({
    label: facts.snapshot ?? sessionLabel(facts.status, facts.serverName),
    kind: kindOf(facts),
    target: facts.status.state === 'idle' ? '' : shortTarget(facts.status.target),
    era: eraOf(facts),
    // Idle sessions ("New session") have nothing to tell apart yet.
    idle: facts.status.state === 'idle' && facts.snapshot === undefined,
    detail: [] as string[],
  }));
  const groups = new Map<string, typeof rows>();
  for (const row of rows) {
    if (row.idle) continue;
    const group = groups.get(row.label) ?? [];
    group.push(row);
    groups.set(row.label, group);
  }
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    // Each fact is added only where it tells apart sessions that nothing before it did.
    for (const key of ['kind', 'target', 'era'] as const) {
      for (const same of bySameDetail(group)) {
        if (same.length < 2 || new Set(same.map((row) => row[key])).size < 2) continue;
        for (const row of same) row.detail.push(row[key] === '' ? 'unknown' : row[key]);
      }
    }
    for (const same of bySameDetail(group)) {
      if (same.length < 2) continue;
      same.forEach((row, index) => row.detail.push(`#${index + 1}`));
    }
  }
  return rows.map((row) => ({ label: row.label, detail: row.detail.join(' · '), kind: row.kind }));
}

/** The rows of a group in sets whose details so far are the same, in strip order. */
function bySameDetail<T extends { detail: string[] }>(group: readonly T[]): T[][] {
  const sets = new Map<string, T[]>();
  for (const row of group) {
    const key = row.detail.join(' · ');
    const set = sets.get(key) ?? [];
    set.push(row);
    sets.set(key, set);
  }
  return [...sets.values()];
}
