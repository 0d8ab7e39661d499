/**
 * The saved servers, in the side bar under the sessions: each one connects the shown session in one click, ✎ opens
 * it in the connect dialog to change and save again, × removes it. Import from client configs sits with them.
 */
import { useShallow } from 'zustand/react/shallow';
import { describeTarget } from '../../shared/target';
import { protocolLabels } from '../components/ConnectionForm';
import { ImportConfigButton } from '../configs/ImportConfigButton';
import { removeServer } from '../store/appActions';
import { connect, savedChoice } from '../store/sessionActions';
import { useLoupeStore } from '../store/store';
import { openConnectDialog } from './workbenchActions';

export function SavedServers() {
  const { settings, settingsError, busy } = useLoupeStore(
    useShallow((state) => ({
      settings: state.settings,
      settingsError: state.settingsError,
      busy: state.status.state === 'connecting' || state.backendLink !== 'open',
    })),
  );
  const servers = settings?.savedServers ?? [];
  return (
    <section className="saved-servers" aria-labelledby="saved-heading">
      <div className="sidebar-head">
        <h2 className="sidebar-title" id="saved-heading">
          Saved servers <span className="sidebar-count">{servers.length}</span>
        </h2>
      </div>
      {settingsError ? <p className="form-problem">{settingsError}</p> : null}
      {settings && servers.length === 0 ? (
        <p className="muted small sidebar-note">
          None yet: “Save server” in the connect dialog keeps one here.
        </p>
      ) : null}
      {servers.length > 0 ? (
        <ul className="saved-list">
          {servers.map((server) => (
            <li key={server.id} className="saved-item">
              <button
                type="button"
                className="saved-connect"
                aria-describedby={`saved-target-${server.id}`}
                title={describeTarget(server.target)}
                disabled={busy}
                onClick={() => void connect(server.target, savedChoice(server))}
              >
                {/* Named "Connect to <name>" from what it shows; the target is its description. */}
                <span className="saved-name">
                  <span className="visually-hidden">Connect to</span> {server.name}
                </span>
                <span className="saved-target mono" id={`saved-target-${server.id}`} aria-hidden="true">
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
                title={`Edit ${server.name}`}
                onClick={() => openConnectDialog({ target: server.target, choice: savedChoice(server) })}
              >
                ✎
              </button>
              <button
                type="button"
                className="icon-button"
                aria-label={`Remove ${server.name}`}
                title={`Remove ${server.name}`}
                onClick={() => void removeServer(server.id)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <ImportConfigButton />
    </section>
  );
}
