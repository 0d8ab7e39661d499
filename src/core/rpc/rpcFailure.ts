/**
 * Turns a JSON-RPC error object into Loupe's error data: -32601 is method-not-found, the MCP-reserved codes of
 * 2026-07-28 get their own kinds (and their names in the message), the rest rpc-error.
 */
import { rpcErrorName, type ErrorKind, type LoupeErrorData } from '../../shared/errors.js';
import { isJsonObject } from '../../shared/json.js';

export const methodNotFoundCode = -32601;
export const headerMismatchCode = -32020;
export const missingClientCapabilityCode = -32021;
export const unsupportedProtocolVersionCode = -32022;

const kindOfCode: Record<number, ErrorKind> = {
  [methodNotFoundCode]: 'method-not-found',
  [headerMismatchCode]: 'header-mismatch',
  [missingClientCapabilityCode]: 'missing-client-capability',
  [unsupportedProtocolVersionCode]: 'unsupported-protocol-version',
};

/** The codes that identify a modern (2026-07-28 era) server when it rejects a request. */
export const modernErrorCodes: readonly number[] = [
  headerMismatchCode,
  missingClientCapabilityCode,
  unsupportedProtocolVersionCode,
];

export function rpcFailure(method: string, error: unknown): LoupeErrorData {
  const code = isJsonObject(error) && typeof error.code === 'number' ? error.code : undefined;
  const text = isJsonObject(error) && typeof error.message === 'string' ? error.message : 'no message';
  const data = isJsonObject(error) && 'data' in error ? error.data : undefined;
  const kind = (code !== undefined ? kindOfCode[code] : undefined) ?? 'rpc-error';
  const detail: LoupeErrorData = {
    kind,
    message: `${method} failed: ${text}${codeText(code)}${supportedText(code, data)}`,
    data: { method, serverMessage: text, ...(data !== undefined ? { data } : {}) },
  };
  if (code !== undefined) detail.code = code;
  return detail;
}

/** " (-32601)", or with the MCP name for the 2026-07-28 codes: " (-32022 UnsupportedProtocolVersion)". */
function codeText(code: number | undefined): string {
  if (code === undefined) return '';
  const name = modernErrorCodes.includes(code) ? rpcErrorName(code) : undefined;
  return name ? ` (${code} ${name})` : ` (${code})`;
}

/** For -32022: which versions the server says it supports. */
function supportedText(code: number | undefined, data: unknown): string {
  if (code !== unsupportedProtocolVersionCode || !isJsonObject(data) || !Array.isArray(data.supported))
    return '';
  const versions = data.supported.filter((version): version is string => typeof version === 'string');
  return versions.length > 0 ? `; the server supports ${versions.join(', ')}` : '';
}
