/** Beside a task's status: the cancel the user asked for was refused or failed, so the task may still run. */
export function NotCancelled() {
  return (
    <span
      className="badge task-not-cancelled"
      data-testid="task-not-cancelled"
      title="The server refused or failed tasks/cancel: the task may still run on the server"
    >
      not cancelled
    </span>
  );
}
