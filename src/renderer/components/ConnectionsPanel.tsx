import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ServerAuth } from '../../shared/auth';
import type { ProtocolChoice } from '../../shared/session';
import { describeTarget, type Target } from '../../shared/target';
import { removeServer, saveServer } from '../store/appActions';
import { connect, disconnect, reconnect } from '../store/sessionActions';
import { useLoupeStore } from '../store/store';
import { ConnectionForm, protocolLabels } from './ConnectionForm';
import { ConnectionErrorLine } from './ConnectionError';
import { HandshakeView } from './HandshakeView';
import { offlineReason, SnapshotSessionCard } from './OfflineSnapshot';
import { ImportConfigButton } from '../configs/ImportConfigButton';

/** The header's pill says the bare state; the card says what it is about. */
const stateLabels = {
  idle: 'Not connected',
  connecting: 'Connecting to',
  connected: 'Connected to',
  closed: 'Session closed',
} as const;

export function ConnectionsPanel() {
  const { status, lastTarget, lastProtocol, settings, settingsError, link, snapshot } = useLoupeStore(
    useShallow((state) => ({
      status: state.status,
      lastTarget: state.lastTarget,
      lastProtocol: state.lastProtocol,
      settings: state.settings,
      settingsError: state.settingsError,
      link: state.backendLink,
      snapshot: state.snapshotView?.snapshot ?? null,
    })),
  );
  const lastAuth = useLoupeStore((state) => state.authLast);
  const [formTarget, setFormTarget] = useState<{
    target: Target | null;
    protocol?: ProtocolChoice;
    auth?: ServerAuth;
    version: number;
  }>({
    target: null,
    version: 0,
  });
  const busy = status.state === 'connecting' || link !== 'open';
  const run = (target: Target, protocol: ProtocolChoice = 'auto', auth?: ServerAuth) =>
    void connect(target, protocol, auth);

  return (
    <aside className="connections" aria-label="Connections">
      {/* Session and saved servers scroll; the new-connection card keeps its place at the bottom, so Connect
          is on screen without scrolling the panel (it was below the fold at 1280×720). */}
      <div className="connections-scroll">
        <section className="card">
          <h2 className="card-title">Session</h2>
          {snapshot ? (
            <SnapshotSessionCard
              snapshot={snapshot}
              live={`${stateLabels[status.state].toLowerCase()}${status.state === 'idle' ? '' : ` ${describeTarget(status.target)}`}`}
            />
          ) : (
            <>
              <div className={`session-state state-${status.state}`}>
                <span className="dot" aria-hidden="true" />
                <span>{stateLabels[status.state]}</span>
              </div>
              {status.state !== 'idle' ? (
                <div className="target-line mono">{describeTarget(status.target)}</div>
              ) : null}
            </>
          )}
          <div className="button-row">
            <button
              type="button"
              onClick={() => void disconnect()}
              disabled={snapshot !== null || (status.state !== 'connected' && status.state !== 'connecting')}
              title={snapshot ? `${offlineReason}: close it to disconnect the live session` : undefined}
            >
              Disconnect
            </button>
            <button
              type="button"
              onClick={() => void reconnect()}
              disabled={snapshot !== null || !lastTarget || busy}
              title={snapshot ? `${offlineReason}: close it to reconnect the live session` : undefined}
            >
              Reconnect
            </button>
          </div>
          {/* The whole error is in the main pane (ConnectionErrorPane); here one line leads to it. */}
          <ConnectionErrorLine />
          {status.state === 'connected' && !snapshot ? (
            <details className="handshake-details" open>
              <summary>Handshake</summary>
              <HandshakeView handshake={status.handshake} />
            </details>
          ) : null}
        </section>

        <section className="card">
          <h2 className="card-title">Saved servers</h2>
          {settingsError ? <p className="form-problem">{settingsError}</p> : null}
          {settings && settings.savedServers.length === 0 ? (
            <p className="muted small">None yet: fill in the form below and save it.</p>
          ) : null}
          <ul className="saved-list">
            {settings?.savedServers.map((server) => (
              <li key={server.id} className="saved-item">
                <button
                  type="button"
                  className="saved-connect"
                  aria-label={`Connect to ${server.name}`}
                  disabled={busy}
                  onClick={() => run(server.target, server.protocol, server.auth)}
                >
                  <span className="saved-name">{server.name}</span>
                  <span className="saved-target mono">
                    {describeTarget(server.target)}
                    {server.protocol && server.protocol !== 'auto'
                      ? ` · ${protocolLabels[server.protocol]}`
                      : ''}
                  </span>
                </button>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Edit ${server.name}`}
                  onClick={() =>
                    setFormTarget({
                      target: server.target,
                      protocol: server.protocol,
                      ...(server.auth ? { auth: server.auth } : {}),
                      version: formTarget.version + 1,
                    })
                  }
                >
                  ✎
                </button>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Remove ${server.name}`}
                  onClick={() => void removeServer(server.id)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
          <ImportConfigButton />
        </section>
      </div>

      <section className="card new-connection" aria-label="New connection">
        <h2 className="card-title">New connection</h2>
        <ConnectionForm
          key={`${formTarget.version}-${lastTarget ? 1 : 0}`}
          initial={formTarget.target ?? lastTarget}
          initialProtocol={formTarget.target ? formTarget.protocol : lastProtocol}
          {...(formTarget.target
            ? formTarget.auth
              ? { initialAuth: formTarget.auth }
              : {}
            : lastAuth
              ? { initialAuth: lastAuth }
              : {})}
          busy={busy}
          onConnect={run}
          onSave={(name, target, protocol, auth) => void saveServer(name, target, protocol, auth)}
        />
      </section>
    </aside>
  );
}
