// The task store and tools of the tasks test server: tasks live in the process (createMcpHandler builds a fresh
// server instance per HTTP request). A task's state is derived from its age and what the client sent, so every
// poll sees the truth without timers. Times are short so tests stay quick.
import { randomUUID } from 'node:crypto';

export const tasksExtension = 'io.modelcontextprotocol/tasks';
const stageMs = 150;
const pollIntervalMs = 60;

export const taskTools = [
  {
    name: 'slow_report',
    description: 'Runs as a task through three stages, then completes with a structured report.',
    inputSchema: { type: 'object', properties: { topic: { type: 'string' } }, required: ['topic'] },
    outputSchema: {
      type: 'object',
      properties: { topic: { type: 'string' }, stages: { type: 'integer' } },
      required: ['topic', 'stages'],
    },
  },
  {
    name: 'needs_approval',
    description: 'Runs as a task that stops in input_required until the client answers an elicitation.',
    inputSchema: { type: 'object', properties: {} },
  },
  {
    name: 'endless_job',
    description: 'Runs as a task that never finishes on its own (cancel it).',
    inputSchema: { type: 'object', properties: {} },
  },
  {
    name: 'doomed_job',
    description: 'Runs as a task that fails with a JSON-RPC error after one stage.',
    inputSchema: { type: 'object', properties: {} },
  },
  {
    name: 'short_lived',
    description: 'Runs as a task whose TTL ends before it finishes: the server forgets it.',
    inputSchema: { type: 'object', properties: {} },
  },
  {
    name: 'quick_echo',
    description: 'Answers at once, without a task.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
  },
];

const tasks = new Map();

/** Whether the request's envelope declares the tasks extension. */
export function clientDeclaresTasks(ctx) {
  const meta = ctx.mcpReq._meta ?? {};
  const key = 'io.modelcontextprotocol/clientCapabilities';
  const capabilities = meta[key] ?? ctx.mcpReq.envelope?.[key];
  return Boolean(capabilities?.extensions && tasksExtension in capabilities.extensions);
}

function base(task) {
  const view = {
    taskId: task.taskId,
    status: task.status,
    createdAt: new Date(task.created).toISOString(),
    lastUpdatedAt: new Date(task.updated).toISOString(),
    ttlMs: task.ttlMs,
    pollIntervalMs,
  };
  if (task.statusMessage !== undefined) view.statusMessage = task.statusMessage;
  return view;
}

function move(task, status, statusMessage) {
  if (task.status === status && task.statusMessage === statusMessage) return;
  task.status = status;
  task.statusMessage = statusMessage;
  task.updated = Date.now();
}

/** Advances a task to what its age says (terminal states stay). */
function advance(task) {
  if (['completed', 'failed', 'cancelled'].includes(task.status)) return;
  const stage = Math.floor((Date.now() - task.created) / stageMs);
  switch (task.tool) {
    case 'slow_report':
      if (stage >= 3) {
        move(task, 'completed', 'Report ready');
        task.result = {
          content: [{ type: 'text', text: `Report on ${task.arguments.topic}` }],
          structuredContent: { topic: String(task.arguments.topic), stages: 3 },
        };
      } else move(task, 'working', `Stage ${stage + 1} of 3`);
      return;
    case 'needs_approval':
      if (task.answer !== undefined) {
        move(task, 'completed', 'Approved');
        task.result = { content: [{ type: 'text', text: `Answer: ${JSON.stringify(task.answer)}` }] };
      } else if (stage >= 1) move(task, 'input_required', 'Waiting for approval');
      return;
    case 'doomed_job':
      if (stage >= 1) {
        move(task, 'failed', 'The job broke');
        task.error = { code: -32603, message: 'doomed_job broke in stage 2' };
      }
      return;
    default:
      move(task, 'working', `Working for ${stage} stages`);
  }
}

export function createTask(tool, args) {
  const now = Date.now();
  const task = {
    taskId: randomUUID(),
    tool,
    arguments: args,
    status: 'working',
    statusMessage: 'Started',
    created: now,
    updated: now,
    ttlMs: tool === 'short_lived' ? 200 : 60_000,
  };
  tasks.set(task.taskId, task);
  return { resultType: 'task', ...base(task) };
}

/** The task, or a -32602 error naming why there is none (unknown, or past its TTL and deleted). */
function find(taskId) {
  const task = tasks.get(taskId);
  if (task && Date.now() - task.created > task.ttlMs) tasks.delete(taskId);
  if (!tasks.has(taskId)) {
    const error = new Error(`Task ${taskId} not found`);
    error.code = -32602;
    throw error;
  }
  return task;
}

export function getTask(taskId) {
  const task = find(taskId);
  advance(task);
  const view = { resultType: 'complete', ...base(task) };
  if (task.status === 'completed') view.result = task.result;
  if (task.status === 'failed') view.error = task.error;
  if (task.status === 'input_required')
    view.inputRequests = {
      approval: {
        method: 'elicitation/create',
        params: {
          mode: 'form',
          message: 'Approve the job?',
          requestedSchema: {
            type: 'object',
            properties: { approved: { type: 'boolean', default: true } },
            required: ['approved'],
          },
        },
      },
    };
  return view;
}

export function updateTask(taskId, inputResponses) {
  const task = find(taskId);
  const answer = inputResponses?.approval;
  if (task.status === 'input_required' && answer !== undefined) {
    task.answer = answer;
    move(task, 'working', 'Approval received');
  }
  return { resultType: 'complete' };
}

export function cancelTask(taskId) {
  const task = find(taskId);
  advance(task);
  if (!['completed', 'failed', 'cancelled'].includes(task.status))
    move(task, 'cancelled', 'Cancelled on request');
  return { resultType: 'complete' };
}

/** --refuse-cancel: the task is looked up (an unknown one is still -32602), then the cancel is refused; it runs on. */
export function refuseToCancel(taskId) {
  const task = find(taskId);
  advance(task);
  const error = new Error(`Task ${taskId} cannot be cancelled: this server runs every task to its end`);
  error.code = -32603;
  throw error;
}
