/**
 * Tasks (2025-11-25 core tasks; 2026-07-28 extension io.modelcontextprotocol/tasks) and the extensions Loupe
 * declares. A tool call that became a task carries a TaskSummary; the backend keeps one TaskRecord per task.
 */
import type { LoupeErrorData } from './errors.js';
import type { ProtocolEra } from './session.js';

export const tasksExtensionId = 'io.modelcontextprotocol/tasks';
export const uiExtensionId = 'io.modelcontextprotocol/ui';
/** The MIME types of MCP Apps resources Loupe declares it can render. */
export const uiMimeTypes = ['text/html;profile=mcp-app'] as const;

/**
 * Which extensions Loupe declares; all on unless the user turns one off. `skills` is io.modelcontextprotocol/skills
 * (SEP-2640): extensions are negotiated by both sides (SEP-2133), so a client that reads skills declares it.
 */
export interface ExtensionChoice {
  tasks: boolean;
  ui: boolean;
  skills: boolean;
}
export const allExtensions: ExtensionChoice = { tasks: true, ui: true, skills: true };

export const taskStatuses = ['working', 'input_required', 'completed', 'failed', 'cancelled'] as const;
export type TaskStatus = (typeof taskStatuses)[number];
export const terminalStatuses: readonly string[] = ['completed', 'failed', 'cancelled'];

/** How a call asks for a task: `auto` only for tools that require one, `task` also for optional ones. */
export type TaskMode = 'auto' | 'task';

/** One status a task was seen in. `t` is the session clock (ms, like Frame.t). */
export interface TaskStatusEntry {
  status: string;
  statusMessage?: string;
  t: number;
  /** Where Loupe learned it: the creating result, a tasks/get poll, or a status notification. */
  source: 'created' | 'poll' | 'notification' | 'result' | 'cancel';
}

/** The task a call became: what a CallOutcome carries. */
export interface TaskSummary {
  taskId: string;
  status: string;
  /** ttl (2025) / ttlMs (2026) as the server gave it: null means unlimited. */
  ttlMs?: number | null;
  pollIntervalMs?: number;
  history: TaskStatusEntry[];
}

/** One task of the session, as the Tasks tab lists it. */
export interface TaskRecord extends TaskSummary {
  callId: string;
  tool: string;
  era: ProtocolEra;
  statusMessage?: string;
  /** Session clock when the task was created (ms). */
  startedAt: number;
  /** createdAt as the server sent it (ISO 8601), when it did. */
  createdAt?: string;
  /** Why it ended badly (failed, expired, cancelled, lost), when it did. */
  error?: LoupeErrorData;
}

/** A task the server listed through tasks/list (2025-11-25). */
export interface ServerTask {
  taskId: string;
  status: string;
  statusMessage?: string;
  createdAt?: string;
  lastUpdatedAt?: string;
  ttlMs?: number | null;
  pollIntervalMs?: number;
}

export type ServerTaskList =
  { supported: false; reason: string } | { supported: true; tasks: ServerTask[]; complete: boolean };
