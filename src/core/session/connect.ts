/**
 * connect(): dial a target, open it in the protocol era asked for, and hand back an McpSession.
 * - modern (2026-07-28): server/discover in the per-request envelope; no initialize, no session id.
 * - legacy (2025-11-25 and earlier): initialize, then notifications/initialized. `auto` URL targets try
 *   Streamable HTTP and fall back to legacy SSE when the initialize POST is refused with 400/404/405.
 * - auto (default): the modern probe first; a legacy answer (see discover.ts) falls back to the legacy opening:
 *   on stdio over the same process, over HTTP with a fresh wire (and on to SSE as above).
 * Frames of every attempt, failed ones included, stay in the recorder.
 */
import { LoupeError, toErrorData, type LoupeErrorData } from '../../shared/errors.js';
import type { Handshake } from '../../shared/session.js';
import type { UrlTarget } from '../../shared/target.js';
import { withDiagnosis } from '../doctor/withDiagnosis.js';
import { FrameRecorder } from '../recorder/frameRecorder.js';
import { rpcErrorOfHttpFailure } from './httpRpcError.js';
import { Attention } from '../rpc/attention.js';
import { defaultTimeoutMs, RpcPeer } from '../rpc/rpcPeer.js';
import { redactTargetDeep } from '../snapshot/redact.js';
import { inTraceAction } from '../trace/traceAction.js';
import { RequestTracer } from '../trace/requestTracer.js';
import type { ConnectOptions, DialTarget, McpSession } from '../types.js';
import { HttpWire } from '../wire/httpWire.js';
import { wireLimits } from '../wire/limits.js';
import { modernRequestHeaders, ToolHeaderMap } from '../wire/modernHeaders.js';
import type { SdkWireOptions } from '../wire/sdkWire.js';
import { SseWire } from '../wire/sseWire.js';
import { StdioWire } from '../wire/stdioWire.js';
import type { Wire } from '../wire/wire.js';
import { clientInfo } from './clientInfo.js';
import { probeModern, probeTimeoutMs, refusedForModern } from './discover.js';
import { answerRoots, clientCapabilities, initialize } from './initialize.js';
import { modernProtocolVersion, type Envelope } from './modernEnvelope.js';
import { WireSession } from './wireSession.js';

/** How long a second probe waits when no request timeout was given, ms. */
const defaultPatienceMs = 30_000;

export type SessionConnectOptions = ConnectOptions & {
  recorder?: FrameRecorder;
  /** Authorization for HTTP targets (src/core/auth createAuthFetch). */
  authFetch?: SdkWireOptions['authFetch'];
  /** The session's wait on the person (request timers stand still during it); connect() makes one without. */
  attention?: Attention;
  /** Trace context in each request (one for every attempt); connect() makes one from `traceContext` without. */
  tracer?: RequestTracer;
  /**
   * A stdio server's environment on top of its target's own (whose values win), not recorded in the target:
   * where the server may send its OpenTelemetry spans (core/trace/otlpReceiver.ts).
   */
  serverEnvironment?: Record<string, string>;
};

/** Statuses of the initialize POST that mean "no Streamable HTTP here, try the old SSE transport". */
const fallbackStatuses = new Set([400, 404, 405]);

export function connect(target: DialTarget, given: SessionConnectOptions = {}): Promise<McpSession> {
  // Opening the connection is one action: the probe, a fallback's initialize and a second probe share a trace.
  return inTraceAction(() => open(target, given));
}

async function open(target: DialTarget, given: SessionConnectOptions): Promise<McpSession> {
  // One wait on the person for every attempt: a sign-in begun under the probe goes on under initialize.
  const options: SessionConnectOptions = {
    ...given,
    attention: given.attention ?? new Attention(),
    tracer: given.tracer ?? new RequestTracer(given.traceContext),
  };
  const ownsRecorder = !options.recorder;
  const recorder =
    options.recorder ?? new FrameRecorder({ limit: options.frameLimit, journalPath: options.journalPath });
  recorder.redactSecrets(redactTargetDeep(target).secrets);
  const unsubscribe = options.onFrame ? recorder.subscribe(options.onFrame) : undefined;
  const cleanup = async (): Promise<void> => {
    unsubscribe?.();
    if (ownsRecorder) await recorder.close();
    else await recorder.flush();
  };
  try {
    const choice = options.protocol ?? 'auto';
    if (target.transport === 'sse' && choice === 'modern') {
      throw new LoupeError({
        kind: 'usage',
        message: 'The legacy HTTP+SSE transport has no modern era: use --transport http or auto',
      });
    }
    if (choice === 'legacy' || target.transport === 'sse') {
      const reason =
        choice === 'legacy' ? 'the legacy era was asked for' : 'the HTTP+SSE transport is legacy only';
      return await dialLegacy(target, recorder, options, cleanup, reason);
    }
    const wire =
      target.transport === 'stdio'
        ? new StdioWire(withServerEnvironment(target, options), recorder, wireLimits(options))
        : new HttpWire(target, recorder, httpWireOptions(options));
    const opened = await dial(target, wire, recorder, options, cleanup, { era: choice });
    if (opened instanceof WireSession) return opened;
    try {
      return await dialLegacy(target, recorder, options, cleanup, opened.legacyReason);
    } catch (error) {
      // A modern HTTP server that was slow to answer the probe refuses initialize the 2026-07-28 way: ask it again,
      // patiently, on a fresh wire (as stdio does on its process).
      if (!refusedForModern(error)) throw error;
      const again = await dial(target, makeWire(target, recorder, options), recorder, options, cleanup, {
        era: 'auto',
        patienceMs: options.timeoutMs ?? defaultPatienceMs,
        eraReason: `${opened.legacyReason}, but initialize was refused for 2026-07-28: asked again, the server answered server/discover (it was slow)`,
      });
      if (again instanceof WireSession) return again;
      throw error;
    }
  } catch (error) {
    // The doctor reads what this attempt recorded (HTTP answers, stderr, stdout that was not JSON) before cleanup.
    const frames = recorder.frames();
    await cleanup();
    throw withDiagnosis(error, frames);
  }
}

