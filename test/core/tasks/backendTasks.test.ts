/**
 * Tasks through the backend contract (what the UI talks to), against the 2026-07-28 tasks server over loopback
 * HTTP: onTask events, listTasks, cancelCall sending tasks/cancel (and a refused one said as such), the task-mode
 * a call asks for, and the extension setting reaching the next connection.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modernTaskGet } from '../../helpers/modernTaskGet.js';
import { startPrintingUrl, type RunningHttpServer } from '../../helpers/servers.js';
import { startHarness, type Harness } from '../../backend/backendHarness.js';

const tasksServer = fileURLToPath(new URL('../../servers/tasks/server.mjs', import.meta.url));

describe('backend tasks', () => {
  let server: RunningHttpServer;
  let harness: Harness;
  beforeAll(async () => {
    server = await startPrintingUrl([tasksServer], 'http', 'tasks');
    harness = startHarness();
    await harness.api.connect(server.target);
    await harness.api.list('tools');
  });
  afterAll(async () => {
    await harness?.close();
    await server?.stop();
  });

  it('reports each status as onTask and keeps the task for listTasks', async () => {
    const outcome = await harness.api.callTool({
      tool: 'slow_report',
      arguments: { topic: 'ui' },
      callId: 'c-1',
    });
    expect(outcome.task?.status).toBe('completed');
    // Events come in batches: the last may land after the call resolved.
    await harness.waitFor('onTask', (record) => record.callId === 'c-1' && record.status === 'completed');
    const seen = harness.events.onTask.filter((record) => record.callId === 'c-1');
    expect(seen[0]?.status).toBe('working');
    expect(seen.at(-1)?.status).toBe('completed');
    const listed = await harness.api.listTasks();
    expect(listed.map((record) => [record.taskId, record.tool, record.status])).toEqual([
      [outcome.task?.taskId, 'slow_report', 'completed'],
    ]);
  });

  it('cancelCall cancels the task on the server', async () => {
    const call = harness.api.callTool({ tool: 'endless_job', arguments: {}, callId: 'c-2' });
    await harness.waitFor('onTask', (record) => record.callId === 'c-2' && record.history.length >= 2);
    await harness.api.cancelCall('c-2');
    await expect(call).rejects.toMatchObject({ detail: { kind: 'cancelled' } });
    const record = (await harness.api.listTasks()).find((task) => task.tool === 'endless_job');
    expect(record?.status).toBe('cancelled');
    expect(record?.statusMessage).toBe('Cancelled on request');
    expect(record?.error?.message).toMatch(/was cancelled: cancelled by the user$/);
    expect(await modernTaskGet(server.url, record?.taskId ?? '')).toEqual({
      status: 'cancelled',
      statusMessage: 'Cancelled on request',
    });
  });

  it('the extension setting applies to the next connection', async () => {
    const settings = await harness.api.getSettings();
    await harness.api.saveSettings({ ...settings, extensions: { tasks: false, ui: true, skills: false } });
    const status = await harness.api.connect(server.target);
    const declared = status.state === 'connected' ? status.handshake.clientCapabilities : undefined;
    expect(declared?.extensions).toEqual({
      'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] },
    });
    expect(declared?.tasks).toBeUndefined();
    await harness.api.list('tools');
    const refused = await harness.api
      .callTool({ tool: 'slow_report', arguments: { topic: 'x' }, callId: 'c-3' })
      .then(
        () => undefined,
        (error: unknown) => error as { detail: { kind: string; message: string } },
      );
    expect(refused?.detail.kind).toBe('rpc-error');
    expect(refused?.detail.message).toContain('declare the io.modelcontextprotocol/tasks extension');
    expect(await harness.api.listTasks()).toEqual([]);
  });
});

describe('backend tasks: a server that refuses tasks/cancel', () => {
  let server: RunningHttpServer;
  let harness: Harness;
  beforeAll(async () => {
    server = await startPrintingUrl([tasksServer, '--refuse-cancel'], 'http', 'tasks (refuse-cancel)');
    harness = startHarness();
    await harness.api.connect(server.target);
    await harness.api.list('tools');
  });
  afterAll(async () => {
    await harness?.close();
    await server?.stop();
  });

  it('cancelCall rejects with cancel-failed and the task record says it was not cancelled', async () => {
    const call = harness.api.callTool({ tool: 'endless_job', arguments: {}, callId: 'r-1' });
    const started = await harness.waitFor(
      'onTask',
      (record) => record.callId === 'r-1' && record.history.length >= 2,
    );
    await harness.api.cancelCall('r-1');
    const refusal = `Task ${started.taskId} cannot be cancelled: this server runs every task to its end`;
    await expect(call).rejects.toMatchObject({
      detail: {
        kind: 'cancel-failed',
        message: `Task ${started.taskId} (endless_job) was not cancelled: tasks/cancel failed: ${refusal} (-32603); it may still run on the server (last status: working)`,
        data: { cancelError: { kind: 'rpc-error', code: -32603 } },
      },
    });
    // What the Tasks tab and the call's live status show: the status the server last gave, and why the cancel failed.
    const pushed = await harness.waitFor(
      'onTask',
      (record) => record.callId === 'r-1' && record.error !== undefined,
    );
    expect(pushed.error?.kind).toBe('cancel-failed');
    const record = (await harness.api.listTasks()).find((task) => task.callId === 'r-1');
    expect(record?.status).toBe('working');
    expect(record?.history.map((entry) => entry.status)).not.toContain('cancelled');
    expect(record?.error?.kind).toBe('cancel-failed');
    expect((await modernTaskGet(server.url, started.taskId)).status).toBe('working');
  });
});
