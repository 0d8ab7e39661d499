/** `loupe call` task output: one stderr line per status change, and the --json document of a task call. */
import type { JsonObject, JsonValue } from '../shared/json.js';
import type { CallOutcome } from '../shared/session.js';
import type { TaskRecord } from '../shared/tasks.js';
import { printable } from './terminal.js';

/** "task <id> (tool): working: Stage 1 of 3". */
export function taskStatusLine(record: TaskRecord): string {
  const entry = record.history.at(-1);
  const message = entry?.statusMessage !== undefined ? `: ${printable(entry.statusMessage)}` : '';
  const first =
    record.history.length === 1
      ? ` created (ttl ${ttlText(record.ttlMs)}, poll ${String(record.pollIntervalMs ?? '?')} ms)`
      : '';
  return `loupe: task ${printable(record.taskId)}${first} ${printable(record.status)}${message}`;
}

function ttlText(ttl: number | null | undefined): string {
  if (ttl === null) return 'unlimited';
  return ttl === undefined ? 'not given' : `${String(ttl)} ms`;
}

/** --json of a call: the result as sent; a task call wraps it with the task's id, status and history. */
export function callJson(outcome: CallOutcome): JsonValue {
  if (!outcome.task) return outcome.result;
  const task: JsonObject = {
    taskId: outcome.task.taskId,
    status: outcome.task.status,
    history: outcome.task.history.map((entry) => ({ ...entry })),
  };
  if (outcome.task.ttlMs !== undefined) task.ttlMs = outcome.task.ttlMs;
  if (outcome.task.pollIntervalMs !== undefined) task.pollIntervalMs = outcome.task.pollIntervalMs;
  return { result: outcome.result, task };
}

/** An onTask listener printing one line per new status (the final report of an ended task adds none). */
export function taskPrinter(print: (line: string) => void): (record: TaskRecord) => void {
  let printed = 0;
  return (record) => {
    if (record.history.length <= printed) return;
    printed = record.history.length;
    print(taskStatusLine(record));
  };
}
