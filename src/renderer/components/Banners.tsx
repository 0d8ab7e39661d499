import { useShallow } from 'zustand/react/shallow';
import { describeTarget } from '../../shared/target';
import type { BackendLink } from '../store/sessionSlice';
import { closeSnapshot, dismissSnapshotError } from '../store/appActions';
import { useLoupeStore } from '../store/store';

const linkMessages: Record<Exclude<BackendLink, 'open'>, string> = {
  connecting: 'Connecting to the Loupe backend…',
  closed: 'Backend disconnected — trying to reconnect…',
  'no-credential':
    'This page has no access token. Open the address Loupe printed when it started (http://127.0.0.1:<port>/?token=…).',
  unreachable:
    'Cannot reach the Loupe backend. If Loupe was restarted, open the new address it printed: the old token ended with the old process.',
};

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
          {linkMessages[link]}
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
