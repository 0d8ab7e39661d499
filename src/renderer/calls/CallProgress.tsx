/** Progress of a running call from notifications/progress, and what ends it (cancel, timeout). */
import type { CallRecord } from '../store/callsSlice';

export function CallProgress({ record, timeoutMs, onCancel }: { record: CallRecord; timeoutMs?: number; onCancel: () => void }) {
  const progress = record.progress;
  const total = progress?.total;
  return (
    <div className="call-progress" aria-live="polite">
      {progress && total !== undefined && total > 0 ? (
        <progress aria-label="Call progress" value={progress.progress} max={total} />
      ) : (
        <progress aria-label="Call progress" />
      )}{' '}
      <span className="small">
        {progress ? `${progress.progress}${total !== undefined ? ` / ${total}` : ''}` : 'Waiting for the server…'}
        {progress?.message ? ` — ${progress.message}` : ''}
      </span>{' '}
      {timeoutMs !== undefined && <span className="muted small">(times out after {timeoutMs} ms without progress; time spent answering the server’s questions does not count)</span>}{' '}
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
