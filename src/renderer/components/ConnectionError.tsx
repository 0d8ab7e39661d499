/**
 * Why the last connection failed (or the session ended), whole, at the top of the main pane: the doctor's
 * advice, the server's stderr, the details. The sidebar keeps one line that names it and leads here.
 */
import { useShallow } from 'zustand/react/shallow';
import { useLoupeStore } from '../store/store';
import { ErrorNotice, errorTitle } from './ErrorNotice';
import { StderrTail } from './StderrTail';
import './connectionError.css';

const paneId = 'connection-error';

/** The last attempt's error and what it ended, while the session is not connected and no snapshot is open. */
function useShownError() {
  return useLoupeStore(
    useShallow((state) => {
      const error = state.connectError;
      const shown = error !== null && state.status.state !== 'connected' && state.snapshotView === null;
      return {
        error: shown ? error : null,
        context: state.connectErrorPhase === 'session' ? 'Session ended' : 'Connection failed',
      };
    }),
  );
}

/** Moves focus to the main pane's error (from the sidebar's line); focusing brings it into view. */
function showPane(): void {
  document.getElementById(paneId)?.focus();
}

/** The whole error, in the main pane above the views. */
export function ConnectionErrorPane() {
  const { error, context } = useShownError();
  if (!error) return null;
  return (
    <section className="main-error" id={paneId} tabIndex={-1} aria-label="Connection error">
      <ErrorNotice error={error} context={context}>
        {error.kind === 'server-exited' ? <StderrTail /> : null}
      </ErrorNotice>
    </section>
  );
}

/** The sidebar's short line: what failed, as a link to the whole error in the main pane. */
export function ConnectionErrorLine() {
  const { error, context } = useShownError();
  if (!error) return null;
  return (
    <button type="button" className="connect-error-line" onClick={showPane}>
      <span className="connect-error-title">
        {context}: {errorTitle(error)}
      </span>
      <span className="connect-error-more">details in the main pane →</span>
    </button>
  );
}
