import { useEffect, useState } from 'react';
import type { PushedFrame } from '../../shared/frames';
import { JsonView } from '../components/JsonView';
import { frameMethod } from '../lib/frameFilter';
import type { FrameLog } from '../lib/frameLog';
import { formatBytes, formatMs, formatOffset, prettyJsonText } from '../lib/format';
import { frameErrorCode, type RoundMark } from '../lib/roundMarks';
import { selectFrame } from '../store/appActions';
import { readFrameTexts } from '../store/frameTexts';

interface FrameDetailProps {
  frame: PushedFrame;
  log: FrameLog;
  mark?: RoundMark;
  /** Go to the paired frame; the default selects it. */
  onJump?: (seq: number) => void;
}

export function FrameDetail({ frame, log, mark, onJump = selectFrame }: FrameDetailProps) {
  const code = frameErrorCode(frame);
  const [view, setView] = useState<'formatted' | 'raw'>('formatted');
  const [copied, setCopied] = useState(false);
  const pair = frame.pairSeq !== undefined ? log.bySeq(frame.pairSeq) : findAnswer(frame, log);
  // A list page crossed without its text: read it by seq now (the log re-renders this with the whole frame).
  const raw = frame.raw;
  const unread = raw === undefined && !log.missing.has(frame.seq);
  useEffect(() => {
    if (unread) void readFrameTexts([frame.seq]);
  }, [unread, frame.seq]);
  const copy = () => {
    if (raw === undefined) return;
    navigator.clipboard.writeText(raw).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <article className="frame-detail">
      <header className="frame-detail-header">
        <h2>
          #{frame.seq} {frame.direction === 'out' ? 'sent' : 'received'} {frame.kind}
          {frameMethod(frame, log) ? <span className="mono"> {frameMethod(frame, log)}</span> : null}
        </h2>
        <div className="muted small">
          {formatOffset(frame.t)} · {new Date(frame.wall).toISOString()} · {formatBytes(frame.bytes)}
          {frame.id !== undefined ? ` · id ${JSON.stringify(frame.id)}` : ''}
          {frame.rttMs !== undefined ? ` · round trip ${formatMs(frame.rttMs)}` : ''}
        </div>
        {mark ? (
          <div className="muted small">
            {mark.tool}: round {mark.round} of {mark.total} of one call
            {mark.round < mark.total ? ' (the server asked for input)' : ' (final answer)'}
          </div>
        ) : null}
        {code ? <div className="notice notice-error">JSON-RPC error {code}</div> : null}
        {frame.parseError ? <div className="notice notice-error">Malformed: {frame.parseError}</div> : null}
        {frame.fault ? (
          <div className="notice notice-error" data-testid="frame-fault">
            Injected by loupe tap, not the server&apos;s own behaviour: {frame.fault}
          </div>
        ) : null}
        {frame.http ? (
          <div className="muted small mono">
            HTTP {frame.http.method ?? ''} {frame.http.url ?? ''} {frame.http.status ?? ''}{' '}
            {frame.http.contentType ?? ''}
          </div>
        ) : null}
        {frame.http?.auth ? (
          <div className="muted small">
            Sign-in step “{frame.http.auth}” (secrets masked; see the Auth view)
          </div>
        ) : null}
        {frame.http?.requestHeaders ? <RequestHeaders headers={frame.http.requestHeaders} /> : null}
        <div className="button-row">
          <div className="segmented" role="radiogroup" aria-label="Frame view">
            <button
              type="button"
              role="radio"
              aria-checked={view === 'formatted'}
              onClick={() => setView('formatted')}
            >
              Formatted
            </button>
            <button type="button" role="radio" aria-checked={view === 'raw'} onClick={() => setView('raw')}>
              Raw
            </button>
          </div>
          <button type="button" onClick={copy} disabled={raw === undefined}>
            {copied ? 'Copied' : 'Copy frame'}
          </button>
          {pair ? (
            <button type="button" onClick={() => onJump(pair.seq)}>
              {frame.pairSeq !== undefined ? `Go to request #${pair.seq}` : `Go to response #${pair.seq}`}
            </button>
          ) : null}
        </div>
      </header>
      {raw === undefined ? (
        <TextNotHere frame={frame} why={log.missing.get(frame.seq)} />
      ) : view === 'raw' ? (
        <pre className="raw-frame" aria-label="Raw frame" tabIndex={0}>
          {raw}
        </pre>
      ) : (
        <FormattedFrame raw={raw} />
      )}
    </article>
  );
}

/** A list page whose text is being read from the backend, or could not be (never a blank shown as the frame). */
function TextNotHere({ frame, why }: { frame: PushedFrame; why: string | undefined }) {
  return why === undefined ? (
    <p className="muted" role="status" data-testid="frame-text-reading">
      Reading frame #{frame.seq}&apos;s text ({formatBytes(frame.bytes)}) from the backend…
    </p>
  ) : (
    <div className="notice notice-error" role="alert" data-testid="frame-text-gone">
      {why}
    </div>
  );
}

/** JSON made pretty and coloured; anything else (stderr, a malformed frame) as plain text, nothing coloured in it. */
function FormattedFrame({ raw }: { raw: string }) {
  const pretty = prettyJsonText(raw);
  if (pretty !== undefined) return <JsonView text={pretty} label="Formatted frame" />;
  return (
    <>
      <p className="muted small">Not JSON: shown as received.</p>
      <pre className="json-view" aria-label="Formatted frame" tabIndex={0}>
        {raw}
      </pre>
    </>
  );
}

/** The Mcp-* headers an outbound HTTP request carried, as recorded (other headers are never recorded). */
function RequestHeaders({ headers }: { headers: Record<string, string> }) {
  const names = Object.keys(headers).sort();
  if (names.length === 0) return null;
  return (
    <table className="data-table request-headers" aria-label="Request headers">
      <tbody>
        {names.map((name) => (
          <tr key={name}>
            <th className="mono">{name}</th>
            <td className="mono">{headers[name]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** For a request: the response that names it as its pair (searched forward a bounded distance). */
function findAnswer(frame: PushedFrame, log: FrameLog): PushedFrame | undefined {
  if (frame.kind !== 'request') return undefined;
  const start = log.indexOfSeq(frame.seq);
  if (start < 0) return undefined;
  const end = Math.min(log.frames.length, start + 20_000);
  for (let index = start + 1; index < end; index += 1)
    if (log.frames[index].pairSeq === frame.seq) return log.frames[index];
  return undefined;
}
