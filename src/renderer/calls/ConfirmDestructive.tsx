/**
 * Asked before calling a tool whose annotations claim destructiveHint (the person's own call), and before an
 * MCP App's call of a destructive or not-read-only tool (`app` set: it names the app and its server, shows the
 * arguments the app chose, and offers "Allow for this app in this session"). The claims are the server's,
 * untrusted. Focus starts on "Don't call"; Escape answers it too.
 */
import { QuestionDialog } from '../components/QuestionDialog';
import type { AppConsentReason } from '../../shared/apps';
import type { JsonObject } from '../../shared/json';

export interface ConfirmForApp {
  uri: string;
  server?: string;
  arguments: JsonObject;
  reasons: AppConsentReason[];
  onAllowForApp: () => void;
  /** Further app calls waiting behind this one. */
  waiting?: number;
}

interface ConfirmDestructiveProps {
  tool: string;
  onConfirm: () => void;
  onCancel: () => void;
  app?: ConfirmForApp;
}

const untrusted = (
  <p className="muted">
    Annotations are the server&apos;s own claim and are untrusted: a tool may be more (or less) dangerous than
    its hints say.
  </p>
);

function Reasons({ reasons }: { reasons: readonly AppConsentReason[] }) {
  return (
    <ul>
      {reasons.includes('destructive') ? (
        <li>
          The server&apos;s annotations claim this tool is destructive (<code>destructiveHint: true</code>):
          it may change or delete things.
        </li>
      ) : null}
      {reasons.includes('not-read-only') ? (
        <li>
          The server does not claim this tool is read-only (no <code>readOnlyHint: true</code>): it may change
          things.
        </li>
      ) : null}
    </ul>
  );
}

export function ConfirmDestructive({ tool, onConfirm, onCancel, app }: ConfirmDestructiveProps) {
  return (
    <QuestionDialog
      titleId="confirm-destructive-title"
      className={`dialog confirm-destructive${app ? ' confirm-app-call' : ''}`}
      onCancel={onCancel}
    >
      <h3 id="confirm-destructive-title">Call {tool}?</h3>
      {app ? (
        <>
          <p>
            The MCP App <span className="mono">{app.uri}</span>
            {app.server ? (
              <>
                {' '}
                of the server <strong>{app.server}</strong>
              </>
            ) : null}{' '}
            asks to call <strong>{tool}</strong> with these arguments:
          </p>
          <pre className="mono small confirm-arguments">{JSON.stringify(app.arguments, null, 2)}</pre>
          <Reasons reasons={app.reasons} />
        </>
      ) : (
        <p>
          The server&apos;s annotations claim this tool is destructive (<code>destructiveHint: true</code>):
          it may change or delete things.
        </p>
      )}
      {untrusted}
      {app ? (
        <p className="muted small">
          Allow for this app in this session: the app may call {tool} again without asking, until this
          connection ends.
        </p>
      ) : null}
      {app?.waiting ? (
        <p className="muted small">
          {app.waiting} more {app.waiting === 1 ? 'call' : 'calls'} of the app wait behind this one.
        </p>
      ) : null}
      <div className="dialog-buttons">
        <button type="button" onClick={onConfirm}>
          Call anyway
        </button>
        {app ? (
          <button type="button" onClick={app.onAllowForApp}>
            Allow for this app in this session
          </button>
        ) : null}
        <button type="button" onClick={onCancel} autoFocus>
          Don&apos;t call
        </button>
      </div>
    </QuestionDialog>
  );
}
