/**
 * The Tasks tab: every task this session's calls became (status, message, age, TTL), the server's own tasks
 * (tasks/list, 2025-11-25, on request), and which extensions Loupe declares at the next connection.
 */
import { useShallow } from 'zustand/react/shallow';
import type { ServerTask, TaskRecord } from '../../shared/tasks';
import { ErrorNotice } from '../components/ErrorNotice';
import { useLoupeStore } from '../store/store';
import { ExtensionToggles } from './ExtensionToggles';
import { loadServerTasks } from './taskActions';
import { NotCancelled } from './NotCancelled';
import { cancelFailed, shortDuration, ttlText } from './taskSupport';
import './tasks.css';

function ageOf(createdAt: string | undefined): string {
  const created = createdAt === undefined ? Number.NaN : Date.parse(createdAt);
  return Number.isNaN(created) ? '—' : shortDuration(Date.now() - created);
}

function SessionTasks({ tasks }: { tasks: TaskRecord[] }) {
  if (tasks.length === 0)
    return <p className="muted">No task yet: a tool that runs as a task appears here while it runs.</p>;
  return (
    <table className="tasks-table" aria-label="Tasks of this session">
      <thead>
        <tr>
          <th>Tool</th>
          <th>Task</th>
          <th>Status</th>
          <th>Message</th>
          <th>Age</th>
          <th>TTL</th>
        </tr>
      </thead>
      <tbody>
        {tasks.map((task) => (
          <tr key={task.taskId} data-testid="session-task">
            <td className="mono">{task.tool}</td>
            <td className="mono ellipsis" title={task.taskId}>
              {task.taskId}
            </td>
            <td>
              <span className={`badge task-status task-${task.status}`}>{task.status}</span>
              {cancelFailed(task) ? <NotCancelled /> : null}
            </td>
            <td>{task.error ? task.error.message : (task.statusMessage ?? '')}</td>
            <td>{ageOf(task.createdAt)}</td>
            <td>{ttlText(task.ttlMs)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ServerTasks({ tasks }: { tasks: ServerTask[] }) {
  if (tasks.length === 0) return <p className="muted">The server lists no tasks.</p>;
  return (
    <table className="tasks-table" aria-label="Tasks the server lists">
      <thead>
        <tr>
          <th>Task</th>
          <th>Status</th>
          <th>Message</th>
          <th>Age</th>
          <th>TTL</th>
        </tr>
      </thead>
      <tbody>
        {tasks.map((task) => (
          <tr key={task.taskId} data-testid="server-task">
            <td className="mono">{task.taskId}</td>
            <td>{task.status}</td>
            <td>{task.statusMessage ?? ''}</td>
            <td>{ageOf(task.createdAt)}</td>
            <td>{ttlText(task.ttlMs)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function TasksView() {
  const { tasks, serverTasks, error, loading, connected } = useLoupeStore(
    useShallow((state) => ({
      tasks: state.tasks,
      serverTasks: state.serverTasks,
      error: state.serverTasksError,
      loading: state.serverTasksLoading,
      connected: state.status.state === 'connected',
    })),
  );
  const ordered = Object.values(tasks).sort((a, b) => b.startedAt - a.startedAt);
  return (
    <div className="tasks-view">
      <h2>Tasks of this session</h2>
      <SessionTasks tasks={ordered} />
      <h2>The server&apos;s tasks</h2>
      <button type="button" onClick={() => void loadServerTasks()} disabled={!connected || loading}>
        {loading ? 'Asking…' : 'Ask the server (tasks/list)'}
      </button>
      {error ? <ErrorNotice error={error} /> : null}
      {serverTasks && !serverTasks.supported ? (
        <p className="muted" data-testid="server-tasks-unsupported">
          No tasks/list here: {serverTasks.reason}.
        </p>
      ) : null}
      {serverTasks?.supported ? (
        <>
          <ServerTasks tasks={serverTasks.tasks} />
          {!serverTasks.complete ? (
            <p className="muted">Stopped at the page limit: the list is longer.</p>
          ) : null}
        </>
      ) : null}
      <ExtensionToggles />
    </div>
  );
}
