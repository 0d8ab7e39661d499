/**
 * A call held because the server changed since it was pinned and the change is not accepted yet (trust on first
 * use): nothing is sent until the person answers. Accept the change as the new pin and call, call anyway (the pin
 * stays as it was, the banner too), or don't call. Focus starts on "Don't call"; Escape answers it too.
 */
import { QuestionDialog } from '../components/QuestionDialog';
import type { PinCheck, PinHeader } from '../../shared/security';

interface PinHoldProps {
  tool: string;
  /** The MCP App that asked for the call, when an app did. */
  from?: string;
  pin: Extract<PinCheck<PinHeader>, { state: 'changed' }>;
  onAcceptAndCall: () => void;
  onCallAnyway: () => void;
  onCancel: () => void;
}

export function PinHold({ tool, from, pin, onAcceptAndCall, onCallAnyway, onCancel }: PinHoldProps) {
  return (
    <QuestionDialog titleId="pin-hold-title" className="dialog pin-hold" onCancel={onCancel}>
      <h3 id="pin-hold-title">Call {tool} on a changed server?</h3>
      {from ? (
        <p>
          The MCP App <span className="mono small">{from}</span> asks to call {tool}.
        </p>
      ) : null}
      <p>
        The call is held, not sent: this server changed since it was pinned ({pin.pin.pinnedAt}),{' '}
        {pin.changes} change{pin.changes === 1 ? '' : 's'} not accepted yet. Review the changes in the banner
        above first.
      </p>
      <div className="dialog-buttons">
        <button type="button" onClick={onAcceptAndCall}>
          Accept the change and call
        </button>
        <button type="button" onClick={onCallAnyway}>
          Call anyway
        </button>
        <button type="button" onClick={onCancel} autoFocus>
          Don&apos;t call
        </button>
      </div>
    </QuestionDialog>
  );
}
