import { useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { defaultRequestTimeoutMs } from '../../shared/session';
import { describeTarget, type Target } from '../../shared/target';
import { removeServer, saveServer } from '../store/appActions';
import { connect, disconnect, reconnect, savedChoice, type ConnectChoice } from '../store/sessionActions';
import { useLoupeStore } from '../store/store';
import { ConnectionForm, protocolLabels } from './ConnectionForm';
import { ConnectionErrorLine } from './ConnectionError';
import { HandshakeView } from './HandshakeView';
import { AgentSession } from '../tap/AgentSession';
import { TapFaults } from '../tap/TapFaults';
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
  const lastTimeoutMs = useLoupeStore((state) => state.lastTimeoutMs);
  // A saved server being edited (✎) fills the form; otherwise it shows the last attempt.
  const [editing, setEditing] = useState<{ target: Target | null; choice: ConnectChoice; version: number }>({
    target: null,
    choice: {},
    version: 0,
  });
  // The form is filled anew when the session's first target arrives (the app connects to the demo at start), but
  // not over what the person has begun to fill in meanwhile: their transport and URL stay.
  const touched = useRef(false);
  const [filledFrom, setFilledFrom] = useState(lastTarget !== null);
  if (filledFrom !== (lastTarget !== null) && !touched.current) setFilledFrom(lastTarget !== null);
  const tapped = status.state === 'idle' ? undefined : status.tapped;
  // A tapped session connecting is the host's handshake: the form (which opens a session of its own) stays usable.
  const busy = (status.state === 'connecting' && !tapped) || link !== 'open';
  const run = (target: Target, choice: ConnectChoice) => {
    // The person's own attempt: the form may show it back as the session's target.
    touched.current = false;
    void connect(target, choice);
  };
  const formChoice: ConnectChoice = editing.target
    ? editing.choice
    : {
        protocol: lastProtocol,
        ...(lastAuth ? { auth: lastAuth } : {}),
        ...(lastTimeoutMs !== null ? { timeoutMs: lastTimeoutMs } : {}),
      };

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
          {tapped && !snapshot ? (
            <>
              {tapped.agent ? (
                <AgentSession agent={tapped.agent} live={status.state !== 'closed'} />
              ) : (
                <p className="muted small" data-testid="tapped-note">
                  Watched through loupe tap: this is the host’s connection, Loupe does not own it, so it has
                  no Disconnect or Reconnect here. Closing the session stops watching; the host goes on.
                </p>
              )}
              <div className="button-row">
                <button
                  type="button"
                  onClick={() =>
                    void connect(status.state === 'idle' ? { transport: 'demo' } : status.target)
                  }
                  disabled={link !== 'open'}
                  title="Starts the server again in a session of Loupe’s own, beside this one (this one stays as it is)"
                >
                  Open a session of your own
                </button>
              </div>
            </>
          ) : (
            <div className="button-row">
              <button
                type="button"
                onClick={() => void disconnect()}
                disabled={
                  snapshot !== null ||
                  link !== 'open' ||
                  (status.state !== 'connected' && status.state !== 'connecting')
                }
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
          )}
          {/* The whole error is in the main pane (ConnectionErrorPane); here one line leads to it. */}
          <ConnectionErrorLine />
          {status.state === 'connected' && !snapshot ? (
            <details className="handshake-details" open>
              <summary>Handshake</summary>
              <HandshakeView
                handshake={status.handshake}
                {...(status.requestTimeoutMs !== undefined
                  ? { requestTimeoutMs: status.requestTimeoutMs }
                  : {})}
              />
            </details>
          ) : null}
          {status.state !== 'idle' && status.tapped && !status.tapped.agent && !snapshot ? (
            <TapFaults tapped={status.tapped} live={status.state !== 'closed'} />
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
                  onClick={() => run(server.target, savedChoice(server))}
                >
                  <span className="saved-name">{server.name}</span>
                  <span className="saved-target mono">
                    {describeTarget(server.target)}
                    {server.protocol && server.protocol !== 'auto'
                      ? ` · ${protocolLabels[server.protocol]}`
                      : ''}
                    {server.timeoutMs !== undefined ? ` · timeout ${server.timeoutMs} ms` : ''}
                  </span>
                </button>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Edit ${server.name}`}
                  onClick={() =>
                    setEditing({
                      target: server.target,
                      choice: savedChoice(server),
                      version: editing.version + 1,
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
          key={`${editing.version}-${filledFrom ? 1 : 0}`}
          initial={editing.target ?? lastTarget}
          onEdit={() => (touched.current = true)}
          {...(formChoice.protocol ? { initialProtocol: formChoice.protocol } : {})}
          {...(formChoice.auth ? { initialAuth: formChoice.auth } : {})}
          {...(formChoice.timeoutMs !== undefined ? { initialTimeoutMs: formChoice.timeoutMs } : {})}
          defaultTimeoutMs={settings?.timeoutMs ?? defaultRequestTimeoutMs}
          busy={busy}
          onConnect={run}
          onSave={(name, target, choice) => void saveServer(name, target, choice)}
        />
      </section>
    </aside>
  );
}
