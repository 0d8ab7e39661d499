/**
 * Whether a tools/call goes out as a task, and following the task a tools/call became.
 * - 2025-11-25 (requestor-driven): a tool whose execution.taskSupport is "required" always runs as a task, an
 *   "optional" one when the caller asks (mode "task"), never one without support, and only on a server that
 *   declared tasks.requests.tools.call and a session where Loupe declared tasks. The request carries `task: {}`.
 * - 2026-07-28 (server-directed): the call goes out as always; a CreateTaskResult (resultType "task") is followed.
 */
import { LoupeError } from '../../shared/errors.js';
import { isJsonObject, type JsonObject } from '../../shared/json.js';
import type { Handshake } from '../../shared/session.js';
import type { TaskMode, TaskRecord, TaskSummary } from '../../shared/tasks.js';
import type { McpSession, RawResponse } from '../types.js';
import { followLegacy } from './followLegacy.js';
import { followModern } from './followModern.js';
import { serverTakesToolTasks } from './negotiation.js';
import { isLegacyCreateTaskResult, parseCreateTaskResult } from './taskShape.js';
import { TaskTracker } from './taskTracker.js';

/** The tool's execution.taskSupport as listed: required, optional, or forbidden (absent or anything else). */
export function taskSupportOf(
  tools: readonly JsonObject[],
  tool: string,
): 'required' | 'optional' | 'forbidden' {
  const listed = tools.find((item) => item.name === tool);
  const execution = listed && isJsonObject(listed.execution) ? listed.execution : undefined;
  const support = execution?.taskSupport;
  return support === 'required' || support === 'optional' ? support : 'forbidden';
}

/** The `task` member of a 2025 tools/call, or undefined for a plain call. A mode "task" Loupe cannot honour is a usage error. */
export function taskRequest(
  handshake: Handshake,
  tools: readonly JsonObject[],
  tool: string,
  mode: TaskMode,
): JsonObject | undefined {
  if (handshake.era === 'modern') return undefined;
  const declared = isJsonObject(handshake.clientCapabilities?.tasks);
  const usable = declared && serverTakesToolTasks(handshake);
  // A plain call to a server without tool tasks: no search of the tool list.
  if (!usable && mode !== 'task') return undefined;
  const support = taskSupportOf(tools, tool);
  if (mode === 'task') {
    const why = !declared
      ? 'tasks are turned off in Loupe'
      : !serverTakesToolTasks(handshake)
        ? 'the server did not declare tasks.requests.tools.call'
        : support === 'forbidden'
          ? 'the tool does not declare execution.taskSupport optional or required'
          : undefined;
    if (why)
      throw new LoupeError({
        kind: 'usage',
        message: `${tool} cannot run as a task: ${why}`,
        data: { tool },
      });
  }
  if (!usable) return undefined;
  return support === 'required' || (support === 'optional' && mode === 'task') ? {} : undefined;
}

/** Whether this tools/call answer is a task to follow rather than the result. */
export function isTaskAnswer(handshake: Handshake, result: JsonObject): boolean {
  return handshake.era === 'modern' ? result.resultType === 'task' : isLegacyCreateTaskResult(result);
}

export interface FollowRequest {
  callId: string;
  tool: string;
  signal?: AbortSignal;
  onTask?: (record: TaskRecord) => void;
}

/** Follows the task a tools/call answered with to its end: the final response (the tool's result) and the task's story. */
export async function followToolTask(
  session: McpSession,
  created: RawResponse,
  request: FollowRequest,
): Promise<{ response: RawResponse; task: TaskSummary }> {
  const handshake = session.handshake;
  const era = handshake.era ?? 'legacy';
  const parsed = parseCreateTaskResult(created.result, 'tools/call');
  const onTask = request.onTask ?? (() => undefined);
  const tracker = new TaskTracker(
    parsed,
    { callId: request.callId, tool: request.tool, era, startedAt: session.now() },
    (record) => {
      try {
        onTask(record);
      } catch {
        // A display's fault must not end the task.
      }
    },
    // The call's send time; after input rounds (a person's pace) the task was created after the last of them.
    created.rounds?.length ? Date.now() : Date.now() - created.rttMs,
  );
  try {
    const response =
      era === 'modern'
        ? await followModern(session, tracker, request.signal)
        : await followLegacy(session, tracker, request.signal);
    return { response, task: tracker.summary() };
  } catch (error) {
    if (error instanceof LoupeError) {
      tracker.record.error = error.detail;
      onTask({ ...tracker.record, history: [...tracker.record.history] });
      throw new LoupeError(
        { ...error.detail, data: { ...asRecord(error.detail.data), task: tracker.summary() } },
        { cause: error },
      );
    }
    throw error;
  }
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
