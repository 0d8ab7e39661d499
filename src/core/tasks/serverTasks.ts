/**
 * tasks/list (2025-11-25, when the server declared tasks.list): every page, up to a page limit. The 2026-07-28
 * extension has no tasks/list: the answer says so instead of pretending the list is empty.
 */
import { LoupeError } from '../../shared/errors.js';
import { isJsonObject, type JsonObject } from '../../shared/json.js';
import type { ServerTask, ServerTaskList } from '../../shared/tasks.js';
import type { McpSession } from '../types.js';
import { serverTaskOperation } from './negotiation.js';
import { parseTask } from './taskShape.js';

export const taskListPageLimit = 20;

export async function listServerTasks(session: McpSession, timeoutMs?: number): Promise<ServerTaskList> {
  const handshake = session.handshake;
  if (handshake.era === 'modern')
    return { supported: false, reason: 'the 2026-07-28 tasks extension has no tasks/list' };
  if (!serverTaskOperation(handshake, 'list'))
    return { supported: false, reason: 'the server did not declare tasks.list' };
  const tasks: ServerTask[] = [];
  let cursor: string | undefined;
  for (let page = 1; page <= taskListPageLimit; page += 1) {
    const params: JsonObject = cursor === undefined ? {} : { cursor };
    const result = (await session.request('tasks/list', params, { timeoutMs })).result;
    if (!Array.isArray(result.tasks))
      throw new LoupeError({
        kind: 'invalid-response',
        message: 'tasks/list: the result has no tasks array',
        data: { result },
      });
    for (const task of result.tasks)
      tasks.push(parseTask(isJsonObject(task) ? task : undefined, 'tasks/list'));
    if (typeof result.nextCursor !== 'string') return { supported: true, tasks, complete: true };
    cursor = result.nextCursor;
  }
  return { supported: true, tasks, complete: false };
}
