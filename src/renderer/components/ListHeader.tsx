import type { LoupeErrorData } from '../../shared/errors';
import type { ListState } from '../store/listsSlice';
import { formatCount, plural } from '../lib/format';
import { errorTitle } from './ErrorNotice';

const stopReasons: Partial<Record<LoupeErrorData['kind'], string>> = {
  'page-limit': 'stopped at the page limit',
  'cursor-loop': 'the server repeated a cursor (cursor loop)',
  timeout: 'a page timed out',
  disconnected: 'the connection closed during the walk',
};

interface ListHeaderProps {
  state: ListState;
  noun: string;
  /** How many items pass the filter, when a filter is set. */
  shown?: number;
}

/** Count, pages, progress and — loudly — a listing that stopped early. Never shows a partial list as complete. */
export function ListHeader({ state, noun, shown }: ListHeaderProps) {
  const { result, progress, loading, diff } = state;
  return (
    <div className="list-header">
      {result ? (
        <div className="list-count" aria-live="polite">
          <strong>{plural(result.items.length, noun)}</strong>
          <span className="muted"> · {plural(result.pages.length, 'page')}</span>
          {shown !== undefined && shown !== result.items.length ? (
            <span className="muted"> · {formatCount(shown)} shown</span>
          ) : null}
          {result.complete ? null : <span className="badge badge-error">incomplete</span>}
        </div>
      ) : null}
      {loading ? (
        <div className="list-progress" role="status">
          <span className="spinner" aria-hidden="true" />
          {progress
            ? `Listing… page ${formatCount(progress.pages)}, ${plural(progress.items, noun)} so far`
            : `Listing ${noun}s…`}
        </div>
      ) : null}
      {result && !result.complete ? (
        <div className="notice notice-error" role="alert">
          <div className="notice-title">
            Listing incomplete:{' '}
            {result.error
              ? (stopReasons[result.error.kind] ?? errorTitle(result.error))
              : 'the walk did not reach the last page'}
          </div>
          {result.error ? <p className="notice-message">{result.error.message}</p> : null}
          <p className="notice-message muted">
            Only the first {plural(result.pages.length, 'page')} ({plural(result.items.length, noun)}) were
            received; the server has more.
          </p>
        </div>
      ) : null}
      {diff && (diff.added.length > 0 || diff.changed.length > 0 || diff.removed.length > 0) ? (
        <div className="notice notice-info" role="status">
          <div className="notice-title">
            List changed: {diff.added.length} added, {diff.changed.length} changed, {diff.removed.length}{' '}
            removed
          </div>
          {diff.removed.length > 0 ? (
            <p className="notice-message">Removed: {diff.removed.join(', ')}</p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