/** The 2025-era opening: initialize, over the target's transport (auto: Streamable HTTP, then SSE). */
async function dialLegacy(
  target: DialTarget,
  recorder: FrameRecorder,
  options: SessionConnectOptions,
  cleanup: () => Promise<void>,
  eraReason: string,
): Promise<McpSession> {
  const session =
    target.transport === 'auto'
      ? await dialAuto(target, recorder, options, cleanup)
      : await dial(target, makeWire(target, recorder, options), recorder, options, cleanup, {
          era: 'legacy',
        });
  if (!(session instanceof WireSession))
    throw new LoupeError({ kind: 'internal', message: 'a legacy dial asked for another fallback' });
  session.handshake.eraReason ??= eraReason;
  return session;
}

async function dialAuto(
  target: UrlTarget,
  recorder: FrameRecorder,
  options: SessionConnectOptions,
  cleanup: () => Promise<void>,
): Promise<McpSession> {
  try {
    return await dialOrThrow(
      target,
      new HttpWire(target, recorder, httpWireOptions(options)),
      recorder,
      options,
      cleanup,
    );
  } catch (error) {
    const status = error instanceof LoupeError && error.kind === 'http-error' ? error.detail.code : undefined;
    if (status === undefined || !fallbackStatuses.has(status)) throw error;
    // A modern server refusing initialize says so in the body (-32022 with its versions): no SSE attempt then.
    const modern = rpcErrorOfHttpFailure('initialize', error);
    if (modern && modern.kind !== 'rpc-error' && modern.kind !== 'method-not-found')
      throw new LoupeError(modern, { cause: error });
    const reason = `Streamable HTTP initialize was answered with HTTP ${status}; fell back to the legacy HTTP+SSE transport`;
    try {
      return await dialOrThrow(
        target,
        new SseWire(target, recorder, { startTimeoutMs: options.timeoutMs, ...httpWireOptions(options) }),
        recorder,
        options,
        cleanup,
        reason,
      );
    } catch (fallbackError) {
      // Name both attempts: the SSE failure is the answer, the Streamable HTTP refusal the context.
      const detail = toErrorData(fallbackError);
      throw new LoupeError(
        {
          ...detail,
          message: `${detail.message} (legacy SSE, tried after Streamable HTTP initialize was answered with HTTP ${status})`,
          data: { ...asRecord(detail.data), streamableHttp: (error as LoupeError).detail },
        },
        { cause: fallbackError },
      );
    }
  }
}

function makeWire(target: DialTarget, recorder: FrameRecorder, options: SessionConnectOptions): Wire {
  switch (target.transport) {
    case 'stdio':
      return new StdioWire(withServerEnvironment(target, options), recorder, wireLimits(options));
    case 'sse':
      return new SseWire(target, recorder, {
        startTimeoutMs: options.timeoutMs,
        ...httpWireOptions(options),
      });
    default:
      return new HttpWire(target, recorder, httpWireOptions(options));
  }
}

async function dialOrThrow(
  target: DialTarget,
  wire: Wire,
  recorder: FrameRecorder,
  options: SessionConnectOptions,
  cleanup: () => Promise<void>,
  fallbackReason?: string,
): Promise<WireSession> {
  const opened = await dial(target, wire, recorder, options, cleanup, { era: 'legacy', fallbackReason });
  if (opened instanceof WireSession) return opened;
  throw new LoupeError({ kind: 'internal', message: 'a legacy dial asked for another fallback' });
}

/**
 * Opens the wire and the era. For `auto` over HTTP a legacy answer to the probe closes this wire and returns the
 * reason: the caller dials the legacy opening afresh. Over stdio the same process goes on to initialize.
 */
