/**
 * connect(): dial a target, do the MCP handshake (initialize, then notifications/initialized) over
 * Loupe's own JSON-RPC layer, and hand back an McpSession. `auto` URL targets try Streamable HTTP and fall
 * back to legacy SSE when the initialize POST is refused with 400/404/405 (the spec's backwards-
 * compatibility section). Frames of every attempt, failed ones included, stay in the recorder.
 */
import { LoupeError, toErrorData, type LoupeErrorData } from '../../shared/errors.js';
import type { Handshake } from '../../shared/session.js';
import type { UrlTarget } from '../../shared/target.js';
import { FrameRecorder } from '../recorder/frameRecorder.js';
import { RpcPeer } from '../rpc/rpcPeer.js';
import { redactTargetDeep } from '../snapshot/redact.js';
import type { ConnectOptions, DialTarget, McpSession } from '../types.js';
import { HttpWire } from '../wire/httpWire.js';
import type { SdkWireOptions } from '../wire/sdkWire.js';
import { SseWire } from '../wire/sseWire.js';
import { StdioWire } from '../wire/stdioWire.js';
import type { Wire } from '../wire/wire.js';
import { initialize } from './initialize.js';
import { WireSession } from './wireSession.js';

export type SessionConnectOptions = ConnectOptions & {
  recorder?: FrameRecorder;
  /** Authorization for HTTP targets (src/core/auth createAuthFetch). */
  authFetch?: SdkWireOptions['authFetch'];
};

/** Statuses of the initialize POST that mean "no Streamable HTTP here, try the old SSE transport". */
const fallbackStatuses = new Set([400, 404, 405]);

export async function connect(target: DialTarget, options: SessionConnectOptions = {}): Promise<McpSession> {
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
    if (target.transport !== 'auto')
      return await dial(target, makeWire(target, recorder, options), recorder, options, cleanup);
    return await dialAuto(target, recorder, options, cleanup);
  } catch (error) {
    await cleanup();
    throw error instanceof LoupeError ? error : new LoupeError(toErrorData(error), { cause: error });
  }
}

async function dialAuto(
  target: UrlTarget,
  recorder: FrameRecorder,
  options: SessionConnectOptions,
  cleanup: () => Promise<void>,
): Promise<McpSession> {
  try {
    return await dial(
      target,
      new HttpWire(target, recorder, { authFetch: options.authFetch }),
      recorder,
      options,
      cleanup,
    );
  } catch (error) {
    const status = error instanceof LoupeError && error.kind === 'http-error' ? error.detail.code : undefined;
    if (status === undefined || !fallbackStatuses.has(status)) throw error;
    const reason = `Streamable HTTP initialize was answered with HTTP ${status}; fell back to the legacy HTTP+SSE transport`;
    try {
      return await dial(
        target,
        new SseWire(target, recorder, { startTimeoutMs: options.timeoutMs, authFetch: options.authFetch }),
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
      return new StdioWire(target, recorder);
    case 'sse':
      return new SseWire(target, recorder, {
        startTimeoutMs: options.timeoutMs,
        authFetch: options.authFetch,
      });
    default:
      return new HttpWire(target, recorder, { authFetch: options.authFetch });
  }
}

async function dial(
  target: DialTarget,
  wire: Wire,
  recorder: FrameRecorder,
  options: SessionConnectOptions,
  cleanup: () => Promise<void>,
  fallbackReason?: string,
): Promise<McpSession> {
  const peer = new RpcPeer(wire, { timeoutMs: options.timeoutMs, maxTotalMs: options.maxTotalMs });
  let markClosed: (reason: LoupeErrorData | undefined) => void = () => undefined;
  const closed = new Promise<LoupeErrorData | undefined>((resolve) => (markClosed = resolve));
  await wire.start({
    onMessage: (message, frame) => peer.events.onMessage(message, frame),
    onClose: (reason) => {
      peer.events.onClose(reason);
      markClosed(reason);
    },
  });
  let handshake: Handshake;
  try {
    handshake = await initialize(peer, wire, options);
  } catch (error) {
    await wire.close();
    throw error;
  }
  if (fallbackReason) handshake.fallbackReason = fallbackReason;
  return new WireSession({ target, handshake, recorder, wire, peer, closed, cleanup });
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
