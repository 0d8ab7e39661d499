/** One row of the traffic table. The method cell carries the whole method as a tooltip; HTTP rows say what they are. */
import type { PushedFrame } from '../../shared/frames';
import { formatBytes, formatMs, formatOffset } from '../lib/format';
import { httpSummary } from '../lib/httpSummary';
import { frameErrorCode, type RoundMark } from '../lib/roundMarks';

const kindLabels: Record<PushedFrame['kind'], string> = {
  request: 'request',
  response: 'response',
  error: 'error',
  notification: 'notify',
  invalid: 'INVALID',
  stderr: 'stderr',
  http: 'http',
};

interface FrameRowProps {
  frame: PushedFrame;
  method: string | undefined;
  mark: RoundMark | undefined;
}

function directionTitle(frame: PushedFrame): string {
  if (frame.channel === 'app') return frame.direction === 'out' ? 'sent to the app' : 'received from the app';
  return frame.direction === 'out' ? 'sent to the server' : 'received from the server';
}

/** The app mark: on the app's own channel (app ⇄ Loupe), or on the server connection for the app. */
function appMarkTitle(frame: PushedFrame): string {
  return frame.channel === 'app'
    ? `between Loupe and the MCP App ${frame.app ?? ''} (its own channel, not the server's)`
    : `for the MCP App ${frame.app ?? ''} (on the server connection)`;
}

function subject(frame: PushedFrame, method: string | undefined): string {
  // These kinds always cross with their text (only list pages do not).
  if (frame.kind === 'stderr' || frame.kind === 'invalid') return (frame.raw ?? '').slice(0, 200);
  if (frame.kind === 'http') return httpSummary(frame);
  return method ?? '';
}

export function FrameRow({ frame, method, mark }: FrameRowProps) {
  const code = frameErrorCode(frame);
  const text = subject(frame, method);
  return (
    <div
      className={`frame-row kind-${frame.kind} row-${frame.direction}${mark ? ' in-round-chain' : ''}`}
      title={mark ? `${mark.tool}: round ${mark.round} of ${mark.total} of one call` : undefined}
    >
      <span className="muted">{frame.seq}</span>
      <span className="muted">{formatOffset(frame.t)}</span>
      <span className={`dir dir-${frame.direction}`} title={directionTitle(frame)}>
        {frame.channel === 'app'
          ? frame.direction === 'out'
            ? '⇢'
            : '⇠'
          : frame.direction === 'out'
            ? '→'
            : '←'}
      </span>
      <span className={`kind kind-${frame.kind}`}>{frame.http?.auth ? 'auth' : kindLabels[frame.kind]}</span>
      <span
        className="mono ellipsis frame-method"
        title={
          text === ''
            ? undefined
            : `${mark ? `${mark.round > 1 ? '↳' : ''}${mark.round}/${mark.total}` : ''}${text}${code ? ` ${code}` : ''}`
        }
      >
        {mark ? (
          <span
            className="round-mark"
            data-testid="round-mark"
            aria-label={`round ${mark.round} of ${mark.total}`}
          >
            {mark.round > 1 ? '↳' : ''}
            {mark.round}/{mark.total}
          </span>
        ) : null}
        {frame.app ? (
          <span
            className={`app-mark${frame.channel === 'app' ? ' app-channel' : ''}`}
            data-testid="app-mark"
            data-channel={frame.channel ?? 'server'}
            title={appMarkTitle(frame)}
          >
            {frame.channel === 'app' ? 'app⇄' : 'app'}{' '}
          </span>
        ) : null}
        {frame.fault ? (
          <span
            className="fault-mark"
            data-testid="fault-mark"
            title={`Injected by loupe tap: ${frame.fault}`}
          >
            fault{' '}
          </span>
        ) : null}
        {text}
        {code ? <span className="error-code"> {code}</span> : null}
      </span>
      <span className="mono ellipsis">{frame.id === undefined ? '' : String(frame.id)}</span>
      <span
        className="num muted"
        title={frame.bytes === 0 ? 'no body: an HTTP exchange without JSON-RPC text' : undefined}
      >
        {formatBytes(frame.bytes)}
      </span>
      <span className="num">{frame.rttMs === undefined ? '' : formatMs(frame.rttMs)}</span>
    </div>
  );
}
