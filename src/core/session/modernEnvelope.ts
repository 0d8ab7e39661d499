/**
 * The 2026-07-28 per-request `_meta` envelope: every request names the protocol version, the client's
 * capabilities and the client, merged with whatever `_meta` the caller set (progressToken, trace context…).
 */
import { isJsonObject, type JsonObject } from '../../shared/json.js';

export const modernProtocolVersion = '2026-07-28';
export const protocolVersionKey = 'io.modelcontextprotocol/protocolVersion';
export const clientCapabilitiesKey = 'io.modelcontextprotocol/clientCapabilities';
export const clientInfoKey = 'io.modelcontextprotocol/clientInfo';
export const logLevelKey = 'io.modelcontextprotocol/logLevel';
export const serverInfoKey = 'io.modelcontextprotocol/serverInfo';
export const subscriptionIdKey = 'io.modelcontextprotocol/subscriptionId';

export interface Envelope {
  protocolVersion: string;
  clientCapabilities: JsonObject;
  clientInfo: JsonObject;
  /** Set per session: the server may then send notifications/message for each request. */
  logLevel?: string;
}

/** The params with the envelope merged into their `_meta` (the caller's own _meta keys kept, ours win). */
export function withEnvelope(params: JsonObject | undefined, envelope: Envelope): JsonObject {
  const meta = params && isJsonObject(params._meta) ? params._meta : {};
  const ours: JsonObject = {
    [protocolVersionKey]: envelope.protocolVersion,
    [clientCapabilitiesKey]: envelope.clientCapabilities,
    [clientInfoKey]: envelope.clientInfo,
  };
  if (envelope.logLevel !== undefined) ours[logLevelKey] = envelope.logLevel;
  return { ...(params ?? {}), _meta: { ...meta, ...ours } };
}
