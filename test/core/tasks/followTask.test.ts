/**
 * callTool following tasks over real sessions: the 2026-07-28 tasks server (v2 SDK) over loopback HTTP, and
 * server-everything (2025-11-25 tasks) over stdio. Status changes reach onTask; the outcome carries the task.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool } from '../../../src/core/calls/callTool.js';
import { listServerTasks } from '../../../src/core/tasks/serverTasks.js';
import type { LoupeError } from '../../../src/shared/errors.js';
import type { JsonObject } from '../../../src/shared/json.js';
import type { TaskRecord } from '../../../src/shared/tasks.js';
import { startPrintingUrl, type RunningHttpServer } from '../../helpers/servers.js';
import { trackedSessions } from '../session/trackedSessions.js';

const open = trackedSessions();
const tasksServer = fileURLToPath(new URL('../../servers/tasks/server.mjs', import.meta.url));
const everything = fileURLToPath(
  new URL('../../../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url),
);

async function toolsOf(session: Awaited<ReturnType<typeof open>>): Promise<JsonObject[]> {
  const listed = await session.request('tools/list', {});
  return listed.result.tools as JsonObject[];
}

describe('2026-07-28 tasks extension', () => {
  let server: RunningHttpServer;
  beforeAll(async () => {
    server = await startPrintingUrl([tasksServer], 'http', 'tasks');
  });
  afterAll(() => server.stop());

  it('follows a task to its result, validated against the outputSchema, with each status reported', async () => {
    const session = await open(server.target);
    const updates: TaskRecord[] = [];
    const outcome = await callTool(
      session,
      { tool: 'slow_report', arguments: { topic: 'sea' }, onTask: (record) => updates.push(record) },
      await toolsOf(session),
    );
    expect(outcome.result.structuredContent).toEqual({ topic: 'sea', stages: 3 });
    expect(outcome.structuredValidation).toEqual({ valid: true });
    expect(outcome.task?.status).toBe('completed');
    expect(outcome.task?.pollIntervalMs).toBe(60);
    expect(updates.map((record) => record.status).at(-1)).toBe('completed');
    expect(updates.every((record) => record.era === 'modern' && record.tool === 'slow_report')).toBe(true);
    expect(new Set(updates.map((record) => record.taskId)).size).toBe(1);
  });

  it('answers input_required with the session handler and cancels on abort', async () => {
    const session = await open(server.target, { offer: { elicitation: true } });
    const asked: JsonObject[] = [];
    session.setRequestHandler('elicitation/create', (params) => {
      asked.push(params);
      return Promise.resolve({ action: 'decline' });
    });
    const tools = await toolsOf(session);
    const approved = await callTool(session, { tool: 'needs_approval' }, tools);
    expect(asked).toHaveLength(1);
    expect(asked[0]?.message).toBe('Approve the job?');
    expect(approved.result.content).toEqual([{ type: 'text', text: 'Answer: {"action":"decline"}' }]);

    const aborter = new AbortController();
    const cancelled = (await callTool(
      session,
      {
        tool: 'endless_job',
        signal: aborter.signal,
        onTask: (record) => record.history.length === 2 && aborter.abort('enough'),
      },
      tools,
    ).catch((error: unknown) => error)) as LoupeError;
    expect(cancelled.kind).toBe('cancelled');
    expect(cancelled.message).toMatch(/^Task \S+ \(endless_job\) was cancelled: enough$/);
    const task = (cancelled.detail.data as { task: TaskRecord }).task;
    expect(task.history.at(-1)).toMatchObject({
      status: 'cancelled',
      statusMessage: 'Cancelled on request',
      source: 'cancel',
    });
  });

  it('names failure and expiry', async () => {
    const session = await open(server.target);
    const tools = await toolsOf(session);
    const failed = (await callTool(session, { tool: 'doomed_job' }, tools).catch(
      (error: unknown) => error,
    )) as LoupeError;
    expect(failed.kind).toBe('task-failed');
    expect(failed.message).toContain('failed: doomed_job broke in stage 2 (-32603)');
    const expired = (await callTool(session, { tool: 'short_lived' }, tools).catch(
      (error: unknown) => error,
    )) as LoupeError;
    expect(expired.kind).toBe('task-expired');
    expect(expired.message).toContain('its TTL of 200 ms ended before it finished');
  });
});

describe('tasks/list', () => {
  it('says the 2026 extension has none instead of listing nothing', async () => {
    const server = await startPrintingUrl([tasksServer], 'http', 'tasks');
    try {
      const modern = await open(server.target);
      expect(await listServerTasks(modern)).toEqual({
        supported: false,
        reason: 'the 2026-07-28 tasks extension has no tasks/list',
      });
    } finally {
      await server.stop();
    }
  });
});

describe('2025-11-25 tasks (server-everything over stdio)', () => {
  it(
    'sends task: {} for the required tool and returns the tasks/result answer',
    { timeout: 30_000 },
    async () => {
      const session = await open(
        { transport: 'stdio', command: process.execPath, args: [everything, 'stdio'] },
        { protocol: 'legacy' },
      );
      const tools = await toolsOf(session);
      const outcome = await callTool(
        session,
        { tool: 'simulate-research-query', arguments: { topic: 'legacy' } },
        tools,
      );
      const call = session.recorder.frames().find((frame) => frame.method === 'tools/call');
      expect((JSON.parse(call?.raw ?? '{}') as { params: JsonObject }).params.task).toEqual({});
      expect(session.recorder.frames().some((frame) => frame.method === 'tasks/result')).toBe(true);
      expect(outcome.task?.ttlMs).toBe(300000);
      expect(outcome.task?.history.at(-1)?.status).toBe('completed');
      const text = (outcome.result.content as { text: string }[])[0]?.text ?? '';
      expect(text.split('\n')[0]).toBe('# Research Report: legacy');
    },
  );
});
