/** The tasks of one session, newest first, as the backend saw them change (the Tasks tab's list). */
import type { TaskRecord } from '../../shared/tasks.js';

export const taskBookLimit = 200;

export class TaskBook {
  private readonly records = new Map<string, TaskRecord>();

  put(record: TaskRecord): void {
    this.records.delete(record.taskId);
    this.records.set(record.taskId, record);
    while (this.records.size > taskBookLimit) {
      const oldest = this.records.keys().next().value;
      if (oldest === undefined) break;
      this.records.delete(oldest);
    }
  }

  list(): TaskRecord[] {
    return [...this.records.values()].reverse();
  }
}
