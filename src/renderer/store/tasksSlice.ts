/**
 * Tasks: every task this session's calls became (by task id, as the backend reported them), and the server's
 * own list (tasks/list) when it was asked for. Actions live in tasks/taskActions.ts.
 */
import type { LoupeApi } from '../../shared/contract';
import type { LoupeErrorData } from '../../shared/errors';
import type { ServerTaskList, TaskRecord } from '../../shared/tasks';
import type { SliceCreator } from './types';

export interface TasksSlice {
  tasks: Record<string, TaskRecord>;
  serverTasks: ServerTaskList | null;
  serverTasksError: LoupeErrorData | null;
  serverTasksLoading: boolean;
}

type SetState = Parameters<SliceCreator<TasksSlice>>[0];

/** The store's setter, captured when the slice is created: this module must not import store.ts (a cycle). */
let setStore: SetState | undefined;

export const createTasksSlice: SliceCreator<TasksSlice> = (set) => {
  setStore = set;
  return { tasks: {}, serverTasks: null, serverTasksError: null, serverTasksLoading: false };
};

/** Keeps the latest report of each task (a record with more history wins over a stale one). */
export function withTask(tasks: Record<string, TaskRecord>, record: TaskRecord): Record<string, TaskRecord> {
  const known = tasks[record.taskId];
  if (known && known.history.length > record.history.length) return tasks;
  return { ...tasks, [record.taskId]: record };
}

/** onTask into the store; a new connection starts with no tasks (they belonged to the session before). */
export function bindTaskEvents(api: LoupeApi): () => void {
  const stops = [
    api.on('onTask', (record) => setStore?.((state) => ({ tasks: withTask(state.tasks, record) }))),
    api.on('onStatus', (status) => {
      if (status.state === 'connecting') setStore?.({ tasks: {}, serverTasks: null, serverTasksError: null });
    }),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
