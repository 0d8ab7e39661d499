import { isJsonObject } from '../../shared/json';
import type { Handshake } from '../../shared/session';
import { capabilityNames, eraName, supportedVersions } from '../lib/era';
import { formatMs } from '../lib/format';
import { JsonView } from './JsonView';

function serverText(handshake: Handshake, field: string): string | undefined {
  const value = handshake.serverInfo?.[field];
  return typeof value === 'string' ? value : undefined;
}

/** The extensions the server declared (capabilities.extensions), by identifier. */
function extensionNames(capabilities: Handshake['capabilities']): string[] {
  const extensions = capabilities.extensions;
  return isJsonObject(extensions) ? Object.keys(extensions) : [];
}

function Chips({ names, empty }: { names: string[]; empty: string }) {
  if (names.length === 0) return <span className="muted">{empty}</span>;
  return (
    <span className="chips">
      {names.map((name) => (
        <span key={name} className="chip mono">
          {name}
        </span>
      ))}
    </span>
  );
}

/**
 * What the handshake settled: era and revision (and why), transport, capabilities, serverInfo, instructions,
 * session id. Modern sessions show the server/discover result where legacy ones show initialize's.
 */
export function HandshakeView({
  handshake,
  requestTimeoutMs,
}: {
  handshake: Handshake;
  /** The live connection's per-request timeout, ms (a snapshot has none). */
  requestTimeoutMs?: number;
}) {
  const modern = handshake.era === 'modern';
  const versions = supportedVersions(handshake.discover);
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
        <dd>
          <span className="mono" data-testid="handshake-revision">
            {handshake.protocolVersion}
          </span>{' '}
          <span className={`badge era-badge era-${handshake.era ?? 'legacy'}`}>{eraName(handshake)}</span>
          {handshake.requestedProtocolVersion &&
          handshake.requestedProtocolVersion !== handshake.protocolVersion ? (
            <span className="muted"> (asked {handshake.requestedProtocolVersion})</span>
          ) : null}
          {handshake.eraReason ? (
            <div className="muted small" data-testid="era-reason">
              {handshake.eraReason}
            </div>
          ) : null}
        </dd>
        {handshake.discover ? (
          <>
            <dt>Supported</dt>
            <dd>
              <Chips names={versions} empty="no supportedVersions" />
            </dd>
          </>
        ) : null}
        <dt>{modern ? 'Discover' : 'Initialize'}</dt>
        <dd>{formatMs(handshake.roundTripMs)}</dd>
        {requestTimeoutMs !== undefined ? (
          <>
            <dt>Request timeout</dt>
            <dd data-testid="request-timeout">{requestTimeoutMs} ms</dd>
          </>
        ) : null}
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
          <Chips names={capabilityNames(handshake.capabilities)} empty="none declared" />
        </dd>
        <dt>Extensions</dt>
        <dd data-testid="server-extensions">
          <Chips names={extensionNames(handshake.capabilities)} empty="none declared" />
        </dd>
      </dl>
      {handshake.instructions ? (
        <details className="instructions" open>
          <summary>Instructions from the server</summary>
          <div className="prose-text">{handshake.instructions}</div>
        </details>
      ) : null}
      {handshake.discover ? (
        <details>
          <summary>server/discover result as sent</summary>
          <JsonView value={handshake.discover} label="server/discover result" />
        </details>
      ) : (
        <details>
          <summary>Capabilities and serverInfo as sent</summary>
          <JsonView value={{ capabilities: handshake.capabilities, serverInfo: handshake.serverInfo }} />
        </details>
      )}
    </div>
  );
}
