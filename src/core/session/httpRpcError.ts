/**
 * A modern server answers a refused POST with an HTTP status (400, 404) AND a JSON-RPC error body. The
 * recording fetch reports the status as http-error with the body's JSON-RPC error in data.rpcError; this makes
 * it the error, so -32022, -32020… keep their names (the HTTP status stays in data.httpStatus).
 */
import { LoupeError, toErrorData, type LoupeErrorData } from '../../shared/errors.js';
import { isJsonObject } from '../../shared/json.js';
import { rpcFailure } from '../rpc/rpcFailure.js';

/** The JSON-RPC error inside an http-error's body, as Loupe error data; undefined when the body holds none. */
export function rpcErrorOfHttpFailure(method: string, error: unknown): LoupeErrorData | undefined {
  const detail = toErrorData(error);
  if (detail.kind !== 'http-error' || !isJsonObject(detail.data)) return undefined;
  const inner = detail.data.rpcError;
  if (!isJsonObject(inner) || typeof inner.code !== 'number') return undefined;
  const failure = rpcFailure(method, inner);
  return {
    ...failure,
    data: { ...(isJsonObject(failure.data) ? failure.data : {}), httpStatus: detail.code ?? null },
  };
}

/** The same error, or the JSON-RPC error its HTTP body carries. */
export function withRpcErrorOfBody(method: string, error: unknown): unknown {
  const inner = rpcErrorOfHttpFailure(method, error);
  return inner ? new LoupeError(inner, { cause: error }) : error;
}
