import type { Handshake } from '../../shared/session';
import { formatMs } from '../lib/format';
import { JsonView } from './JsonView';

function serverText(handshake: Handshake, field: string): string | undefined {
  const value = handshake.serverInfo?.[field];
  return typeof value === 'string' ? value : undefined;
}

/** What initialize settled: transport, versions, capabilities, serverInfo, instructions, session id. */
export function HandshakeView({ handshake }: { handshake: Handshake }) {
  const capabilities = Object.keys(handshake.capabilities);
  return (
    <div className="handshake">
      <dl className="facts">
        <dt>Server</dt>
        <dd className="mono">
          {serverText(handshake, 'name') ?? <span className="muted">no serverInfo.name</span>}
          {serverText(handshake, 'version') ? ` ${serverText(handshake, 'version')}` : ''}
        </dd>
        <dt>Transport</dt>
        <dd>
          {handshake.transport}
          {handshake.fallbackReason ? (
            <div className="muted small">fell back: {handshake.fallbackReason}</div>
          ) : null}
        </dd>
        <dt>Protocol</dt>
        <dd className="mono">
          {handshake.protocolVersion}
          {handshake.requestedProtocolVersion &&
          handshake.requestedProtocolVersion !== handshake.protocolVersion ? (
            <span className="muted"> (asked {handshake.requestedProtocolVersion})</span>
          ) : null}
        </dd>
        <dt>Initialize</dt>
        <dd>{formatMs(handshake.roundTripMs)}</dd>
        {handshake.sessionId ? (
          <>
            <dt>Session</dt>
            <dd className="mono ellipsis" title={handshake.sessionId}>
              {handshake.sessionId}
            </dd>
          </>
        ) : null}
        <dt>Capabilities</dt>
        <dd>
          {capabilities.length === 0 ? (
            <span className="muted">none declared</span>
          ) : (
            <span className="chips">
              {capabilities.map((name) => (
                <span key={name} className="chip mono">
                  {name}
                </span>
              ))}
            </span>
          )}
        </dd>
      </dl>
      {handshake.instructions ? (
        <details className="instructions" open>
          <summary>Instructions from the server</summary>
          <div className="prose-text">{handshake.instructions}</div>
        </details>
      ) : null}
      <details>
        <summary>Capabilities and serverInfo as sent</summary>
        <JsonView value={{ capabilities: handshake.capabilities, serverInfo: handshake.serverInfo }} />
      </details>
    </div>
  );
}
