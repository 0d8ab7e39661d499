/**
 * Follows a 2025-11-25 task: polls tasks/get at the server's pollInterval, and wakes early on
 * notifications/tasks/status for it. When the task needs input or has ended, tasks/result is sent (it blocks
 * until the task ends): the server delivers the task's own requests (elicitation/create, sampling) on it, and
 * the session's handlers answer them as any server request. tasks/result answers what tools/call would have.
 */
import { LoupeError, toErrorData } from '../../shared/errors.js';
import type { McpSession, RawResponse } from '../types.js';
import { abortReason, cancelTask, followLimit, lostTask, taskExpired, taskFailed } from './taskEnds.js';
import { parseTask } from './taskShape.js';
import { maxFollowMs, ttlGraceMs, type TaskTracker } from './taskTracker.js';

type Settled = { response: RawResponse } | { error: unknown };

export async function followLegacy(
  session: McpSession,
  tracker: TaskTracker,
  signal: AbortSignal | undefined,
): Promise<RawResponse> {
  const taskId = tracker.record.taskId;
  const resultAbort = new AbortController();
  let settled: Settled | undefined;
  let fetching: Promise<void> | undefined;
  const fetchResult = (): void => {
    fetching ??= session
      .request('tasks/result', { taskId }, { timeoutMs: 0, maxTotalMs: 0, signal: resultAbort.signal })
      .then(
        (response) => void (settled = { response }),
        (error: unknown) => void (settled = { error }),
      )
      .finally(() => tracker.nudge());
  };
  const wantsResult = (): boolean => tracker.status === 'input_required' || tracker.terminal;
  if (wantsResult()) fetchResult();
  const unsubscribe = session.onNotification((method, params) => {
    if (method !== 'notifications/tasks/status' || params?.taskId !== taskId) return;
    try {
      tracker.see(parseTask(params, method), 'notification', session.now());
      if (wantsResult()) fetchResult();
    } catch {
      // A malformed notification is recorded as a frame; polling goes on.
    }
  });
  try {
    for (;;) {
      if (settled) return await finish(session, tracker, settled);
      if (signal?.aborted) throw await cancelTask(session, tracker, abortReason(signal));
      if (tracker.pastTtl(ttlGraceMs))
        throw taskExpired(tracker, 'while the server still reported it running');
      if (tracker.pastFollowLimit()) throw followLimit(tracker, maxFollowMs);
      await tracker.sleep(signal);
      if (settled) continue;
      if (signal?.aborted) continue;
      try {
        const response = await session.request('tasks/get', { taskId }, { signal });
        tracker.see(parseTask(response.result, 'tasks/get'), 'poll', session.now());
      } catch (error) {
        if (signal?.aborted) continue;
        throw lostTask(tracker, 'tasks/get', error);
      }
      if (wantsResult()) fetchResult();
      if (tracker.terminal && fetching) await fetching;
    }
  } finally {
    unsubscribe();
    if (!settled) resultAbort.abort('the task was no longer followed');
  }
}

async function finish(session: McpSession, tracker: TaskTracker, settled: Settled): Promise<RawResponse> {
  if ('error' in settled) {
    const detail = toErrorData(settled.error);
    if (tracker.status === 'failed' || detail.kind === 'rpc-error')
      throw taskFailed(tracker, `failed: ${detail.message}`, { error: detail.message });
    throw settled.error instanceof LoupeError
      ? lostTask(tracker, 'tasks/result', settled.error)
      : settled.error;
  }
  // tasks/result may come back before a poll saw the end: one tasks/get records the final status.
  if (!tracker.terminal) {
    try {
      const response = await session.request('tasks/get', { taskId: tracker.record.taskId });
      tracker.see(parseTask(response.result, 'tasks/get'), 'poll', session.now());
    } catch {
      tracker.see({ taskId: tracker.record.taskId, status: 'completed' }, 'result', session.now());
    }
  }
  if (tracker.status === 'cancelled') throw taskFailed(tracker, 'was cancelled by the server');
  if (tracker.status === 'failed')
    throw taskFailed(
      tracker,
      `failed${tracker.record.statusMessage ? `: ${tracker.record.statusMessage}` : ''}`,
      {
        result: settled.response.result,
      },
    );
  return settled.response;
}
