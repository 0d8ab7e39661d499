/** The call panel's task choice: "Run as task" for a tool whose taskSupport is optional, a note for required. */
import type { TaskSupport } from './taskSupport';
import './tasks.css';

export function TaskChoice({
  support,
  asTask,
  onChange,
}: {
  support: TaskSupport;
  asTask: boolean;
  onChange: (asTask: boolean) => void;
}) {
  if (support === 'required')
    return (
      <span className="task-choice muted small" data-testid="task-required">
        Runs as a task (the tool requires it)
      </span>
    );
  if (support !== 'optional') return null;
  return (
    <label className="task-choice small">
      <input type="checkbox" checked={asTask} onChange={(event) => onChange(event.target.checked)} /> Run as
      task
    </label>
  );
}
