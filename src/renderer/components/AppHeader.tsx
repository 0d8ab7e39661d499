import { FilePicker } from './FilePicker';
import { useShallow } from 'zustand/react/shallow';
import { eraName } from '../lib/era';
import { offlineReason, snapshotFacts } from './OfflineSnapshot';
import { openSnapshotFile, saveSnapshot } from '../store/appActions';
import { selectHandshake, selectTapped } from '../store/selectors';
import { useLoupeStore } from '../store/store';

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function AppHeader() {
  const { status, handshake, busy, viewingSnapshot, snapshot, tapped, ended, linkOpen } = useLoupeStore(
    useShallow((state) => ({
      ended: state.backendLink === 'ended',
      linkOpen: state.backendLink === 'open',
      status: state.status,
      handshake: selectHandshake(state),
      busy: state.snapshotBusy,
      viewingSnapshot: state.snapshotView !== null,
      snapshot: state.snapshotView?.snapshot ?? null,
      tapped: selectTapped(state),
    })),
  );
  const name = text(handshake?.serverInfo?.name);
  const version = text(handshake?.serverInfo?.version);
  // The Loupe behind this tab has ended: no session of it is connected any more, whatever it last said.
  const state = viewingSnapshot ? 'snapshot' : ended && status.state !== 'idle' ? 'closed' : status.state;
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
        <span className="brand-name">Loupe</span>
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
          <span className="server-name">
            <span className="mono">{name}</span>
            {version ? <span className="muted"> {version}</span> : null}
          </span>
        ) : null}
        {snapshot ? (
          <span className="small" data-testid="header-snapshot">
            offline · recorded {snapshotFacts(snapshot).taken} · not a live connection
          </span>
        ) : null}
        {tapped && !viewingSnapshot ? (
          <span className="small" data-testid="header-tapped" title={tapped.readOnly}>
            {tapped.label} ·{' '}
            {tapped.agent
              ? 'an agent’s session through loupe mcp, shown live'
              : 'watched through loupe tap, read-only'}
            {tapped.journalPath ? ` · journal ${tapped.journalPath}` : ''}
          </span>
        ) : null}
        {handshake ? (
          <span className="muted small" data-testid="header-protocol" title={handshake.eraReason}>
            MCP {handshake.protocolVersion} ({eraName(handshake)}) · {handshake.transport}
          </span>
        ) : null}
      </div>
      <div className="header-actions" aria-busy={busy}>
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
        >
          Save snapshot
        </button>
        <FilePicker
          inputLabel="Snapshot file"
          testId="snapshot-file"
          disabled={busy}
          onFile={(file) => void openSnapshotFile(file)}
        >
          Open snapshot
        </FilePicker>
      </div>
    </header>
  );
}
