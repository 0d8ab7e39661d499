/**
 * What the suite is pointed at, and which revision judges it: an HTTP target directly (its revision from Loupe's
 * own era probe: server/discover answered → 2026-07-28, else 2025-11-25), a stdio target through the stdio bridge
 * (2025-11-25 by default, translated to Streamable HTTP sessions; at --spec-version 2026-07-28 a pass-through). Shared by `loupe conform` and the Conformance tab.
 */
import { conformRevisions, type ConformRevision } from '../../shared/conform.js';
import { LoupeError } from '../../shared/errors.js';
import { describeTarget, type Target } from '../../shared/target.js';
import { demoTarget } from '../demoTarget.js';
import { connect } from '../session/connect.js';
import { bridgeNote, startStdioBridge } from './stdioBridge.js';
import { modernBridgeNote, startModernStdioBridge } from './modernStdioBridge.js';

export interface ConformEndpoint {
  url: string;
  target: string;
  revision: ConformRevision;
  revisionReason: string;
  bridge?: string;
  close(): Promise<void>;
}

export function isConformRevision(text: string): text is ConformRevision {
  return (conformRevisions as readonly string[]).includes(text);
}

export async function conformEndpoint(
  target: Target,
  /** revisionReason: why specVersion was chosen (default "--spec-version"), e.g. the era of the app's session. */
  options: { specVersion?: ConformRevision; revisionReason?: string; timeoutMs?: number } = {},
): Promise<ConformEndpoint> {
  const label = describeTarget(target);
  // The embedded demo server is a stdio server: judged through the bridge like any other.
  if (target.transport === 'demo') return conformEndpoint(demoTarget(), options).then((endpoint) => ({ ...endpoint, target: label }));
  if (target.transport === 'stdio') {
    if (options.specVersion === '2026-07-28') {
      // The stateless era needs no translation: the pass-through bridge hands the server each body as it came.
      const bridge = await startModernStdioBridge(target);
      return {
        url: bridge.url,
        target: label,
        revision: '2026-07-28',
        revisionReason: options.revisionReason ?? '--spec-version',
        bridge: modernBridgeNote,
        close: () => bridge.close(),
      };
    }
    const bridge = await startStdioBridge(target);
    return {
      url: bridge.url,
      target: label,
      revision: '2025-11-25',
      revisionReason: options.specVersion ? (options.revisionReason ?? '--spec-version') : "the era Loupe's stdio bridge serves",
      bridge: bridgeNote,
      close: () => bridge.close(),
    };
  }
  if (target.transport !== 'http' && target.transport !== 'auto')
    throw new LoupeError({
      kind: 'usage',
      message: `conform judges Streamable HTTP servers and stdio servers (through a bridge); ${target.transport} is not one`,
    });
  if (options.specVersion)
    return {
      url: target.url,
      target: label,
      revision: options.specVersion,
      revisionReason: options.revisionReason ?? '--spec-version',
      close: () => Promise.resolve(),
    };
  const session = await connect(
    { transport: 'http', url: target.url },
    { protocol: 'auto', ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}) },
  );
  const { era, protocolVersion } = session.handshake;
  await session.close();
  const revision: ConformRevision = era === 'modern' ? '2026-07-28' : '2025-11-25';
  return {
    url: target.url,
    target: label,
    revision,
    revisionReason: `the server speaks ${protocolVersion} (${era === 'modern' ? 'server/discover' : 'initialize'})`,
    close: () => Promise.resolve(),
  };
}
