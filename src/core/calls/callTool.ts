/** tools/call: the raw result kept, structuredContent validated against the tool's outputSchema. */
import { randomUUID } from 'node:crypto';
import { isJsonObject, type JsonObject } from '../../shared/json.js';
import type { CallOutcome, ProgressEvent } from '../../shared/session.js';
import type { TaskMode, TaskRecord, TaskSummary } from '../../shared/tasks.js';
import { followToolTask, isTaskAnswer, taskRequest, type FollowRequest } from '../tasks/toolTasks.js';
import { continueAction, newAction, resumeAction, type TraceAction } from '../trace/traceAction.js';
import type { McpSession, RawResponse } from '../types.js';
import { diagnoseToolError, withCallDiagnosis, type CallContext } from '../doctor/callDiagnosis.js';
import { outputSchemaOf, validateStructured } from './outputValidators.js';

export interface CallToolRequest {
  tool: string;
  arguments?: JsonObject;
  /** Names this call in progress events and the outcome; a UUID when absent. */
  callId?: string;
  /** Idle timeout, reset by progress. */
  timeoutMs?: number;
  maxTotalMs?: number;
  /** Aborting sends notifications/cancelled (a task: tasks/cancel); the promise rejects with kind 'cancelled'. */
  signal?: AbortSignal;
  /** Asking for progress sends a progressToken. */
  onProgress?: (progress: ProgressEvent) => void;
  /** auto (default): a task only for a tool that requires one (2025) or when the server makes one (2026); task: also for optional. */
  taskMode?: TaskMode;
  /** Every change of the task this call became (status, message), and its end. */
  onTask?: (record: TaskRecord) => void;
  /** Whether `tools` is the whole listing (its walk reached the last page); the doctor says "not listed" only then. */
  listingComplete?: boolean;
}

/**
 * Calls a tool. `tools` is the full tool list (every page) the outputSchema is looked up in.
 * Rejects with the session's LoupeError (timeout, cancelled, disconnected, rpc-error, task-failed, task-expired...),
 * carrying the connection doctor's diagnosis (`doctor`) when it has one.
 */
export function callTool(
  session: McpSession,
  request: CallToolRequest,
  tools: readonly JsonObject[],
): Promise<CallOutcome> {
  // A call is one action (SEP-414 trace context): its request is sent in it before the first await, and a task's
  // polls (and a cancel) follow in it. No AsyncLocalStorage context unless the call became a task.
  const action = newAction();
  return resumeAction(action, () => callAndFollow(session, request, tools, action));
}

async function callAndFollow(
  session: McpSession,
  request: CallToolRequest,
  tools: readonly JsonObject[],
  action: TraceAction,
): Promise<CallOutcome> {
  let outcome: CallOutcome;
  try {
    // Sent and followed here, not in a helper of its own: one async layer fewer on every call.
    const callId = request.callId ?? randomUUID();
    const args = request.arguments ?? {};
    const onProgress = request.onProgress;
    const task = taskRequest(session.handshake, tools, request.tool, request.taskMode ?? 'auto');
    const params: JsonObject = { name: request.tool, arguments: args };
    if (task) params.task = task;
    const created = await session.request('tools/call', params, {
      timeoutMs: request.timeoutMs,
      maxTotalMs: request.maxTotalMs,
      signal: request.signal,
      onProgress: onProgress ? (progress) => onProgress({ callId, ...progress }) : undefined,
    });
    const followed = isTaskAnswer(session.handshake, created.result)
      ? await continueAction(action, () => followToolTask(session, created, followRequest(callId, request)))
      : undefined;
    outcome = outcomeOf(request, callId, args, tools, created, followed);
  } catch (error) {
    throw withCallDiagnosis(error, callContext(session, request, tools));
  } finally {
    action.open = false;
  }
  if (!outcome.isError) return outcome;
  const doctor = diagnoseToolError(outcome.result, callContext(session, request, tools));
  return doctor ? { ...outcome, doctor } : outcome;
}

function callContext(
  session: McpSession,
  request: CallToolRequest,
  tools: readonly JsonObject[],
): CallContext {
  return {
    tool: request.tool,
    arguments: request.arguments ?? {},
    tools,
    listingComplete: request.listingComplete ?? true,
    declaresListChanged: declaresToolListChanged(session),
    frames: session.recorder.frames(),
  };
}

function declaresToolListChanged(session: McpSession): boolean {
  const tools = session.handshake.capabilities.tools;
  return isJsonObject(tools) && tools.listChanged === true;
}

function followRequest(callId: string, request: CallToolRequest): FollowRequest {
  const follow: FollowRequest = { callId, tool: request.tool };
  if (request.signal) follow.signal = request.signal;
  if (request.onTask) follow.onTask = request.onTask;
  return follow;
}

/** The outcome of a call that was answered (the tool's own result, the task's final one when it became a task). */
function outcomeOf(
  request: CallToolRequest,
  callId: string,
  args: JsonObject,
  tools: readonly JsonObject[],
  created: RawResponse,
  followed: { response: RawResponse; task: TaskSummary } | undefined,
): CallOutcome {
  const response = followed?.response ?? created;
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
  if (created.rounds) outcome.rounds = created.rounds;
  if (followed) outcome.task = followed.task;
  return outcome;
}
