/** Names why a stdio server could not be started: command not found, not executable, or the OS's reason. */
import { LoupeError } from '../../shared/errors.js';

/** On Windows, npx, npm, yarn… are .cmd scripts: Node cannot spawn them without a shell. */
function windowsHint(command: string, platform: NodeJS.Platform): string {
  if (platform !== 'win32' || /\.(exe|com)$/i.test(command)) return '';
  return ` (on Windows, run .cmd/.bat commands such as npx through cmd: command "cmd", arguments "/c ${command} …")`;
}

export function spawnFailure(
  command: string,
  error: NodeJS.ErrnoException,
  platform: NodeJS.Platform = process.platform,
): LoupeError {
  const hint = windowsHint(command, platform);
  if (error.code === 'ENOENT') {
    return new LoupeError(
      { kind: 'command-not-found', message: `Command not found: ${command}${hint}`, data: { command } },
      { cause: error },
    );
  }
  if (error.code === 'EACCES') {
    return new LoupeError(
      { kind: 'command-not-found', message: `Command is not executable: ${command}`, data: { command } },
      { cause: error },
    );
  }
  const tail = error.code === 'EINVAL' ? hint : '';
  return new LoupeError(
    {
      kind: 'transport-error',
      message: `Could not start ${command}: ${error.message}${tail}`,
      data: { command },
    },
    { cause: error },
  );
}
