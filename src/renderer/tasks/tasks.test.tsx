import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CallRequest } from '../../shared/contract';
import type { JsonObject } from '../../shared/json';
import { LoupeError } from '../../shared/errors';
import type { CallOutcome } from '../../shared/session';
import type { TaskRecord } from '../../shared/tasks';
import { setApi } from '../bridge';
import { ToolCallPanel } from '../calls/ToolCallPanel';
import { bindCallEvents } from '../store/callsSlice';
import { resetStore, useLoupeStore } from '../store/store';
import { bindTaskEvents } from '../store/tasksSlice';
import { bootApp, stopApp } from '../testing/bootApp';
import { demoHandshake, fakeBackend, type FakeBackend } from '../testing/fakeBackend';

const research: JsonObject = {
  name: 'research',
  inputSchema: { type: 'object', properties: {} },
  execution: { taskSupport: 'optional' },
};
const required: JsonObject = {
  name: 'must_task',
  inputSchema: { type: 'object' },
  execution: { taskSupport: 'required' },
};
const plain: JsonObject = { name: 'plain', inputSchema: { type: 'object' } };

function taskRecord(callId: string, patch: Partial<TaskRecord>): TaskRecord {
  return {
    callId,
    tool: 'research',
    era: 'legacy',
    taskId: 'task-42',
    status: 'working',
    statusMessage: 'Gathering sources',
    startedAt: 5,
    createdAt: new Date().toISOString(),
    ttlMs: 300_000,
    pollIntervalMs: 1000,
    history: [{ status: 'working', statusMessage: 'Gathering sources', t: 5, source: 'created' }],
    ...patch,
  };
}

let backend: FakeBackend;
let stops: (() => void)[] = [];

beforeEach(() => resetStore());
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
  stopApp();
  cleanup();
});

