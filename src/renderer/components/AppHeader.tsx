import { FilePicker } from './FilePicker';
import { useShallow } from 'zustand/react/shallow';
import { eraName } from '../lib/era';
import { offlineReason, snapshotFacts } from './OfflineSnapshot';
import { openSnapshotFile, saveSnapshot } from '../store/appActions';
import { selectHandshake, selectTapped } from '../store/selectors';
import { connect, disconnect, reconnect } from '../store/sessionActions';
import { useLoupeStore } from '../store/store';
import { openConnectDialog, togglePalette } from '../workbench/workbenchActions';

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The palette's keys as this system writes them. */
const paletteKeys =
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘K' : 'Ctrl+K';

/**
 * The shown session, always in view: its state, server and protocol, and what is done to it (connect it
 * elsewhere, disconnect, reconnect, save or open a snapshot), and the palette that reaches everything else.
 */
export function AppHeader() {
  const { status, handshake, busy, viewingSnapshot, snapshot, tapped, lastTarget, ended, linkOpen } =
    useLoupeStore(
      useShallow((state) => ({
        ended: state.backendLink === 'ended',
        status: state.status,
        handshake: selectHandshake(state),
        busy: state.snapshotBusy,
        viewingSnapshot: state.snapshotView !== null,
        snapshot: state.snapshotView?.snapshot ?? null,
        tapped: selectTapped(state),
        lastTarget: state.lastTarget,
        linkOpen: state.backendLink === 'open',
      })),
    );
  const name = text(handshake?.serverInfo?.name);
  const version = text(handshake?.serverInfo?.version);
  // The Loupe behind this tab has ended: no session of it is connected any more, whatever it last said.
  const state = viewingSnapshot ? 'snapshot' : ended && status.state !== 'idle' ? 'closed' : status.state;
  // A tapped session connecting is the host's handshake: connecting elsewhere stays open to the person.
  const connecting = (status.state === 'connecting' && !tapped) || !linkOpen;
  const protocol = handshake
    ? `MCP ${handshake.protocolVersion} (${eraName(handshake)}) · ${handshake.transport}`
    : undefined;
  return (
    <header className="app-header">
      <div className="brand">
        <svg className="brand-mark" viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="10" cy="10" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.4" />
          <line
            x1="15"
            y1="15"
            x2="21"
            y2="21"
            stroke="currentColor"
            strokeWidth="2.8"
            strokeLinecap="round"
          />
        </svg>
        <h1 className="brand-name">Loupe</h1>
      </div>
      <div className="header-server" aria-live="polite">
        <span className={`status-pill state-${state}`}>
          <span className="dot" aria-hidden="true" />
          {state === 'snapshot'
            ? 'Snapshot'
            : state === 'connected'
              ? 'Connected'
              : state === 'connecting'
                ? 'Connecting'
                : state === 'closed'
                  ? ended
                    ? 'Loupe ended'
                    : 'Closed'
                  : 'Idle'}
        </span>
        {name ? (
          <span className="server-name" title={version ? `${name} ${version}` : name}>
            <span className="mono">{name}</span>
            {version ? <span className="muted"> {version}</span> : null}
          </span>
        ) : null}
        {snapshot ? (
          <span className="small header-fact" data-testid="header-snapshot">
            offline · recorded {snapshotFacts(snapshot).taken} · not a live connection
          </span>
        ) : null}
        {tapped && !viewingSnapshot ? (
          <span className="small header-fact" data-testid="header-tapped" title={tapped.readOnly}>
            {tapped.label} ·{' '}
            {tapped.agent
              ? 'an agent’s session through loupe mcp, shown live'
              : 'watched through loupe tap, read-only'}
            {tapped.journalPath ? ` · journal ${tapped.journalPath}` : ''}
          </span>
        ) : null}
        {protocol ? (
          <span
            className="muted small header-fact"
            data-testid="header-protocol"
            title={handshake?.eraReason}
          >
            {protocol}
          </span>
        ) : null}
      </div>
      <div className="header-actions" role="group" aria-label="Session">
        <button
          type="button"
          onClick={() => openConnectDialog()}
          title="Connect the shown session to a server (its current connection ends)"
        >
          Connect…
        </button>
        {tapped && !viewingSnapshot ? (
          <>
            {/* Loupe does not own a tapped connection: Reconnect would start a second server and drop the host's.
                The header's fact says "watched through loupe tap, read-only"; the button's description says why. */}
            <span className="visually-hidden" id="tapped-note" data-testid="tapped-note">
              This is the host’s connection, watched through loupe tap: Loupe does not own it, so it has no
              Disconnect or Reconnect. Closing the session stops watching; the host goes on.
            </span>
            <button
              type="button"
              onClick={() => void connect(status.state === 'idle' ? { transport: 'demo' } : status.target)}
              disabled={!linkOpen}
              aria-describedby="tapped-note"
              title="The host’s connection is watched, not Loupe’s own: this starts the server again in a session of Loupe’s own, beside this one (this one stays as it is)"
            >
              Open a session of your own
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              onClick={() => void disconnect()}
              disabled={
                viewingSnapshot ||
                !linkOpen ||
                (status.state !== 'connected' && status.state !== 'connecting')
              }
              title={
                viewingSnapshot ? `${offlineReason}: close it to disconnect the live session` : undefined
              }
            >
              Disconnect
            </button>
            <button
              type="button"
              onClick={() => void reconnect()}
              disabled={viewingSnapshot || !lastTarget || connecting}
              title={viewingSnapshot ? `${offlineReason}: close it to reconnect the live session` : undefined}
            >
              Reconnect
            </button>
          </>
        )}
      </div>
      <div className="header-actions" role="group" aria-label="Snapshot" aria-busy={busy}>
        {busy ? (
          <span className="muted small" role="status">
            <span className="spinner inline-spinner" aria-hidden="true" /> Working on the snapshot…
          </span>
        ) : null}
        <button
          type="button"
          onClick={() => void saveSnapshot()}
          disabled={busy || viewingSnapshot || status.state === 'idle' || !linkOpen}
          title={viewingSnapshot ? `${offlineReason}: it is already a file` : undefined}
          aria-label="Save snapshot"
        >
          Save<span className="wide-only"> snapshot</span>
        </button>
        <FilePicker
          inputLabel="Snapshot file"
          testId="snapshot-file"
          disabled={busy}
          onFile={(file) => void openSnapshotFile(file)}
          buttonLabel="Open snapshot"
        >
          Open<span className="wide-only"> snapshot</span>
        </FilePicker>
      </div>
      <button
        type="button"
        className="palette-button"
        aria-keyshortcuts="Control+K Meta+K"
        onClick={togglePalette}
      >
        Go to… <kbd>{paletteKeys}</kbd>
      </button>
    </header>
  );
}
