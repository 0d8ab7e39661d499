import { useShallow } from 'zustand/react/shallow';
import { describeTarget } from '../../shared/target';
import type { BackendLink } from '../store/sessionSlice';
import { closeSnapshot, dismissNotice, dismissSnapshotError } from '../store/appActions';
import { useLoupeStore } from '../store/store';

/** The link's state while the app is usable; without a usable token the whole page says so (AccessPage). */
const linkMessages: Partial<Record<BackendLink, string>> = {
  connecting: 'Connecting to the Loupe backend…',
  closed: 'Backend disconnected — trying to reconnect…',
};

/**
 * The backend link, an open snapshot, snapshot errors and the outcome of the last save: full-width notices
 * above the views, in the layout (they push the views down, never cover them).
 */
export function Banners() {
  const { link, snapshot, snapshotError, notice } = useLoupeStore(
    useShallow((state) => ({
      link: state.backendLink,
      snapshot: state.snapshotView?.snapshot ?? null,
      snapshotError: state.snapshotError,
      notice: state.notice,
    })),
  );
  return (
    <>
      {linkMessages[link] ? (
        <div className="banner banner-error" role="alert">
          {linkMessages[link]}
        </div>
      ) : null}
      {link === 'ended' ? <EndedBanner origin={window.location.origin} /> : null}
      {snapshot ? (
        <div className="banner banner-snapshot" role="status">
          <span>
            Snapshot of <strong className="mono">{describeTarget(snapshot.target)}</strong> taken{' '}
            {snapshot.testedAt}
            <span className="muted"> · read-only, offline</span>
          </span>
          <button type="button" onClick={closeSnapshot}>
            Back to live session
          </button>
        </div>
      ) : null}
      {/* Always present, so screen readers hear each new outcome of a save. */}
      <div
        className={notice ? `banner banner-notice notice-${notice.tone}` : 'banner-notice-empty'}
        role="status"
        aria-label="Last action"
      >
        {notice ? (
          <>
            <span>{notice.text}</span>
            <button type="button" onClick={dismissNotice}>
              Dismiss
            </button>
          </>
        ) : null}
      </div>
      {snapshotError ? (
        <div className="banner banner-error" role="alert">
          <span>{snapshotError}</span>
          <button type="button" onClick={dismissSnapshotError}>
            Dismiss
          </button>
        </div>
      ) : null}
    </>
  );
}

/**
 * The Loupe of this tab has ended (it dropped, and nothing answers at its address since): said plainly, with the way
 * on, as the access page says it for a token of an earlier run. What the tab shows stays, to be read.
 */
function EndedBanner({ origin }: { origin: string }) {
  return (
    <div className="banner banner-error" role="alert" data-testid="ended-banner">
      <span>
        This Loupe has ended: nothing answers at {origin} any more.{' '}
        <span className="banner-detail">
          This tab can no longer list, call or save; what it shows is what it had. If you started Loupe again,
          open the address it printed (<code>Loupe is at http://127.0.0.1:…/?token=…</code>): each run has its
          own address and token.
        </span>
      </span>
    </div>
  );
}
