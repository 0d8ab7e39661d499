import { describe, expect, it } from 'vitest';
import { LoupeError } from '../../shared/errors.js';
import { lostTask } from './taskEnds.js';
import { TaskTracker } from './taskTracker.js';

const call = { callId: 'c1', tool: 'short_lived', era: 'modern' as const, startedAt: 0 };
const task = { taskId: 't1', status: 'working' as const, ttlMs: 200 };
const notFound = new LoupeError({ kind: 'rpc-error', message: 'Task t1 not found (-32602)' });

describe('TaskTracker TTL clock', () => {
  it('counts the TTL from when the call was sent: a task the server dropped at its TTL is expired, not lost', () => {
    // The answer took 150 ms: the server created the task up to 150 ms before Loupe saw it. 60 ms later the
    // server has dropped it (its 200 ms are over), though only 60 ms passed since the answer arrived.
    const sent = Date.now() - 210;
    const tracker = new TaskTracker(task, call, () => undefined, sent);
    expect(tracker.pastTtl()).toBe(true);
    expect(lostTask(tracker, 'tasks/get', notFound).detail.kind).toBe('task-expired');
  });

  it('a task the server forgets well inside its TTL is lost (task-failed), named so', () => {
    const tracker = new TaskTracker(task, call, () => undefined);
    expect(tracker.pastTtl()).toBe(false);
    const error = lostTask(tracker, 'tasks/get', notFound);
    expect(error.detail.kind).toBe('task-failed');
    expect(error.message).toBe(
      'Task t1 (short_lived) was lost: tasks/get failed: Task t1 not found (-32602)',
    );
  });
});
