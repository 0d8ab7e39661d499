/** tools/call: the raw result kept, structuredContent validated against the tool's outputSchema. */
import { randomUUID } from 'node:crypto';
import type { JsonObject } from '../../shared/json.js';
import type { CallOutcome, ProgressEvent } from '../../shared/session.js';
import type { McpSession } from '../types.js';
import { outputSchemaOf, validateStructured } from './outputValidators.js';

export interface CallToolRequest {
  tool: string;
  arguments?: JsonObject;
  /** Names this call in progress events and the outcome; a UUID when absent. */
  callId?: string;
  /** Idle timeout, reset by progress. */
  timeoutMs?: number;
  maxTotalMs?: number;
  /** Aborting sends notifications/cancelled; the promise rejects with kind 'cancelled'. */
  signal?: AbortSignal;
  /** Asking for progress sends a progressToken. */
  onProgress?: (progress: ProgressEvent) => void;
}

/**
 * Calls a tool. `tools` is the full tool list (every page) the outputSchema is looked up in.
 * Rejects with the session's LoupeError (timeout, cancelled, disconnected, rpc-error...).
 */
export async function callTool(session: McpSession, request: CallToolRequest, tools: readonly JsonObject[]): Promise<CallOutcome> {
  const callId = request.callId ?? randomUUID();
  const args = request.arguments ?? {};
  const onProgress = request.onProgress;
  const response = await session.request(
    'tools/call',
    { name: request.tool, arguments: args },
    {
      timeoutMs: request.timeoutMs,
      maxTotalMs: request.maxTotalMs,
      signal: request.signal,
      onProgress: onProgress ? (progress) => onProgress({ callId, ...progress }) : undefined,
    },
  );
  const result = response.result;
  const isError = result.isError === true;
  const outcome: CallOutcome = {
    callId,
    tool: request.tool,
    arguments: args,
    result,
    isError,
    rttMs: response.rttMs,
  };
  const validation = validateStructured(outputSchemaOf(tools, request.tool), result, isError);
  if (validation) outcome.structuredValidation = validation;
  if (response.requestSeq !== undefined) outcome.requestSeq = response.requestSeq;
  if (response.responseSeq !== undefined) outcome.responseSeq = response.responseSeq;
  if (response.rounds) outcome.rounds = response.rounds;
  return outcome;
}
