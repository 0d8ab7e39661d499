import type { LoupeErrorData } from '../../shared/errors';
import type { ListState } from '../store/listsSlice';
import type { ListPage } from '../../shared/lists';
import { isJsonObject } from '../../shared/json';
import { formatCount, plural } from '../lib/format';
import { fetchMorePages, refreshList } from '../store/sessionActions';
import { selectReadOnly } from '../store/selectors';
import { useLoupeStore } from '../store/store';
import './listHeader.css';
import { isDiagnosis } from '../../shared/doctor';
import { DoctorAdvice, errorTitle } from './ErrorNotice';

const stopReasons: Partial<Record<LoupeErrorData['kind'], string>> = {
  'page-limit': 'stopped at the page limit',
  'cursor-loop': 'the server repeated a cursor (cursor loop)',
  timeout: 'a page timed out',
  disconnected: 'the connection closed during the walk',
};

/** "ttlMs 60000 · cacheScope public": the modern cache hints the pages carried (ranges when pages differ). */
export function cacheHint(pages: ListPage[]): string | undefined {
  const ttls = [...new Set(pages.flatMap((page) => (page.ttlMs === undefined ? [] : [page.ttlMs])))];
  const scopes = [
    ...new Set(pages.flatMap((page) => (page.cacheScope === undefined ? [] : [page.cacheScope]))),
  ];
  const parts: string[] = [];
  if (ttls.length > 0) {
    const low = Math.min(...ttls);
    const high = Math.max(...ttls);
    parts.push(low === high ? `ttlMs ${low}` : `ttlMs ${low}–${high}`);
  }
  if (scopes.length > 0) parts.push(`cacheScope ${scopes.join('/')}`);
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

/** The page limit the walk stopped at (its error's data), the size of each "Fetch the next N pages". */
function pageLimitOf(error: LoupeErrorData | undefined): number | undefined {
  if (error?.kind !== 'page-limit' || !isJsonObject(error.data)) return undefined;
  const limit = error.data.pageLimit;
  return typeof limit === 'number' && Number.isInteger(limit) && limit > 0 ? limit : undefined;
}

interface ListHeaderProps {
  state: ListState;
  noun: string;
  /** How many items pass the filter, when a filter is set. */
  shown?: number;
  /** Rows shown while the walk is still going (see streamedItems): counted as "so far", never as the list. */
  streamed?: number;
}

/** Count, pages, progress and — loudly — a listing that stopped early. Never shows a partial list as complete. */
export function ListHeader({ state, noun, shown, streamed }: ListHeaderProps) {
  const { result, progress, loading, diff } = state;
  const live = useLoupeStore((store) => store.status.state === 'connected' && !selectReadOnly(store));
  return (
    <div className="list-header">
      {streamed !== undefined && loading ? (
        <div className="list-count-row">
          <div className="list-count" aria-live="polite" data-testid="streamed-count">
            <strong>
              {formatCount(streamed)} of … {noun}s
            </strong>
            <span className="muted"> · {plural(progress?.pages ?? 0, 'page')} so far</span>
            {shown !== undefined && shown !== streamed ? (
              <span className="muted"> · {formatCount(shown)} shown</span>
            ) : null}{' '}
            <span className="badge badge-info">still listing</span>
          </div>
        </div>
      ) : result ? (
        <div className="list-count-row">
          <div className="list-count" aria-live="polite">
            <strong>{plural(result.items.length, noun)}</strong>
            <span className="muted"> · {plural(result.pages.length, 'page')}</span>
            {shown !== undefined && shown !== result.items.length ? (
              <span className="muted"> · {formatCount(shown)} shown</span>
            ) : null}
            {cacheHint(result.pages) ? (
              <span className="muted" data-testid="cache-hint">
                {' '}
                · {cacheHint(result.pages)}
              </span>
            ) : null}
            {result.complete ? null : <span className="badge badge-error">incomplete</span>}
          </div>
          {live ? (
            // Lists the server's current items again (the doctor's way on from a stale list).
            <button
              type="button"
              className="list-relist"
              disabled={loading}
              title={`List the ${noun}s again, every page`}
              onClick={() => void refreshList(result.kind)}
            >
              Re-list
            </button>
          ) : null}
        </div>
      ) : null}
      {loading ? (
        <div className="list-progress" role="status">
          <span className="spinner" aria-hidden="true" />
          {progress
            ? `Listing… page ${formatCount(progress.pages)}, ${plural(progress.items, noun)} so far — still listing`
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
            {result.pages.length === 0
              ? `No page was received: the server’s ${noun}s are unknown.`
              : `Only the first ${plural(result.pages.length, 'page')} (${plural(result.items.length, noun)}) were received; the server has more.`}
          </p>
          {pageLimitOf(result.error) !== undefined ? (
            <div className="button-row">
              <button
                type="button"
                disabled={loading}
                onClick={() => void fetchMorePages(result.kind, pageLimitOf(result.error) ?? 1)}
              >
                Fetch the next {plural(pageLimitOf(result.error) ?? 1, 'page')}
              </button>
              <button
                type="button"
                disabled={loading}
                onClick={() => void fetchMorePages(result.kind, 'all')}
              >
                Fetch all
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
      {result && isDiagnosis(result.doctor) ? (
        <div className="notice notice-warning" role="status" aria-label="Listing advice">
          <div className="notice-title">This listing looks wrong</div>
          <DoctorAdvice doctor={result.doctor} />
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
