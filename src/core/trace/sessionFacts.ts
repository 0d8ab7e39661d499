/** What a session's target and handshake say about its spans' connection (network.transport, server.address…). */
import type { Target } from '../../shared/target.js';
import type { SpanContextFacts } from '../../shared/trace/framesToSpans.js';

export function factsOf(target: Target, protocolVersion?: string, sessionId?: string): SpanContextFacts {
  return {
    transport: target.transport,
    ...('url' in target && typeof target.url === 'string' ? { url: target.url } : {}),
    ...(protocolVersion !== undefined ? { protocolVersion } : {}),
    ...(sessionId !== undefined ? { sessionId } : {}),
  };
}
