/** The task a call became: its id, live status and status message, and every status seen so far. */
import { useLoupeStore } from '../store/store';
import { NotCancelled } from './NotCancelled';
import { cancelFailed, ttlText } from './taskSupport';
import './tasks.css';

export function TaskLive({ callId }: { callId: string }) {
  const record = useLoupeStore((state) => Object.values(state.tasks).find((task) => task.callId === callId));
  if (!record) return null;
  return (
    <div className="task-live" aria-live="polite" data-testid="task-live">
      <div>
        Task <span className="mono">{record.taskId}</span>:{' '}
        <span className={`badge task-status task-${record.status}`} data-testid="task-status">
          {record.status}
        </span>
        {cancelFailed(record) ? <NotCancelled /> : null}
        {record.statusMessage ? <span className="task-message"> — {record.statusMessage}</span> : null}
        <span className="muted small">
          {' '}
          (TTL {ttlText(record.ttlMs)}
          {record.pollIntervalMs !== undefined ? `, polled every ${record.pollIntervalMs} ms` : ''})
        </span>
      </div>
      {record.error ? <div className="task-error small">{record.error.message}</div> : null}
      <ol className="task-history small" aria-label="Task status history">
        {record.history.map((entry, index) => (
          <li key={index}>
            <span className="mono">{entry.status}</span>
            {entry.statusMessage ? ` — ${entry.statusMessage}` : ''}{' '}
            <span className="muted">({entry.source})</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
