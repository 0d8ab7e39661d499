import { useShallow } from 'zustand/react/shallow';
import { describeTarget } from '../../shared/target';
import { useLoupeStore } from '../store/store';
import { ConnectionErrorLine } from './ConnectionError';
import { AgentSession } from '../tap/AgentSession';
import { TapFaults } from '../tap/TapFaults';

/** The header's pill says the bare state; the card says what it is about. */
const stateLabels = {
  idle: 'Not connected',
  connecting: 'Connecting to',
  connected: 'Connected to',
  closed: 'Session closed',
} as const;

/**
 * The shown session's connection, at the top of the Server view: its state and target, the line leading to the
 * last error, the faults of a tapped session and the Stop of an agent's. Its actions (Connect…, Disconnect, Reconnect) are in the header,
 * in view from every view; its handshake is the Server view's next field; an opened snapshot is a notice.
 */
export function SessionCard() {
  const { status, snapshotOpen } = useLoupeStore(
    useShallow((state) => ({ status: state.status, snapshotOpen: state.snapshotView !== null })),
  );
  return (
    <section className="card session-card" aria-label="Session">
      <h2 className="card-title">Session</h2>
      <div className={`session-state state-${status.state}`}>
        <span className="dot" aria-hidden="true" />
        <span>{stateLabels[status.state]}</span>
      </div>
      {status.state !== 'idle' ? (
        <div className="target-line mono">{describeTarget(status.target)}</div>
      ) : null}
      {snapshotOpen ? (
        <p className="muted small">
          A snapshot is open over this session: the views show the record (see the notice).
        </p>
      ) : null}
      {/* The whole error is above the views (ConnectionErrorPane); here one line leads to it. */}
      <ConnectionErrorLine />
      {/* An agent's session (loupe mcp) has its Stop here; a tap's session its fault rules. */}
      {status.state !== 'idle' && status.tapped?.agent && !snapshotOpen ? (
        <AgentSession agent={status.tapped.agent} live={status.state !== 'closed'} />
      ) : null}
      {status.state !== 'idle' && status.tapped && !status.tapped.agent && !snapshotOpen ? (
        <TapFaults tapped={status.tapped} live={status.state !== 'closed'} />
      ) : null}
    </section>
  );
}
