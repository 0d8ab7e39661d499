/**
 * An opened snapshot is a record, not a connection: these say so where the live session's state and actions
 * would otherwise be (the session card, the header, the call and read panels), with the way back to live.
 */
import { stringField } from '../../shared/json';
import type { Snapshot } from '../../shared/snapshot';
import { describeTarget } from '../../shared/target';
import { compareOpenedSnapshot, compareOpenedSnapshotWith } from '../compare/compareActions';
import { liveServerName } from '../compare/matchingSessions';
import { ServerMismatch } from '../compare/ServerMismatch';
import { serverLabel, utcTime } from '../compare/compareLabels';
import { closeSnapshot } from '../store/appActions';
import { ReplayPanel } from '../replay/ReplayPanel';
import { useLoupeStore } from '../store/store';

export const offlineReason = 'This is a recorded snapshot, not a live connection';

export interface SnapshotFacts {
  server: string;
  taken: string;
  target: string;
  /** "MCP 2025-11-25 · 2025 era", or why there is none. */
  protocol: string;
}

export function snapshotFacts(snapshot: Snapshot): SnapshotFacts {
  const era = snapshot.era === 'modern' ? 'modern era' : '2025 era';
  return {
    server: serverLabel(
      stringField(snapshot.serverInfo, 'name'),
      stringField(snapshot.serverInfo, 'version'),
    ),
    taken: utcTime(snapshot.testedAt),
    target: `${describeTarget(snapshot.target)}${snapshot.transport ? ` (${snapshot.transport})` : ''}`,
    protocol: snapshot.protocolVersion
      ? `MCP ${snapshot.protocolVersion} · ${era}`
      : 'no handshake (the connection failed)',
  };
}

/** Where a live-only action (Call, Read, Get) would be: why it is not here. */
export function OfflineNote({ action }: { action: string }) {
  const viewing = useLoupeStore((state) => state.snapshotView !== null);
  if (!viewing) return null;
  return (
    <p className="notice notice-info offline-note" role="note">
      {action} needs a live connection. {offlineReason}.{' '}
      <button type="button" onClick={closeSnapshot}>
        Close snapshot
      </button>
    </p>
  );
}

/** The session card while a snapshot is open: what was recorded, when, and the live session kept behind it. */
export function SnapshotSessionCard({ snapshot, live }: { snapshot: Snapshot; live: string }) {
  const facts = snapshotFacts(snapshot);
  const connected = useLoupeStore((state) => state.status.state === 'connected');
  const liveServer = useLoupeStore((state) => liveServerName(state.status));
  const recordedServer = stringField(snapshot.serverInfo, 'name');
  return (
    <div className="snapshot-session" data-testid="snapshot-session">
      <div className="session-state state-snapshot">
        <span className="dot" aria-hidden="true" />
        <span>Recorded snapshot — offline</span>
      </div>
      <dl className="facts">
        <dt>Server</dt>
        <dd className="mono">{facts.server}</dd>
        <dt>Taken</dt>
        <dd>{facts.taken}</dd>
        <dt>Target</dt>
        <dd className="mono">{facts.target}</dd>
        <dt>Protocol</dt>
        <dd>{facts.protocol}</dd>
      </dl>
      <p className="muted small">
        {offlineReason}. Behind it: {live}.
      </p>
      {/* Before the buttons, so the warning and its offer are seen before "Compare with live" is pressed. */}
      {recordedServer !== undefined && liveServer !== undefined && recordedServer !== liveServer ? (
        <ServerMismatch
          recorded={recordedServer}
          live={liveServer}
          onCompareWith={compareOpenedSnapshotWith}
          compact
        />
      ) : null}
      <div className="button-row">
        <button type="button" onClick={closeSnapshot}>
          Close snapshot
        </button>
        <button
          type="button"
          onClick={compareOpenedSnapshot}
          disabled={!connected}
          title={connected ? undefined : 'Not connected: there is no live session to compare with'}
        >
          Compare with live
        </button>
      </div>
      <ReplayPanel key={snapshot.testedAt} snapshot={snapshot} />
    </div>
  );
}
