/**
 * "Replay" on an opened snapshot: serve it back as an MCP server on loopback (the URL, and the stdio command for a
 * host's config, each with a copy button), and open a session on it to call the recorded calls again.
 */
import { useState } from 'react';
import { toErrorData } from '../../shared/errors';
import type { ReplayServing } from '../../shared/replay';
import type { Snapshot } from '../../shared/snapshot';
import './replay.css';
import { openSessionOnReplay, serveSnapshot, servingOf, stopServing } from './replayActions';

function CopyLine({ label, text }: { label: string; text: string }) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    navigator.clipboard.writeText(text).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <div className="replay-line">
      <span className="muted small">{label}</span>
      <code className="mono" data-testid={`replay-${label.toLowerCase().split(' ')[0] ?? ''}`}>
        {text}
      </code>
      <button type="button" onClick={copy} aria-label={`Copy ${label.toLowerCase()}`}>
        {copied ? 'Copied' : 'Copy'}
      </button>
    </div>
  );
}

export function ReplayPanel({ snapshot }: { snapshot: Snapshot }) {
  const [serving, setServing] = useState<ReplayServing | null>(() => servingOf(snapshot));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const serve = () => {
    setBusy(true);
    setError(null);
    serveSnapshot(snapshot)
      .then(setServing, (reason: unknown) => setError(toErrorData(reason).message))
      .finally(() => setBusy(false));
  };
  const stop = () => {
    setServing(null);
    stopServing(snapshot).catch((reason: unknown) => setError(toErrorData(reason).message));
  };
  if (!snapshot.connected) return null;
  return (
    <section className="replay-panel" aria-label="Replay">
      <h3>Replay</h3>
      {serving ? (
        <>
          <p className="small">
            Serving {serving.serverName ?? 'the recorded server'} as recorded ({serving.calls} recorded{' '}
            {serving.calls === 1 ? 'call' : 'calls'}, {serving.era === 'modern' ? '2026-07-28' : '2025'} era).
          </p>
          <CopyLine
            label={serving.transport === 'sse' ? 'URL (legacy SSE)' : 'URL (Streamable HTTP)'}
            text={serving.url}
          />
          <CopyLine label="Command (stdio)" text={serving.command} />
          <div className="button-row">
            <button type="button" onClick={() => void openSessionOnReplay(serving)}>
              Open a session on it
            </button>
            <button type="button" onClick={stop}>
              Stop serving
            </button>
          </div>
        </>
      ) : (
        <div className="button-row">
          <button type="button" onClick={serve} disabled={busy}>
            Serve it
          </button>
          <span className="muted small">as an MCP server on this machine, answering as the server did</span>
        </div>
      )}
      {error ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
