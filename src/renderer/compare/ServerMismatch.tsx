import { useShallow } from 'zustand/react/shallow';
import { describeTarget } from '../../shared/target';
import { sessionLabel } from '../sessions/sessionLabel';
import { useLoupeStore } from '../store/store';
import { sessionsOfServer } from './matchingSessions';
import './serverMismatch.css';

interface ServerMismatchProps {
  /** The server the recorded side is of (its serverInfo.name). */
  recorded: string;
  /** The server of the live session it would be (or was) compared with. */
  live: string;
  /** Compares the recorded side with that session's live listing instead. */
  onCompareWith: (session: string) => void;
  /** The narrow sidebar card: the names and the offer, without the explanation. */
  compact?: boolean;
}

/**
 * A snapshot compared with the live session of another server: says so before the diff is believed, and offers
 * each open session of the snapshot's server instead (the server names are claims too, but they are what the
 * user recognises).
 */
export function ServerMismatch({ recorded, live, onCompareWith, compact = false }: ServerMismatchProps) {
  const matching = useLoupeStore(
    useShallow((state) => sessionsOfServer(state.sessionList, recorded, state.shownSession)),
  );
  return (
    <div className="notice notice-warning server-mismatch" role="status" aria-label="Different servers">
      <div className="notice-title mismatch-title">
        Different servers: the snapshot is of <span className="mono">{recorded}</span>, this live session of{' '}
        <span className="mono">{live}</span>
      </div>
      {compact ? null : (
        <p className="notice-message">
          The server names differ: compared, nearly every item shows as added or removed.
        </p>
      )}
      {matching.length === 0 ? (
        <p className="notice-message muted">
          No open session is of {recorded}: open one (+ New session) and connect it to compare with it.
        </p>
      ) : (
        <div className="button-row">
          {matching.map((entry) => {
            const target = entry.status.state === 'idle' ? '' : describeTarget(entry.status.target);
            // Two open sessions of the server are told apart by their targets; in the narrow card only then.
            const showTarget = target !== '' && (!compact || matching.length > 1);
            return (
              <button key={entry.id} type="button" title={target} onClick={() => onCompareWith(entry.id)}>
                Compare with the open session of {sessionLabel(entry.status)}
                {showTarget ? ` (${target})` : ''}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
