import { useShallow } from 'zustand/react/shallow';
import { describeTarget } from '../../shared/target';
import { closeSnapshot, dismissSnapshotError } from '../store/appActions';
import { useLoupeStore } from '../store/store';

/** The backend link, an open snapshot, and snapshot errors: full-width notices above the views. */
export function Banners() {
  const { link, snapshot, snapshotError } = useLoupeStore(
    useShallow((state) => ({
      link: state.backendLink,
      snapshot: state.snapshotView?.snapshot ?? null,
      snapshotError: state.snapshotError,
    })),
  );
  return (
    <>
      {link !== 'open' ? (
        <div className="banner banner-error" role="alert">
          {link === 'closed'
            ? 'Backend disconnected — trying to reconnect…'
            : 'Connecting to the Loupe backend…'}
        </div>
      ) : null}
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
