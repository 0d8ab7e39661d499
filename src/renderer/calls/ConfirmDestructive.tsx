/** Asked before calling a tool whose annotations claim destructiveHint: the claim is the server's, untrusted. */
export function ConfirmDestructive({ tool, onConfirm, onCancel }: { tool: string; onConfirm: () => void; onCancel: () => void }) {
  return (
    <div role="dialog" aria-modal="true" aria-labelledby="confirm-destructive-title" className="dialog confirm-destructive">
      <h3 id="confirm-destructive-title">Call {tool}?</h3>
      <p>
        The server&apos;s annotations claim this tool is destructive (<code>destructiveHint: true</code>): it may
        change or delete things.
      </p>
      <p className="muted">
        Annotations are the server&apos;s own claim and are untrusted: a tool may be more (or less) dangerous than
        its hints say.
      </p>
      <div className="dialog-buttons">
        <button type="button" onClick={onConfirm}>
          Call anyway
        </button>
        <button type="button" onClick={onCancel} autoFocus>
          Don&apos;t call
        </button>
      </div>
    </div>
  );
}
