import { useState } from 'react';
import type { Frame } from '../../shared/frames';
import { JsonView } from '../components/JsonView';
import { frameMethod } from '../lib/frameFilter';
import type { FrameLog } from '../lib/frameLog';
import { formatBytes, formatMs, formatOffset, prettyRaw } from '../lib/format';
import { selectFrame } from '../store/appActions';

export function FrameDetail({ frame, log }: { frame: Frame; log: FrameLog }) {
  const [view, setView] = useState<'formatted' | 'raw'>('formatted');
  const [copied, setCopied] = useState(false);
  const pair = frame.pairSeq !== undefined ? log.bySeq(frame.pairSeq) : findAnswer(frame, log);
  const copy = () => {
    navigator.clipboard.writeText(frame.raw).then(
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
        {frame.parseError ? <div className="notice notice-error">Malformed: {frame.parseError}</div> : null}
        {frame.http ? (
          <div className="muted small mono">
            HTTP {frame.http.method ?? ''} {frame.http.url ?? ''} {frame.http.status ?? ''}{' '}
            {frame.http.contentType ?? ''}
          </div>
        ) : null}
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
          <button type="button" onClick={copy}>
            {copied ? 'Copied' : 'Copy frame'}
          </button>
          {pair ? (
            <button type="button" onClick={() => selectFrame(pair.seq)}>
              {frame.pairSeq !== undefined ? `Go to request #${pair.seq}` : `Go to response #${pair.seq}`}
            </button>
          ) : null}
        </div>
      </header>
      {view === 'raw' ? (
        <pre className="raw-frame" aria-label="Raw frame" tabIndex={0}>
          {frame.raw}
        </pre>
      ) : (
        <JsonView text={prettyRaw(frame.raw)} label="Formatted frame" />
      )}
    </article>
  );
}

/** For a request: the response that names it as its pair (searched forward a bounded distance). */
function findAnswer(frame: Frame, log: FrameLog): Frame | undefined {
  if (frame.kind !== 'request') return undefined;
  const start = log.indexOfSeq(frame.seq);
  if (start < 0) return undefined;
  const end = Math.min(log.frames.length, start + 20_000);
  for (let index = start + 1; index < end; index += 1)
    if (log.frames[index].pairSeq === frame.seq) return log.frames[index];
  return undefined;
}