async function dial(
  target: DialTarget,
  wire: Wire,
  recorder: FrameRecorder,
  options: SessionConnectOptions,
  cleanup: () => Promise<void>,
  how: {
    era: 'auto' | 'modern' | 'legacy';
    fallbackReason?: string;
    /** How long the probe waits (default: probeTimeoutMs for auto, the request timeout for modern). */
    patienceMs?: number;
    /** The era's reason when the probe finds a modern server (a second probe says why it was asked again). */
    eraReason?: string;
  },
): Promise<WireSession | { legacyReason: string }> {
  const peer = new RpcPeer(wire, {
    timeoutMs: options.timeoutMs,
    maxTotalMs: options.maxTotalMs,
    ...(options.attention ? { attention: options.attention } : {}),
    ...(options.tracer ? { tracer: options.tracer } : {}),
  });
  let markClosed: (reason: LoupeErrorData | undefined) => void = () => undefined;
  const closed = new Promise<LoupeErrorData | undefined>((resolve) => (markClosed = resolve));
  await wire.start({
    onMessage: (message, frame, context) => peer.events.onMessage(message, frame, context),
    onRequestFailed: (id, error) => peer.events.onRequestFailed?.(id, error),
    onClose: (reason) => {
      peer.events.onClose(reason);
      markClosed(reason);
    },
  });
  answerRoots(peer, options);
  const toolHeaders = new ToolHeaderMap();
  let handshake: Handshake;
  let envelope: Envelope | undefined;
  try {
    if (how.era === 'legacy') {
      handshake = await initialize(peer, wire, options);
    } else {
      envelope = modernEnvelope(options);
      wire.setMessageHeaders?.((message) => modernRequestHeaders(message, toolHeaders));
      // Asked for the modern era, there is nothing to fall back to: the probe waits as any request does.
      const patience =
        how.patienceMs ?? (how.era === 'modern' ? (options.timeoutMs ?? defaultTimeoutMs) : probeTimeoutMs);
      const probe = await probeModern(peer, wire, envelope, options, patience);
      if ('handshake' in probe) {
        handshake = probe.handshake;
        handshake.clientCapabilities = envelope.clientCapabilities;
        if (wire.transport !== 'stdio') peer.sendsCancellations = false;
        if (how.era === 'modern') handshake.eraReason = 'the modern era was asked for';
        else if (how.eraReason) handshake.eraReason = how.eraReason;
      } else if (how.era === 'modern') {
        throw new LoupeError({
          kind: 'legacy-server',
          message: `The modern era was asked for, but ${probe.legacyReason}; Loupe sends no initialize in the modern era (use the auto or legacy protocol)`,
          data: { reason: probe.legacyReason },
        });
      } else if (wire.transport === 'stdio') {
        const modern = envelope;
        envelope = undefined;
        try {
          handshake = await initialize(peer, wire, options);
          handshake.eraReason = probe.legacyReason;
        } catch (error) {
          // A modern server that was slow to answer the probe refuses initialize naming its revision: ask again, patiently.
          if (!refusedForModern(error)) throw error;
          const again = await probeModern(
            peer,
            wire,
            modern,
            options,
            options.timeoutMs ?? defaultPatienceMs,
          );
          if (!('handshake' in again)) throw error;
          envelope = modern;
          handshake = again.handshake;
          handshake.clientCapabilities = modern.clientCapabilities;
          handshake.eraReason = `${probe.legacyReason}, but initialize was refused for 2026-07-28: asked again, the server answered server/discover (it was slow to start)`;
        }
      } else {
        await wire.close();
        return { legacyReason: probe.legacyReason };
      }
    }
  } catch (error) {
    await wire.close();
    throw error;
  }
  if (how.fallbackReason) handshake.fallbackReason = how.fallbackReason;
  return new WireSession({
    target,
    handshake,
    recorder,
    wire,
    peer,
    closed,
    cleanup,
    ...(envelope ? { envelope, toolHeaders } : {}),
  });
}

/** The modern envelope: Loupe's identity and the capabilities the caller offers (roots without listChanged). */
function modernEnvelope(options: SessionConnectOptions): Envelope {
  const capabilities = clientCapabilities(options, 'modern');
  const envelope: Envelope = {
    protocolVersion: modernProtocolVersion,
    clientCapabilities: capabilities,
    clientInfo: { ...clientInfo },
  };
  if (options.logLevel !== undefined) envelope.logLevel = options.logLevel;
  return envelope;
}

/** The stdio target the wire spawns: the server environment given under the target's own variables. */
function withServerEnvironment<T extends DialTarget>(target: T, options: SessionConnectOptions): T {
  const extra = options.serverEnvironment;
  if (target.transport !== 'stdio' || !extra || Object.keys(extra).length === 0) return target;
  return { ...target, env: { ...extra, ...target.env } };
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** What both HTTP wires take from the connect options: size limits and the sign-in layer. */
function httpWireOptions(options: SessionConnectOptions): SdkWireOptions {
  return {
    limits: wireLimits(options),
    ...(options.authFetch ? { authFetch: options.authFetch } : {}),
    ...(options.attention ? { attention: options.attention } : {}),
  };
}
