/** A listed tool's execution.taskSupport, durations, and whether a cancel of the task failed. */
import { isJsonObject, type JsonObject } from '../../shared/json';
import type { TaskRecord } from '../../shared/tasks';

export type TaskSupport = 'required' | 'optional' | 'forbidden';

export function taskSupportOf(tool: JsonObject): TaskSupport {
  const support = isJsonObject(tool.execution) ? tool.execution.taskSupport : undefined;
  return support === 'required' || support === 'optional' ? support : 'forbidden';
}

/** "3 s", "2 min", "1 h": a short age or TTL. */
export function shortDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  if (ms < 60_000) return `${Math.round(ms / 1000)} s`;
  if (ms < 3_600_000) return `${Math.round(ms / 60_000)} min`;
  return `${Math.round(ms / 3_600_000)} h`;
}

export function ttlText(ttl: number | null | undefined): string {
  if (ttl === null) return 'unlimited';
  return ttl === undefined ? 'not given' : shortDuration(ttl);
}

/** The server refused or failed the task's tasks/cancel: the task may still run, whatever the user asked. */
export function cancelFailed(record: TaskRecord): boolean {
  return record.error?.kind === 'cancel-failed';
}
