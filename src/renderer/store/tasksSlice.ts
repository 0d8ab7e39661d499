/**
 * Tasks: every task this session's calls became (by task id, as the backend reported them), and the server's
 * own list (tasks/list) when it was asked for. Actions live in tasks/taskActions.ts.
 */
import type { LoupeApi } from '../../shared/contract';
import type { LoupeErrorData } from '../../shared/errors';
import type { ServerTaskList, TaskRecord } from '../../shared/tasks';
import { sessionStore } from '../sessions/sessionStore';
import type { SliceCreator } from './types';

export interface TasksSlice {
  tasks: Record<string, TaskRecord>;
  serverTasks: ServerTaskList | null;
  serverTasksError: LoupeErrorData | null;
  serverTasksLoading: boolean;
}

export const createTasksSlice: SliceCreator<TasksSlice> = () => ({
  tasks: {},
  serverTasks: null,
  serverTasksError: null,
  serverTasksLoading: false,
});

/** Keeps the latest report of each task (a record with more history wins over a stale one). */
export function withTask(tasks: Record<string, TaskRecord>, record: TaskRecord): Record<string, TaskRecord> {
  const known = tasks[record.taskId];
  if (known && known.history.length > record.history.length) return tasks;
  return { ...tasks, [record.taskId]: record };
}

/** onTask into the store; a new connection starts with no tasks (they belonged to the session before). */
export function bindTaskEvents(api: LoupeApi): () => void {
  const stops = [
    api.on('onTask', (record, session) =>
      sessionStore(session).setState((state) => ({ tasks: withTask(state.tasks, record) })),
    ),
    api.on('onStatus', (status, session) => {
      if (status.state === 'connecting') {
        sessionStore(session).setState({ tasks: {}, serverTasks: null, serverTasksError: null });
      }
    }),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
