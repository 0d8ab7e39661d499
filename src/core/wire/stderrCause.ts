/**
 * The line of a stdio server's stderr that says why it failed. The last line is often not it: Node ends a crash with
 * its version (`Node.js v20.20.2`) after the stack, so a missing script's "Error: Cannot find module '…'" sits ten
 * lines up. The cause is the first error line of the stderr's end: an `Error:` or `SomethingError:` /
 * `SomethingException:` line (Node's `Error [ERR_MODULE_NOT_FOUND]: Cannot find package …`, Python's last traceback
 * line `ModuleNotFoundError: No module named …`), an `error:` / `fatal:` / `panic:` line (Rust, Go, git-style
 * tools), or a line naming a missing file or a refused permission; stack frames and version banners never are.
 */

/** How far back from the end a cause is looked for: a crash's report, not a long-running server's old logs. */
export const causeWindow = 50;

const errorLine = /^\s*(?:Uncaught\s+)?(?:[\w.$]*(?:Error|Exception)|Error)(?:\s*\[[A-Z][A-Z0-9_]*\])?:\s*\S/;
const levelLine = /^\s*(?:error|fatal|panic|FATAL|ERROR|PANIC)(?:\[[\w-]+\])?:\s*\S/i;
const missingLine =
  /cannot find module|no module named|no such file or directory|command not found|permission denied|\bENOENT\b|\bEACCES\b|\bEADDRINUSE\b/i;

/** Lines that are never the cause: stack frames, Node's banner and source excerpt, bare punctuation. */
function noise(line: string): boolean {
  return (
    /^\s+at\s/.test(line) ||
    /^\s*File ".*", line \d+/.test(line) ||
    /^Node\.js v\d/.test(line) ||
    /^node:internal\//.test(line) ||
    /^\s*[\^~]+\s*$/.test(line) ||
    /^\s*[{}[\]()]*\s*$/.test(line)
  );
}

/** The cause line among stderr's lines (oldest first), or undefined when none reads as one. */
export function stderrCause(lines: readonly string[]): string | undefined {
  const recent = lines.slice(-causeWindow).filter((line) => !noise(line));
  return (
    recent.find((line) => errorLine.test(line) || levelLine.test(line)) ??
    recent.find((line) => missingLine.test(line))
  )?.trim();
}

/** Whether the cause is a module or script that is not where the command looks for it. */
export function missingModule(cause: string): boolean {
  return /cannot find module|cannot find package|ERR_MODULE_NOT_FOUND|no module named/i.test(cause);
}
