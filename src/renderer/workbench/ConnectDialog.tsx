/**
 * "Connect…": the connection form in a dialog, for the session shown when it was opened (a connection made here
 * replaces that session's; "+ New session" opens a new one and this dialog on it). It starts from the session's
 * last attempt, or from a saved server being edited (✎). Escape or × closes it, and focus goes back where it was.
 *
 * While the app finds its first session and connects it to its first target (the demo) the form may already be
 * open: an untouched form takes the first target up; one the person has begun to fill in keeps what they chose.
 */
import { useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { defaultRequestTimeoutMs } from '../../shared/session';
import type { Target } from '../../shared/target';
import { ConnectionForm } from '../components/ConnectionForm';
import { useReturnFocus } from '../palette/useReturnFocus';
import { saveServer } from '../store/appActions';
import { connect, type ConnectChoice } from '../store/sessionActions';
import { useLoupeStore } from '../store/store';
import { closeConnectDialog } from './workbenchActions';

function ConnectDialogBody() {
  const { edit, lastTarget, lastProtocol, settings, busy, lastAuth, lastTimeoutMs } = useLoupeStore(
    useShallow((state) => ({
      edit: state.connectDialog?.edit,
      lastTarget: state.lastTarget,
      lastProtocol: state.lastProtocol,
      settings: state.settings,
      busy: state.status.state === 'connecting' || state.backendLink !== 'open',
      lastAuth: state.authLast,
      lastTimeoutMs: state.lastTimeoutMs,
    })),
  );
  const container = useRef<HTMLDivElement>(null);
  useReturnFocus(true, container);
  // The form is filled anew when the session's first target arrives, but not over what the person began meanwhile.
  const touched = useRef(false);
  const [filledFrom, setFilledFrom] = useState(lastTarget !== null);
  if (filledFrom !== (lastTarget !== null) && !touched.current) setFilledFrom(lastTarget !== null);
  const choice: ConnectChoice = edit
    ? edit.choice
    : {
        protocol: lastProtocol,
        ...(lastAuth ? { auth: lastAuth } : {}),
        ...(lastTimeoutMs !== null ? { timeoutMs: lastTimeoutMs } : {}),
      };
  const run = (target: Target, chosen: ConnectChoice) => {
    closeConnectDialog();
    void connect(target, chosen);
  };
  return (
    <div className="modal-backdrop" onMouseDown={closeConnectDialog}>
      <div
        ref={container}
        className="dialog connect-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="connect-dialog-title"
        onMouseDown={(event) => event.stopPropagation()}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            closeConnectDialog();
          }
        }}
      >
        <div className="dialog-head">
          <h2 id="connect-dialog-title">{edit ? 'Edit a saved server' : 'Connect'}</h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={closeConnectDialog}>
            ×
          </button>
        </div>
        <p className="muted small">
          Connects the session shown now (its current connection ends); “+ New session” keeps it and opens
          another.
        </p>
        <ConnectionForm
          key={`${edit ? 'edit' : 'last'}-${filledFrom ? 1 : 0}`}
          initial={edit?.target ?? lastTarget}
          onEdit={() => (touched.current = true)}
          {...(choice.protocol ? { initialProtocol: choice.protocol } : {})}
          {...(choice.auth ? { initialAuth: choice.auth } : {})}
          {...(choice.timeoutMs !== undefined ? { initialTimeoutMs: choice.timeoutMs } : {})}
          defaultTimeoutMs={settings?.timeoutMs ?? defaultRequestTimeoutMs}
          busy={busy}
          onConnect={run}
          onSave={(name, target, chosen) => void saveServer(name, target, chosen)}
        />
      </div>
    </div>
  );
}

/** Open while the session it was opened for is shown (one opened before any session adopts the first). */
export function ConnectDialog() {
  const open = useLoupeStore((state) => {
    const dialog = state.connectDialog;
    return dialog !== null && (dialog.session === null || dialog.session === state.shownSession);
  });
  return open ? <ConnectDialogBody /> : null;
}
