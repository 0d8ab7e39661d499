/**
 * The snapshot of the backend's current (or last) connection attempt: its file name and exact text.
 * A failed or closed connection still gives one (connected:false, with the error and every frame).
 */
import type { LoupeErrorData } from '../../shared/errors.js';
import { stringField } from '../../shared/json.js';
import type { ListKind, ListResult } from '../../shared/lists.js';
import type { Target } from '../../shared/target.js';
import type { Handshake } from '../../shared/session.js';
import type { SkillsListing } from '../../shared/skills.js';
import type { ConformReport } from '../../shared/conform.js';
import type { FrameRecorder } from '../recorder/frameRecorder.js';
import { buildSnapshot } from '../snapshot/buildSnapshot.js';
import { serializeSnapshot } from '../snapshot/serializeSnapshot.js';
import type { McpSession } from '../types.js';
import { loupeVersion } from '../loupeVersion.js';
import { snapshotFileName } from './snapshotFileName.js';

export interface SessionRecord {
  target: Target;
  session?: McpSession;
  /** A tapped session's handshake (read from the host's), when there is no session of Loupe's own. */
  handshake?: Handshake;
  error?: LoupeErrorData;
  recorder: FrameRecorder;
  lists: ReadonlyMap<ListKind, ListResult>;
  /** The last skills/list of the session (SEP-2640), when one was walked. */
  skills?: SkillsListing | undefined;
  /** The session's conformance runs (the Conformance tab), oldest first. */
  conformance?: readonly ConformReport[];
}

export function buildSessionSnapshot(record: SessionRecord, now: Date = new Date()): { fileName: string; text: string } {
  const lists: Partial<Record<Exclude<ListKind, 'tools'>, ListResult>> = {};
  for (const [kind, result] of record.lists) if (kind !== 'tools') lists[kind] = result;
  const tools = record.lists.get('tools');
  const built = buildSnapshot({
    target: record.target,
    testedAt: now.toISOString(),
    ...(record.session ? { handshake: record.session.handshake } : record.handshake ? { handshake: record.handshake } : {}),
    ...(record.error ? { error: record.error } : {}),
    ...(tools ? { tools } : {}),
    lists,
    ...(record.skills ? { skills: record.skills } : {}),
    frames: record.recorder.all(),
    framesDropped: record.recorder.stats().overflow,
    loupeVersion: loupeVersion(),
  });
  const snapshot = record.conformance?.length ? { ...built, conformance: [...record.conformance] } : built;
  const serverName = stringField(snapshot.serverInfo, 'name') ?? (record.target.transport === 'demo' ? 'demo' : undefined);
  return { fileName: snapshotFileName(serverName, now), text: serializeSnapshot(snapshot) };
}
