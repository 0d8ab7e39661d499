/** Turns a JSON-RPC error object into Loupe's error data: -32601 is method-not-found, the rest rpc-error. */
import type { LoupeErrorData } from '../../shared/errors.js';
import { isJsonObject } from '../../shared/json.js';

export const methodNotFoundCode = -32601;

export function rpcFailure(method: string, error: unknown): LoupeErrorData {
  const code = isJsonObject(error) && typeof error.code === 'number' ? error.code : undefined;
  const text = isJsonObject(error) && typeof error.message === 'string' ? error.message : 'no message';
  const data = isJsonObject(error) && 'data' in error ? error.data : undefined;
  const detail: LoupeErrorData = {
    kind: code === methodNotFoundCode ? 'method-not-found' : 'rpc-error',
    message: `${method} failed: ${text}${code !== undefined ? ` (${code})` : ''}`,
    data: { method, serverMessage: text, ...(data !== undefined ? { data } : {}) },
  };
  if (code !== undefined) detail.code = code;
  return detail;
}
