/**
 * The live session as a snapshot for the Compare view: every list the server declares walked anew (tools always),
 * the same walk as `loupe diff pinned.json -- <server>`, without frames (a comparison needs the lists only).
 */
import { isJsonObject } from '../../shared/json.js';
import { listMethods, type ListKind, type ListResult } from '../../shared/lists.js';
import type { Snapshot } from '../../shared/snapshot.js';
import type { Target } from '../../shared/target.js';
import { loupeVersion } from '../loupeVersion.js';
import { buildSnapshot, type OtherListKind } from '../snapshot/buildSnapshot.js';
import type { McpSession } from '../types.js';

const otherKinds: OtherListKind[] = ['resources', 'templates', 'prompts'];

export interface LiveSide {
  target: Target;
  session: McpSession;
  /** The backend's shared walk (a walk already running for the kind is joined, not repeated). */
  walk: (kind: ListKind) => Promise<ListResult>;
}

export async function liveSessionSnapshot(side: LiveSide, now: Date = new Date()): Promise<Snapshot> {
  const tools = await side.walk('tools');
  const lists: Partial<Record<OtherListKind, ListResult>> = {};
  const capabilities = side.session.handshake.capabilities;
  for (const kind of otherKinds) {
    if (isJsonObject(capabilities[listMethods[kind].capability])) lists[kind] = await side.walk(kind);
  }
  return buildSnapshot({
    target: side.target,
    testedAt: now,
    handshake: side.session.handshake,
    tools,
    lists,
    frames: [],
    framesDropped: 0,
    loupeVersion: loupeVersion(),
  });
}
