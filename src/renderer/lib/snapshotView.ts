import type { ListKind, ListResult } from '../../shared/lists';
import type { Handshake } from '../../shared/session';
import type { TransportName } from '../../shared/target';
import type { Snapshot } from '../../shared/snapshot';
import { emptyLists } from '../store/listsSlice';
import type { SnapshotView } from '../store/snapshotSlice';
import { FrameLog } from './frameLog';

const transports: readonly string[] = ['stdio', 'http', 'sse'];

/** Shapes a loaded snapshot like live data, so Tools, Traffic, Timings and Server show it unchanged. */
export function toSnapshotView(snapshot: Snapshot, opened: number): SnapshotView {
  const lists = emptyLists();
  const tools: ListResult = {
    kind: 'tools',
    items: snapshot.tools,
    pages: snapshot.pages,
    complete: snapshot.toolsComplete,
    error: snapshot.toolsError,
    startedAt: 0,
    endedAt: 0,
  };
  lists.tools = { ...lists.tools, result: tools };
  for (const kind of ['resources', 'templates', 'prompts'] as const satisfies readonly ListKind[]) {
    const recorded = snapshot.lists?.[kind];
    lists[kind] = recorded
      ? { ...lists[kind], result: { kind, ...recorded, startedAt: 0, endedAt: 0 } }
      : { ...lists[kind], unsupported: true };
  }
  const handshake: Handshake | null =
    snapshot.protocolVersion !== undefined
      ? {
          transport: (transports.includes(snapshot.transport ?? '')
            ? snapshot.transport
            : 'stdio') as TransportName,
          requestedProtocolVersion: snapshot.requestedProtocolVersion ?? '',
          protocolVersion: snapshot.protocolVersion,
          serverInfo: snapshot.serverInfo ?? null,
          capabilities: snapshot.capabilities ?? {},
          instructions: snapshot.instructions,
          sessionId: snapshot.sessionId,
          roundTripMs: snapshot.initializeRoundTripMs ?? 0,
          // The era the snapshot recorded (absent before 2026-07-28 support: legacy), so it is not shown as 2025 era.
          ...(snapshot.era === undefined ? {} : { era: snapshot.era }),
          ...(snapshot.eraReason === undefined ? {} : { eraReason: snapshot.eraReason }),
          ...(snapshot.discover === undefined ? {} : { discover: snapshot.discover }),
        }
      : null;
  return {
    snapshot,
    opened,
    lists,
    lint: { findings: snapshot.findings, summary: snapshot.summary },
    frameLog: FrameLog.of(snapshot.frames),
    handshake,
  };
}
