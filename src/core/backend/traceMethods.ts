/**
 * The backend's trace methods: the spans of the current session, read from its recorded frames
 * (shared/trace/framesToSpans.ts: the same model a snapshot or a journal gives), with the server's own spans
 * received over OTLP joined to them by trace id.
 */
import type { Frame } from '../../shared/frames.js';
import type { Target } from '../../shared/target.js';
import { framesToSpans } from '../../shared/trace/framesToSpans.js';
import { factsOf } from '../trace/sessionFacts.js';
import type { TraceSpan } from '../../shared/trace/spans.js';

export interface TraceSource {
  frames: () => Frame[];
  target: Target;
  protocolVersion?: string;
  sessionId?: string;
  /** The server's spans received for this session (OTLP in), if any. */
  serverSpans?: () => TraceSpan[];
}

/** Loupe's spans of a session, then the server's (each of the server's after Loupe's, whatever its trace). */
export function sessionSpans(source: TraceSource): TraceSpan[] {
  const own = framesToSpans(
    source.frames(),
    factsOf(source.target, source.protocolVersion, source.sessionId),
  );
  return [...own, ...(source.serverSpans?.() ?? [])];
}

export function createTraceMethods(source: () => TraceSource | undefined): {
  traceSpans(): Promise<TraceSpan[]>;
} {
  return {
    traceSpans() {
      const current = source();
      return Promise.resolve(current ? sessionSpans(current) : []);
    },
  };
}
