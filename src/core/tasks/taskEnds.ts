/**
 * How a followed task ends when it does not complete: each a LoupeError naming the task, the tool and the cause.
 * Cancelling (the user's, through the call's AbortSignal) sends tasks/cancel and records what the server answered;
 * a refused or failed cancel is an error of its own (`cancel-failed`), never reported as a cancel.
 */
import { LoupeError, toErrorData, type LoupeErrorData } from '../../shared/errors.js';
import { isJsonObject, type JsonObject } from '../../shared/json.js';
import { abortReason as reasonInWords } from '../rpc/abortReason.js';
import type { McpSession } from '../types.js';
import { parseTask } from './taskShape.js';
import type { TaskTracker } from './taskTracker.js';

/** How long a tasks/cancel may take before Loupe stops waiting for it, ms. */
const cancelTimeoutMs = 5_000;

function label(tracker: TaskTracker): string {
  return `Task ${tracker.record.taskId} (${tracker.record.tool})`;
}

function ended(tracker: TaskTracker, error: LoupeError): LoupeError {
  tracker.record.error = error.detail;
  return error;
}

export function taskFailed(tracker: TaskTracker, cause: string, data: JsonObject = {}): LoupeError {
  return ended(
    tracker,
    new LoupeError({
      kind: 'task-failed',
      message: `${label(tracker)} ${cause}`,
      data: { taskId: tracker.record.taskId, tool: tracker.record.tool, status: tracker.status, ...data },
    }),
  );
}

export function taskExpired(tracker: TaskTracker, cause: string): LoupeError {
  const ttl = tracker.record.ttlMs;
  return ended(
    tracker,
    new LoupeError({
      kind: 'task-expired',
      message: `${label(tracker)} expired: its TTL of ${String(ttl)} ms ended ${cause}`,
      data: {
        taskId: tracker.record.taskId,
        tool: tracker.record.tool,
        ttlMs: ttl ?? null,
        status: tracker.status,
      },
    }),
  );
}

/** Loupe stopped following a task that had not ended (it may still run on the server). */
export function followLimit(tracker: TaskTracker, limitMs: number): LoupeError {
  return ended(
    tracker,
    new LoupeError({
      kind: 'timeout',
      message: `${label(tracker)} was still ${tracker.status} after ${limitMs} ms; Loupe stopped following it (it may still run on the server)`,
      data: {
        taskId: tracker.record.taskId,
        tool: tracker.record.tool,
        status: tracker.status,
        timeoutMs: limitMs,
      },
    }),
  );
}

/** The failed task's error as the server reported it (2026: the `error` member of tasks/get). */
export function failedWith(tracker: TaskTracker, error: unknown): LoupeError {
  if (isJsonObject(error) && typeof error.message === 'string') {
    const code = typeof error.code === 'number' ? ` (${error.code})` : '';
    return taskFailed(tracker, `failed: ${error.message}${code}`, { error });
  }
  const message = tracker.record.statusMessage;
  return taskFailed(tracker, `failed${message ? `: ${message}` : ' without saying why'}`);
}

/** A tasks/get (or tasks/result) that failed: past the TTL the task expired, otherwise the server lost it. */
export function lostTask(tracker: TaskTracker, method: string, error: unknown): LoupeError {
  const detail = toErrorData(error);
  if (detail.kind !== 'rpc-error' && detail.kind !== 'method-not-found' && detail.kind !== 'invalid-response')
    return error instanceof LoupeError ? error : new LoupeError(detail);
  if (tracker.pastTtl())
    return taskExpired(
      tracker,
      `before it finished; the server no longer knows it (${method}: ${detail.message})`,
    );
  return taskFailed(tracker, `was lost: ${method} failed: ${detail.message}`, { cause: detail.message });
}

/**
 * Sends tasks/cancel and returns the error the cancelled call rejects with: kind `cancelled` when the server took
 * the cancel, `cancel-failed` (naming the server's answer) when it refused it, failed or did not answer in time:
 * then the task was not confirmed cancelled and may still run on the server.
 */
export async function cancelTask(
  session: McpSession,
  tracker: TaskTracker,
  reason: string,
): Promise<LoupeError> {
  const taskId = tracker.record.taskId;
  try {
    const response = await session.request('tasks/cancel', { taskId }, { timeoutMs: cancelTimeoutMs });
    const result = response.result;
    // 2025 answers the cancelled task; 2026 an empty result: then Loupe records the cancel it asked for.
    const task =
      typeof result.status === 'string'
        ? parseTask(result, 'tasks/cancel')
        : await statusAfterCancel(session, taskId);
    tracker.see(
      task ?? { taskId, status: 'cancelled', statusMessage: 'cancelled by Loupe' },
      'cancel',
      session.now(),
    );
  } catch (error) {
    return ended(tracker, cancelFailed(tracker, reason, toErrorData(error)));
  }
  return ended(
    tracker,
    new LoupeError({
      kind: 'cancelled',
      message: `${label(tracker)} was cancelled: ${reason}`,
      data: { taskId, tool: tracker.record.tool, status: tracker.status },
    }),
  );
}

function cancelFailed(tracker: TaskTracker, reason: string, cause: LoupeErrorData): LoupeError {
  const code = cause.code !== undefined && !cause.message.includes(String(cause.code)) ? ` (${cause.code})` : '';
  // The session's errors name the method already ("tasks/cancel failed: …", "tasks/cancel timed out …").
  const said = cause.message.startsWith('tasks/cancel') ? cause.message : `tasks/cancel failed: ${cause.message}`;
  const refusal: JsonObject = { kind: cause.kind, message: cause.message };
  if (cause.code !== undefined) refusal.code = cause.code;
  return new LoupeError({
    kind: 'cancel-failed',
    message: `${label(tracker)} was not cancelled: ${said}${code}; it may still run on the server (last status: ${tracker.status})`,
    data: {
      taskId: tracker.record.taskId,
      tool: tracker.record.tool,
      status: tracker.status,
      reason,
      cancelError: refusal,
    },
  });
}

/** 2026: tasks/cancel answers nothing about the task; one tasks/get says what became of it. */
async function statusAfterCancel(
  session: McpSession,
  taskId: string,
): Promise<ReturnType<typeof parseTask> | undefined> {
  try {
    const response = await session.request('tasks/get', { taskId }, { timeoutMs: cancelTimeoutMs });
    return parseTask(response.result, 'tasks/get');
  } catch {
    return undefined;
  }
}

export function abortReason(signal: AbortSignal | undefined): string {
  return reasonInWords(signal?.reason);
}