describe('the call panel task choice', () => {
  let requests: CallRequest[];
  let finish: (outcome: CallOutcome) => void;
  let cancelled: string[];

  function boot() {
    requests = [];
    cancelled = [];
    backend = fakeBackend({
      callTool: (request) => {
        requests.push(request);
        return new Promise((resolve) => (finish = resolve));
      },
      cancelCall: (callId) => {
        cancelled.push(callId);
        return Promise.resolve();
      },
    });
    setApi(backend.api);
    stops = [bindCallEvents(backend.api), bindTaskEvents(backend.api)];
    useLoupeStore.setState({
      status: { state: 'connected', target: { transport: 'demo' }, handshake: demoHandshake },
      settings: { timeoutMs: 1000, maxTotalMs: 60_000, pageLimit: 64, savedServers: [] },
    });
  }

  it('offers "Run as task" for an optional tool, sends the choice, shows the live status, and cancels', async () => {
    boot();
    render(<ToolCallPanel tool={research} />);
    fireEvent.click(screen.getByRole('button', { name: 'Call research' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.taskMode).toBeUndefined();
    await act(async () => {
      finish({
        callId: requests[0]?.callId ?? '',
        tool: 'research',
        arguments: {},
        result: { content: [] },
        isError: false,
        rttMs: 1,
      });
      await Promise.resolve();
    });

    fireEvent.click(screen.getByRole('checkbox', { name: 'Run as task' }));
    fireEvent.click(screen.getByRole('button', { name: 'Call research' }));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]?.taskMode).toBe('task');
    const callId = requests[1]?.callId ?? '';
    act(() => backend.emit('onTask', taskRecord(callId, {})));
    const live = await screen.findByTestId('task-live');
    expect(within(live).getByTestId('task-status').textContent).toBe('working');
    expect(live.textContent).toContain('Gathering sources');
    act(() =>
      backend.emit(
        'onTask',
        taskRecord(callId, {
          status: 'input_required',
          statusMessage: 'Which python?',
          history: [
            { status: 'working', statusMessage: 'Gathering sources', t: 5, source: 'created' },
            { status: 'input_required', statusMessage: 'Which python?', t: 9, source: 'poll' },
          ],
        }),
      ),
    );
    await waitFor(() => expect(screen.getByTestId('task-status').textContent).toBe('input_required'));
    expect(screen.getByTestId('task-live').textContent).toContain('Which python?');
    expect(
      within(screen.getByRole('list', { name: 'Task status history' })).getAllByRole('listitem'),
    ).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(cancelled).toEqual([callId]));
  });

  it('a cancel the server refused: "not cancelled" beside the status, the call says why, not "Cancelled"', async () => {
    let refuse: (error: LoupeError) => void = () => undefined;
    backend = fakeBackend({
      callTool: (request) => {
        requests.push(request);
        return new Promise((_resolve, reject) => (refuse = reject));
      },
      cancelCall: () => Promise.resolve(),
    });
    requests = [];
    setApi(backend.api);
    stops = [bindCallEvents(backend.api), bindTaskEvents(backend.api)];
    useLoupeStore.setState({
      status: { state: 'connected', target: { transport: 'demo' }, handshake: demoHandshake },
    });
    render(<ToolCallPanel tool={required} />);
    fireEvent.click(screen.getByRole('button', { name: 'Call must_task' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    const callId = requests[0]?.callId ?? '';
    const error = {
      kind: 'cancel-failed' as const,
      message:
        'Task task-42 (must_task) was not cancelled: tasks/cancel failed: no (-32603); it may still run on the server (last status: working)',
    };
    act(() => backend.emit('onTask', taskRecord(callId, { tool: 'must_task' })));
    expect((await screen.findByTestId('task-live')).textContent).not.toContain('not cancelled');
    act(() => backend.emit('onTask', taskRecord(callId, { tool: 'must_task', error })));
    await waitFor(() => expect(screen.getByTestId('task-not-cancelled').textContent).toBe('not cancelled'));
    expect(screen.getByTestId('task-status').textContent).toBe('working');
    await act(async () => {
      refuse(new LoupeError(error));
      await Promise.resolve();
    });
    const result = await screen.findByRole('region', { name: 'Call result' });
    expect(within(result).getByRole('alert').textContent).toBe(
      `Not cancelled (cancel-failed): ${error.message}`,
    );
    expect(useLoupeStore.getState().calls[callId]?.state).toBe('failed');
  });

  it('says a required tool runs as a task, and offers nothing for a tool without task support', () => {
    boot();
    const { unmount } = render(<ToolCallPanel tool={required} />);
    expect(screen.getByTestId('task-required').textContent).toBe('Runs as a task (the tool requires it)');
    expect(screen.queryByRole('checkbox', { name: 'Run as task' })).toBeNull();
    unmount();
    render(<ToolCallPanel tool={plain} />);
    expect(screen.queryByTestId('task-required')).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Run as task' })).toBeNull();
  });
});

describe('the Tasks tab', () => {
  it("lists the session's tasks, the server's tasks/list, and saves the extension choice", async () => {
    backend = fakeBackend({
      connect: (target) =>
        Promise.resolve({
          state: 'connected',
          target,
          handshake: {
            ...demoHandshake,
            capabilities: {
              ...demoHandshake.capabilities,
              extensions: { 'io.modelcontextprotocol/tasks': {} },
            },
          },
        }),
      listServerTasks: () =>
        Promise.resolve({
          supported: true,
          complete: true,
          tasks: [
            { taskId: 'server-1', status: 'completed', ttlMs: 60_000 },
            { taskId: 'server-2', status: 'working', statusMessage: 'Busy', ttlMs: null },
          ],
        }),
    });
    await bootApp(backend);
    act(() => backend.emit('onTask', taskRecord('call-1', {})));
    act(() =>
      backend.emit(
        'onTask',
        taskRecord('call-2', {
          taskId: 'task-43',
          tool: 'doomed',
          status: 'failed',
          startedAt: 9,
          error: { kind: 'task-failed', message: 'Task task-43 (doomed) failed: it broke' },
        }),
      ),
    );
    fireEvent.click(screen.getByRole('tab', { name: /Server/ }));
    const extensions = screen.getAllByTestId('server-extensions');
    expect(extensions.length).toBeGreaterThan(0);
    for (const shown of extensions) expect(shown.textContent).toBe('io.modelcontextprotocol/tasks');

    act(() =>
      backend.emit(
        'onTask',
        taskRecord('call-3', {
          taskId: 'task-44',
          tool: 'stubborn',
          startedAt: 1,
          error: { kind: 'cancel-failed', message: 'Task task-44 (stubborn) was not cancelled: refused' },
        }),
      ),
    );
    fireEvent.click(screen.getByRole('tab', { name: /Tasks/ }));
    const rows = await screen.findAllByTestId('session-task');
    expect(rows.map((row) => within(row).queryByTestId('task-not-cancelled')?.textContent ?? '')).toEqual([
      '',
      '',
      'not cancelled',
    ]);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('doomedtask-43failedTask task-43 (doomed) failed: it broke'),
      expect.stringContaining('researchtask-42workingGathering sources'),
      expect.stringContaining(
        'stubborntask-44workingnot cancelledTask task-44 (stubborn) was not cancelled: refused',
      ),
    ]);
    expect(rows[1]?.textContent).toContain('5 min');

    fireEvent.click(screen.getByRole('button', { name: 'Ask the server (tasks/list)' }));
    const serverRows = await screen.findAllByTestId('server-task');
    expect(serverRows.map((row) => row.querySelector('td')?.textContent)).toEqual(['server-1', 'server-2']);
    expect(serverRows[1]?.textContent).toContain('unlimited');

    fireEvent.click(screen.getByRole('checkbox', { name: /io\.modelcontextprotocol\/ui/ }));
    await waitFor(() =>
      expect(useLoupeStore.getState().settings?.extensions).toEqual({ tasks: true, ui: false, skills: true }),
    );
    expect(await backend.methods.getSettings()).toMatchObject({
      extensions: { tasks: true, ui: false, skills: true },
    });
  });
});
