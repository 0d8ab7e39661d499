/**
 * `loupe snapshot --calls <file>`: the requests to make after the listings, so that the snapshot records them (and
 * `loupe replay` can answer them). The file is a JSON array of {"method", "params"}: tools/call, resources/read,
 * prompts/get, completion/complete or any other request. A request the server refuses is recorded like any other.
 */
import { LoupeError, toErrorData, type LoupeErrorData } from '../../shared/errors.js';
import { isJsonObject, type JsonObject } from '../../shared/json.js';
import { readRegularFile } from '../regularFile.js';
import type { McpSession } from '../types.js';

export interface PlannedCall {
  method: string;
  params?: JsonObject;
}

export interface CallOutcome {
  call: PlannedCall;
  error?: LoupeErrorData;
}

function invalid(path: string, message: string): LoupeError {
  return new LoupeError({ kind: 'usage', message: `--calls ${path}: ${message}` });
}

export function parseCalls(text: string, path: string): PlannedCall[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw invalid(path, `not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!Array.isArray(value))
    throw invalid(path, 'wants a JSON array of {"method": "tools/call", "params": {…}}.');
  return value.map((item, index) => {
    if (!isJsonObject(item) || typeof item.method !== 'string' || item.method === '')
      throw invalid(path, `item ${index} has no "method" string.`);
    if (item.params !== undefined && !isJsonObject(item.params))
      throw invalid(path, `item ${index}: "params" must be an object.`);
    return isJsonObject(item.params) ? { method: item.method, params: item.params } : { method: item.method };
  });
}

export async function readCalls(path: string): Promise<PlannedCall[]> {
  const read = await readRegularFile(path, 64 * 1024 * 1024);
  if (!read.ok)
    throw new LoupeError({
      kind: 'io-error',
      message: read.exists ? `Could not read ${path}: ${read.reason}.` : `No calls file at ${path}.`,
    });
  return parseCalls(read.bytes.toString('utf8'), path);
}

/** Makes the calls in order, each waiting for its answer; the outcomes say which failed and why. */
export async function makeCalls(
  session: McpSession,
  calls: readonly PlannedCall[],
  timeoutMs?: number,
): Promise<CallOutcome[]> {
  const outcomes: CallOutcome[] = [];
  for (const call of calls) {
    try {
      await session.request(call.method, call.params ?? {}, timeoutMs === undefined ? {} : { timeoutMs });
      outcomes.push({ call });
    } catch (error) {
      outcomes.push({ call, error: toErrorData(error) });
      if (!session.isOpen) break;
    }
  }
  return outcomes;
}
