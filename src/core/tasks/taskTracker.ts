/**
 * The state of one task Loupe follows: its status history (a new entry whenever the status or message changes),
 * the poll pacing (the server's pollIntervalMs, clamped), a sleep that a status notification or a finished
 * tasks/result wakes early, and the TTL clock (Loupe's own clock from the moment the task was created, so a server
 * whose clock is off cannot fool it).
 */
import type { TaskRecord, TaskStatusEntry, TaskSummary } from '../../shared/tasks.js';
import { terminalStatuses } from '../../shared/tasks.js';
import type { ParsedTask } from './taskShape.js';

/** Poll pacing bounds, ms: a hostile pollInterval of 0 must not spin, one of a day must not stall. */
export const minPollMs = 50;
export const maxPollMs = 5_000;
export const defaultPollMs = 500;
/** How long past its TTL a task that still reports itself running is given before Loupe calls it expired, ms. */
export const ttlGraceMs = 2_000;
/** The longest Loupe follows one task (an unlimited or very long TTL included), ms. */
export const maxFollowMs = 3_600_000;

export class TaskTracker {
  readonly record: TaskRecord;
  private wake: (() => void) | undefined;
  /**
   * When the TTL started at the latest on Loupe's wall clock: when the call that created the task was sent (the server
   * cannot have created it earlier), so a task the server dropped at its TTL's end is past it on this clock too.
   */
  private readonly startedWall: number;

  constructor(
    task: ParsedTask,
    call: Pick<TaskRecord, 'callId' | 'tool' | 'era' | 'startedAt'>,
    private readonly onChange: (record: TaskRecord) => void,
    sentWall = Date.now(),
  ) {
    this.startedWall = sentWall;
    this.record = { ...call, taskId: task.taskId, status: task.status, history: [] };
    if (task.createdAt !== undefined) this.record.createdAt = task.createdAt;
    this.see(task, 'created', call.startedAt);
  }

  /** Records what a result, poll or notification said; returns whether the status or message changed. */
  see(task: ParsedTask, source: TaskStatusEntry['source'], t: number): boolean {
    const record = this.record;
    if (task.ttlMs !== undefined) record.ttlMs = task.ttlMs;
    if (task.pollIntervalMs !== undefined) record.pollIntervalMs = task.pollIntervalMs;
    const last = record.history.at(-1);
    // A terminal status is final: a later report of another status is not believed.
    if (last && terminalStatuses.includes(last.status)) return false;
    if (last && last.status === task.status && last.statusMessage === task.statusMessage) return false;
    const entry: TaskStatusEntry = { status: task.status, t, source };
    if (task.statusMessage !== undefined) entry.statusMessage = task.statusMessage;
    record.history.push(entry);
    record.status = task.status;
    if (task.statusMessage !== undefined) record.statusMessage = task.statusMessage;
    else delete record.statusMessage;
    this.onChange({ ...record, history: [...record.history] });
    this.wake?.();
    return true;
  }

  get status(): string {
    return this.record.status;
  }

  get terminal(): boolean {
    return terminalStatuses.includes(this.record.status);
  }

  pollMs(): number {
    const asked = this.record.pollIntervalMs ?? defaultPollMs;
    return Math.min(maxPollMs, Math.max(minPollMs, asked));
  }

  /** Whether the task's TTL (non-null) has passed on Loupe's clock, plus `grace` ms. */
  pastTtl(grace = 0): boolean {
    const ttl = this.record.ttlMs;
    return typeof ttl === 'number' && Date.now() - this.startedWall > ttl + grace;
  }

  /** Whether Loupe has followed this task for maxFollowMs (or the given limit). */
  pastFollowLimit(limit = maxFollowMs): boolean {
    return Date.now() - this.startedWall > limit;
  }

  /** Sleeps the poll interval, or less when woken (a notification, a settled tasks/result) or aborted. */
  sleep(signal: AbortSignal | undefined): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, this.pollMs());
      signal?.addEventListener('abort', done, { once: true });
      this.wake = done;
    });
  }

  /** Wakes a pending sleep (a tasks/result settled). */
  nudge(): void {
    this.wake?.();
  }

  summary(): TaskSummary {
    const { taskId, status, ttlMs, pollIntervalMs, history } = this.record;
    const summary: TaskSummary = { taskId, status, history: [...history] };
    if (ttlMs !== undefined) summary.ttlMs = ttlMs;
    if (pollIntervalMs !== undefined) summary.pollIntervalMs = pollIntervalMs;
    return summary;
  }
}
