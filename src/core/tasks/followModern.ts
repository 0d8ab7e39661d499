/**
 * Follows a 2026-07-28 task (extension io.modelcontextprotocol/tasks) by polling tasks/get at the server's
 * pollIntervalMs: `input_required` is answered through the session's handlers for each embedded input request
 * (the same dialogs / --input answers as any input request) and sent with tasks/update, each key once;
 * `completed` carries the result, `failed` the error. The extension's notifications need subscriptions/listen,
 * so Loupe polls (the extension's default).
 */
import { LoupeError } from '../../shared/errors.js';
import { isJsonObject, type JsonObject } from '../../shared/json.js';
import type { McpSession, RawResponse } from '../types.js';
import {
  abortReason,
  cancelTask,
  followLimit,
  failedWith,
  lostTask,
  taskExpired,
  taskFailed,
} from './taskEnds.js';
import { parseTask } from './taskShape.js';
import { maxFollowMs, ttlGraceMs, type TaskTracker } from './taskTracker.js';

export async function followModern(
  session: McpSession,
  tracker: TaskTracker,
  signal: AbortSignal | undefined,
): Promise<RawResponse> {
  const taskId = tracker.record.taskId;
  const answered = new Set<string>();
  for (;;) {
    if (signal?.aborted) throw await cancelTask(session, tracker, abortReason(signal));
    if (tracker.pastTtl(ttlGraceMs)) throw taskExpired(tracker, 'while the server still reported it running');
    if (tracker.pastFollowLimit()) throw followLimit(tracker, maxFollowMs);
    await tracker.sleep(signal);
    if (signal?.aborted) throw await cancelTask(session, tracker, abortReason(signal));
    let response: RawResponse;
    try {
      response = await session.request('tasks/get', { taskId }, { signal });
    } catch (error) {
      if (signal?.aborted) throw await cancelTask(session, tracker, abortReason(signal));
      throw lostTask(tracker, 'tasks/get', error);
    }
    const result = response.result;
    tracker.see(parseTask(result, 'tasks/get'), 'poll', session.now());
    switch (tracker.status) {
      case 'completed':
        if (!isJsonObject(result.result))
          throw taskFailed(tracker, 'completed without a result object in tasks/get', { got: result });
        return { ...response, result: result.result };
      case 'failed':
        throw failedWith(tracker, result.error);
      case 'cancelled':
        throw taskFailed(tracker, `was cancelled by the server${statusNote(tracker)}`);
      case 'input_required':
        try {
          await answerInputs(session, taskId, result.inputRequests, answered, signal);
        } catch (error) {
          // Cancelled while its input was asked for: the form closed; the task is cancelled as any other.
          if (signal?.aborted) throw await cancelTask(session, tracker, abortReason(signal));
          throw error;
        }
        break;
      default:
        break;
    }
  }
}

function statusNote(tracker: TaskTracker): string {
  const message = tracker.record.statusMessage;
  return message ? `: ${message}` : '';
}

/** Answers the input requests not answered yet and sends them in one tasks/update. */
async function answerInputs(
  session: McpSession,
  taskId: string,
  requests: unknown,
  answered: Set<string>,
  signal: AbortSignal | undefined,
): Promise<void> {
  if (!isJsonObject(requests)) return;
  const inputResponses: JsonObject = {};
  for (const [key, request] of Object.entries(requests)) {
    if (answered.has(key)) continue;
    if (!isJsonObject(request) || typeof request.method !== 'string') {
      throw new LoupeError({
        kind: 'invalid-response',
        message: `tasks/get: input request "${key}" of task ${taskId} has no method`,
        data: { taskId, request },
      });
    }
    const params = isJsonObject(request.params) ? request.params : {};
    if (!session.answerInput)
      throw new LoupeError({
        kind: 'internal',
        message: 'this session cannot answer embedded input requests',
      });
    answered.add(key);
    inputResponses[key] = await session.answerInput(request.method, params, key, signal, `task ${taskId}`);
  }
  if (Object.keys(inputResponses).length === 0) return;
  await session.request('tasks/update', { taskId, inputResponses });
}
