/**
 * The modern opening: server/discover in the 2026-07-28 envelope. Its outcome decides the era (the spec's
 * backward-compatibility rules): a DiscoverResult → modern; a recognized modern error (-32020…-32022) → modern
 * but unusable, fail naming it (never fall back); any other error, an HTTP 400/404/405 without a modern error
 * body, or no answer in time → a legacy server.
 */
import { LoupeError, toErrorData, type LoupeErrorData } from '../../shared/errors.js';
import { isJsonObject, type JsonObject } from '../../shared/json.js';
import type { Handshake } from '../../shared/session.js';
import type { TransportName } from '../../shared/target.js';
import type { RpcPeer } from '../rpc/rpcPeer.js';
import type { Wire } from '../wire/wire.js';
import { rpcErrorOfHttpFailure } from './httpRpcError.js';
import { modernProtocolVersion, serverInfoKey, withEnvelope, type Envelope } from './modernEnvelope.js';

export type ProbeOutcome = { handshake: Handshake } | { legacyReason: string };

/** How long a probe waits before deciding the server is a legacy one that ignores unknown methods, ms. */
export const probeTimeoutMs = 5_000;

const legacyStatuses = new Set([400, 404, 405]);
const modernKinds = new Set(['header-mismatch', 'missing-client-capability', 'unsupported-protocol-version']);

export async function probeModern(
  peer: RpcPeer,
  wire: Wire,
  envelope: Envelope,
  options: { timeoutMs?: number; maxTotalMs?: number },
  /** How long the probe may wait (default probeTimeoutMs; a second probe after a refused initialize waits longer). */
  patienceMs = probeTimeoutMs,
): Promise<ProbeOutcome> {
  wire.setProtocolVersion(modernProtocolVersion);
  let response;
  for (let attempt = 1; response === undefined; attempt += 1) {
    try {
      response = await peer.request('server/discover', withEnvelope(undefined, envelope), {
        timeoutMs: Math.min(options.timeoutMs ?? patienceMs, patienceMs),
        maxTotalMs: options.maxTotalMs,
      });
    } catch (error) {
      const inner = rpcErrorOfHttpFailure('server/discover', error);
      const failure: LoupeErrorData = inner ?? toErrorData(error);
      // -32022 whose supported list names our revision: the spec has the client pick a mutual version and
      // retry, so one retry (a server may refuse a first request, or be mid-upgrade).
      if (
        attempt === 1 &&
        failure.kind === 'unsupported-protocol-version' &&
        supports(failure, modernProtocolVersion)
      )
        continue;
      return probeFailure(failure, error);
    }
  }
  const result = response.result;
  const supported = discoverVersions(result);
  if (!supported) {
    // Some 2025-era servers answer any request with an empty result: that is not a DiscoverResult.
    return {
      legacyReason:
        'server/discover was answered with a result that has no supportedVersions: a 2025-era server',
    };
  }
  if (!supported.includes(modernProtocolVersion)) {
    throw new LoupeError({
      kind: 'unsupported-protocol-version',
      message: `server/discover lists protocol versions ${supported.join(', ') || '(none)'}; Loupe speaks ${modernProtocolVersion} in the modern era`,
      data: { supported, requested: modernProtocolVersion, result },
    });
  }
  return {
    handshake: discoverHandshake(result, {
      transport: wire.transport,
      protocolVersion: modernProtocolVersion,
      eraReason: 'server/discover answered with a DiscoverResult',
      roundTripMs: response.rttMs,
    }),
  };
}

/** The versions a DiscoverResult lists; undefined when the result is not one (no supportedVersions array). */
export function discoverVersions(result: JsonObject): string[] | undefined {
  return Array.isArray(result.supportedVersions)
    ? result.supportedVersions.filter((version): version is string => typeof version === 'string')
    : undefined;
}

/**
 * The handshake a DiscoverResult makes: Loupe's own probe (above), or a host's read from the frames of a tap
 * (tap/liveSession.ts). One reading of the server's answer for both: serverInfo from its _meta.
 */
export function discoverHandshake(
  result: JsonObject,
  facts: { transport: TransportName; protocolVersion: string; eraReason: string; roundTripMs: number },
): Handshake {
  const meta = isJsonObject(result._meta) ? result._meta : {};
  const serverInfo = meta[serverInfoKey];
  const handshake: Handshake = {
    transport: facts.transport,
    era: 'modern',
    eraReason: facts.eraReason,
    discover: result,
    requestedProtocolVersion: facts.protocolVersion,
    protocolVersion: facts.protocolVersion,
    serverInfo: isJsonObject(serverInfo) ? serverInfo : null,
    capabilities: isJsonObject(result.capabilities) ? result.capabilities : {},
    roundTripMs: facts.roundTripMs,
  };
  if (typeof result.instructions === 'string') handshake.instructions = result.instructions;
  return handshake;
}

/** A failed probe: a modern error is thrown (never fallen back from), a legacy answer says why, else rethrown. */
function probeFailure(failure: LoupeErrorData, error: unknown): ProbeOutcome {
  if (modernKinds.has(failure.kind)) throw new LoupeError(failure, { cause: error });
  const reason = legacyReason(failure);
  if (reason) return { legacyReason: reason };
  throw error;
}

/**
 * An initialize refused the way no 2025-era server refuses it: -32022 whose supported list names our modern
 * revision, -32020 (a header the revision requires is missing; the code is new in it), or "method not found" (a
 * server that has no initialize at all). The server is likely a modern one after all, which did not answer the probe
 * in time (a process slow to start, e.g. `npx` fetching a package, or a busy machine). Over HTTP the error comes as
 * the body of a 400.
 */
export function refusedForModern(error: unknown): boolean {
  const failure = rpcErrorOfHttpFailure('initialize', error) ?? toErrorData(error);
  if (failure.kind === 'header-mismatch' || failure.kind === 'method-not-found') return true;
  return failure.kind === 'unsupported-protocol-version' && supports(failure, modernProtocolVersion);
}

/** Whether a -32022 error's data (the server's JSON-RPC error data) lists this version as supported. */

function supports(failure: LoupeErrorData, version: string): boolean {
  const outer = failure.data;
  const data = isJsonObject(outer) ? outer.data : undefined;
  return isJsonObject(data) && Array.isArray(data.supported) && data.supported.includes(version);
}

/**
 * Why this failure of server/discover means a legacy server, or undefined when it means something else (Loupe's own
 * probe, and a host's probe read through a tap).
 */
export function legacyReason(failure: LoupeErrorData): string | undefined {
  const code = failure.code !== undefined ? ` ${failure.code}` : '';
  switch (failure.kind) {
    case 'method-not-found':
    case 'rpc-error':
      return `server/discover was answered with JSON-RPC error${code} (${serverMessage(failure)}): a 2025-era server`;
    case 'http-error':
      return failure.code !== undefined && legacyStatuses.has(failure.code)
        ? `server/discover was answered with HTTP ${failure.code} without a modern error body: a 2025-era server`
        : undefined;
    case 'timeout':
      return `server/discover got no answer within the probe time: taken for a 2025-era server`;
    case 'invalid-response':
      return `server/discover was answered with something that is not a DiscoverResult: taken for a 2025-era server`;
    default:
      return undefined;
  }
}

function serverMessage(failure: LoupeErrorData): string {
  const data = failure.data;
  return isJsonObject(data) && typeof data.serverMessage === 'string' ? data.serverMessage : failure.message;
}
