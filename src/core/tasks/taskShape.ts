/**
 * Reads a Task object as a server sent it (hostile input): 2025-11-25 names its lifetime `ttl`/`pollInterval`,
 * the 2026-07-28 extension `ttlMs`/`pollIntervalMs`. Anything malformed is an invalid-response naming the field.
 */
import { LoupeError } from '../../shared/errors.js';
import { isJsonObject, type JsonObject, type JsonValue } from '../../shared/json.js';
import type { ServerTask } from '../../shared/tasks.js';

export type ParsedTask = ServerTask;

export function parseTask(value: JsonValue | undefined, where: string): ParsedTask {
  const invalid = (detail: string): LoupeError =>
    new LoupeError({
      kind: 'invalid-response',
      message: `${where}: the task is invalid: ${detail}`,
      data: { task: value ?? null },
    });
  if (!isJsonObject(value)) throw invalid('it is not an object');
  if (typeof value.taskId !== 'string' || value.taskId === '')
    throw invalid('taskId is not a non-empty string');
  if (typeof value.status !== 'string') throw invalid('status is not a string');
  const task: ParsedTask = { taskId: value.taskId, status: value.status };
  if (typeof value.statusMessage === 'string') task.statusMessage = value.statusMessage;
  if (typeof value.createdAt === 'string') task.createdAt = value.createdAt;
  if (typeof value.lastUpdatedAt === 'string') task.lastUpdatedAt = value.lastUpdatedAt;
  const ttl = value.ttlMs !== undefined ? value.ttlMs : value.ttl;
  if (ttl === null) task.ttlMs = null;
  else if (typeof ttl === 'number' && Number.isFinite(ttl) && ttl >= 0) task.ttlMs = ttl;
  const poll = value.pollIntervalMs !== undefined ? value.pollIntervalMs : value.pollInterval;
  if (typeof poll === 'number' && Number.isFinite(poll) && poll >= 0) task.pollIntervalMs = poll;
  return task;
}

/** The task of a 2025-11-25 CreateTaskResult ({ task }) or a 2026-07-28 one (the task at the top level). */
export function parseCreateTaskResult(result: JsonObject, where: string): ParsedTask {
  return parseTask(isJsonObject(result.task) ? result.task : result, where);
}

/** Whether a tools/call result is a 2025-11-25 CreateTaskResult rather than a CallToolResult. */
export function isLegacyCreateTaskResult(result: JsonObject): boolean {
  return isJsonObject(result.task) && typeof result.task.taskId === 'string' && result.content === undefined;
}
