/**
 * The backend's trace methods: the spans of the current session, read from its recorded frames
 * (shared/trace/framesToSpans.ts: the same model a snapshot or a journal gives), with the server's own spans
 * received over OTLP (core/trace/otlpReceiver.ts) after them: they join Loupe's by trace id and parent span id.
 * Each connection attempt gets its own receiver when the settings' traces.receive is on (the default); a stdio
 * server is pointed at it in its environment unless its target names an OTLP endpoint of its own. The receiver stops
 * listening when the next attempt starts or the backend closes; the spans it took stay with their session.
 */
import type { Frame } from '../../shared/frames.js';
import type { Handshake } from '../../shared/session.js';
import type { Target } from '../../shared/target.js';
import { framesToSpans } from '../../shared/trace/framesToSpans.js';
import { LoupeError } from '../../shared/errors.js';
import type { TraceExportReport, TraceReceiverInfo, TraceSpan } from '../../shared/trace/spans.js';
import type { TraceSettings } from '../../shared/trace/traceSettings.js';
import { otlpTarget } from '../trace/otlpConfig.js';
import { exportSpans } from '../trace/otlpExport.js';
import type { DialTarget } from '../types.js';
import { namesOtlpEndpoint, startOtlpReceiver, type OtlpReceiver } from '../trace/otlpReceiver.js';
import { factsOf } from '../trace/sessionFacts.js';

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

/** The OTLP receivers of a backend's attempts (keyed by attempt), one listening at a time. */
export function createTraceIn(): {
  /** Starts the attempt's receiver; returns the environment a stdio server gets, if any. */
  prepare(attempt: object, target: DialTarget, receive: boolean): Promise<Record<string, string> | undefined>;
  receiverOf(attempt: object | undefined): OtlpReceiver | undefined;
  close(): Promise<void>;
} {
  const receivers = new WeakMap<object, OtlpReceiver>();
  let listening: OtlpReceiver | undefined;
  const close = async (): Promise<void> => {
    const receiver = listening;
    listening = undefined;
    await receiver?.close();
  };
  return {
    async prepare(attempt, target, receive) {
      await close();
      if (!receive) return undefined;
      const receiver = await startOtlpReceiver();
      receivers.set(attempt, receiver);
      listening = receiver;
      if (target.transport !== 'stdio' || namesOtlpEndpoint(target.env)) return undefined;
      return receiver.environment();
    },
    receiverOf: (attempt) => (attempt ? receivers.get(attempt) : undefined),
    close,
  };
}

/** What the trace methods read of an attempt. */
export interface TracedAttempt {
  target: Target;
  recorder: { frames(): Frame[] };
  session?: { handshake: Handshake };
  handshake?: Handshake;
}

export function createTraceMethods(
  traceIn: ReturnType<typeof createTraceIn>,
  attempt: () => TracedAttempt | undefined,
  disposed: () => boolean,
  settings: () => Promise<TraceSettings>,
): {
  traceSpans(): Promise<TraceSpan[]>;
  traceReceiver(): Promise<TraceReceiverInfo>;
  exportTraces(): Promise<TraceExportReport>;
} {
  const methods = {
    async exportTraces(): Promise<TraceExportReport> {
      const { endpoint, protocol } = await settings();
      const target = otlpTarget({
        ...(endpoint !== undefined ? { endpoint } : {}),
        ...(protocol !== undefined ? { protocol } : {}),
      });
      if (!target)
        throw new LoupeError({
          kind: 'usage',
          message:
            'Exporting spans needs an endpoint: set one in the Traces settings or OTEL_EXPORTER_OTLP_ENDPOINT (nothing was sent).',
        });
      return exportSpans(await methods.traceSpans(), target);
    },
    traceSpans(): Promise<TraceSpan[]> {
      const current = attempt();
      if (!current) return Promise.resolve([]);
      const handshake = current.session?.handshake ?? current.handshake;
      const received = traceIn.receiverOf(current);
      return Promise.resolve(
        sessionSpans({
          frames: () => current.recorder.frames(),
          target: current.target,
          ...(handshake ? { protocolVersion: handshake.protocolVersion } : {}),
          ...(handshake?.sessionId !== undefined ? { sessionId: handshake.sessionId } : {}),
          ...(received ? { serverSpans: () => received.spans() } : {}),
        }),
      );
    },
    traceReceiver(): Promise<TraceReceiverInfo> {
      const receiver = traceIn.receiverOf(attempt());
      return Promise.resolve(
        receiver
          ? { tracesUrl: receiver.tracesUrl, listening: !disposed(), stats: receiver.stats() }
          : { listening: false },
      );
    },
  };
  return methods;
}
