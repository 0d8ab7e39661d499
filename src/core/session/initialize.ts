/** The MCP handshake: initialize, check the server's protocol version, then notifications/initialized. */
import { LoupeError } from '../../shared/errors.js';
import { isJsonObject, type JsonObject } from '../../shared/json.js';
import type { Handshake, ProtocolEra, SessionOptions } from '../../shared/session.js';
import type { TransportName } from '../../shared/target.js';
import { declareExtensions } from '../tasks/negotiation.js';
import type { RpcPeer } from '../rpc/rpcPeer.js';
import type { Wire } from '../wire/wire.js';
import { clientInfo, requestedProtocolVersion, supportedProtocolVersions } from './clientInfo.js';

/**
 * The client capabilities Loupe declares: what the caller offers to answer, and the extensions (and 2025 tasks)
 * it has not turned off. Modern era: roots without listChanged.
 */
export function clientCapabilities(options: SessionOptions, era: ProtocolEra = 'legacy'): JsonObject {
  const offer = options.offer;
  const capabilities: JsonObject = {};
  if (offer?.roots) capabilities.roots = era === 'legacy' ? { listChanged: true } : {};
  if (offer?.sampling) capabilities.sampling = {};
  if (offer?.elicitation) capabilities.elicitation = {};
  return declareExtensions(capabilities, options, era);
}

/** roots/list answered with the caller's roots when roots are offered (both eras). */
export function answerRoots(peer: RpcPeer, options: SessionOptions): void {
  if (!options.offer?.roots) return;
  const roots = (options.roots ?? []).map((root): JsonObject =>
    root.name === undefined ? { uri: root.uri } : { uri: root.uri, name: root.name },
  );
  peer.setRequestHandler('roots/list', () => Promise.resolve({ roots }));
}

export async function initialize(peer: RpcPeer, wire: Wire, options: SessionOptions): Promise<Handshake> {
  const capabilities = clientCapabilities(options, 'legacy');
  const params: JsonObject = {
    protocolVersion: requestedProtocolVersion,
    capabilities,
    clientInfo: { ...clientInfo },
  };
  const response = await peer.request('initialize', params, {
    timeoutMs: options.timeoutMs,
    maxTotalMs: options.maxTotalMs,
  });
  const result = response.result;
  const version = result.protocolVersion;
  if (typeof version !== 'string') {
    throw new LoupeError({
      kind: 'invalid-response',
      message: 'The initialize result has no protocolVersion',
      data: { result },
    });
  }
  if (!supportedProtocolVersions.includes(version)) {
    throw new LoupeError({
      kind: 'invalid-response',
      message: `The server chose protocol version ${version}, which Loupe does not support (it speaks ${supportedProtocolVersions.join(', ')})`,
      data: { protocolVersion: version, supported: [...supportedProtocolVersions] },
    });
  }
  wire.setProtocolVersion(version);
  await peer.notify('notifications/initialized');
  const handshake = initializeHandshake(result, {
    transport: wire.transport,
    requestedProtocolVersion,
    clientCapabilities: capabilities,
    roundTripMs: response.rttMs,
  });
  if (wire.sessionId !== undefined) handshake.sessionId = wire.sessionId;
  return handshake;
}

/**
 * The handshake an initialize result makes: Loupe's own (above), or a host's read from the frames of a tap
 * (tap/liveSession.ts). One reading of the server's answer for both.
 */
export function initializeHandshake(
  result: JsonObject,
  facts: {
    transport: TransportName;
    requestedProtocolVersion: string;
    clientCapabilities?: JsonObject;
    roundTripMs: number;
    eraReason?: string;
  },
): Handshake {
  const handshake: Handshake = {
    transport: facts.transport,
    era: 'legacy',
    ...(facts.eraReason === undefined ? {} : { eraReason: facts.eraReason }),
    requestedProtocolVersion: facts.requestedProtocolVersion,
    protocolVersion: typeof result.protocolVersion === 'string' ? result.protocolVersion : '',
    serverInfo: isJsonObject(result.serverInfo) ? result.serverInfo : null,
    capabilities: isJsonObject(result.capabilities) ? result.capabilities : {},
    ...(facts.clientCapabilities === undefined ? {} : { clientCapabilities: facts.clientCapabilities }),
    roundTripMs: facts.roundTripMs,
  };
  if (typeof result.instructions === 'string') handshake.instructions = result.instructions;
  return handshake;
}
