/**
 * JSON-RPC as Loupe's MCP server speaks it: the messages it reads (parsed at the boundary, every field checked) and
 * the answers it writes. A protocol failure is an RpcFailure: its JSON-RPC code and, over HTTP, the status it is
 * answered with (2026-07-28 names 400 for header and version problems and 404 for an unknown method).
 */
import { isJsonObject, type JsonObject, type JsonValue } from '../../../shared/json.js';

export type RequestId = string | number;

export interface RpcRequest {
  id: RequestId;
  method: string;
  params: JsonObject;
}

export interface RpcNotification {
  method: string;
  params: JsonObject;
}

export type Incoming =
  | { type: 'request'; request: RpcRequest }
  | { type: 'notification'; notification: RpcNotification }
  | { type: 'response'; id: RequestId; message: JsonObject }
  | { type: 'invalid'; id?: RequestId; reason: string };

export const rpcCodes = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  headerMismatch: -32020,
  missingClientCapability: -32021,
  unsupportedProtocolVersion: -32022,
} as const;

export class RpcFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: JsonValue,
    /** The HTTP status a Streamable HTTP answer carries (200 when absent). */
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'RpcFailure';
  }
}

function requestId(value: unknown): RequestId | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  return undefined;
}

/** One parsed JSON value as a message of the client. */
export function readMessage(value: unknown): Incoming {
  if (!isJsonObject(value) || value.jsonrpc !== '2.0')
    return { type: 'invalid', reason: 'not a JSON-RPC 2.0 message' };
  const id = requestId(value.id);
  if (typeof value.method === 'string') {
    if (value.params !== undefined && !isJsonObject(value.params))
      return { type: 'invalid', ...(id === undefined ? {} : { id }), reason: 'params is not an object' };
    const params = isJsonObject(value.params) ? value.params : {};
    if (value.id === undefined)
      return { type: 'notification', notification: { method: value.method, params } };
    if (id === undefined) return { type: 'invalid', reason: 'id is neither a string nor a number' };
    return { type: 'request', request: { id, method: value.method, params } };
  }
  if (id !== undefined && ('result' in value || 'error' in value))
    return { type: 'response', id, message: value };
  return {
    type: 'invalid',
    ...(id === undefined ? {} : { id }),
    reason: 'neither a request, a notification nor a response',
  };
}

export function resultMessage(id: RequestId, result: JsonObject): JsonObject {
  return { jsonrpc: '2.0', id, result };
}

export function errorMessage(id: RequestId | undefined, failure: RpcFailure): JsonObject {
  return {
    jsonrpc: '2.0',
    ...(id === undefined ? {} : { id }),
    error: {
      code: failure.code,
      message: failure.message,
      ...(failure.data === undefined ? {} : { data: failure.data }),
    },
  };
}

/** Anything thrown by a handler as the failure to answer with (an unexpected one is an internal error, named). */
export function asFailure(error: unknown): RpcFailure {
  if (error instanceof RpcFailure) return error;
  return new RpcFailure(rpcCodes.internalError, error instanceof Error ? error.message : String(error));
}
