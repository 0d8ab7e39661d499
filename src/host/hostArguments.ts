/** The host's command line: the shared target flags plus --port, --bind, --settings, --page-limit and the remote flag. */
import { LoupeError } from '../shared/errors.js';
import { parseTargetArguments } from '../core/backend/targetArguments.js';
import type { HostOptions } from './startHost.js';

export const remoteFlag = '--dangerously-allow-remote-access';

/** The flags (target and host) whose next word is their value, not a command. */
const flagsWithValue = new Set([
  '--url',
  '--transport',
  '--header',
  '--env',
  '--cwd',
  '--port',
  '--bind',
  '--settings',
  '--page-limit',
]);

/**
 * `npm start -- npx server` reaches Loupe as `npx server`: npm takes the `--` for itself. A bare word where a flag
 * was expected therefore starts the server command, as if `--` stood before it; `--` itself still works.
 */
export function withCommandSeparator(argv: readonly string[]): string[] {
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index];
    if (argument === '--') break;
    if (flagsWithValue.has(argument)) index++;
    else if (!argument.startsWith('-')) return [...argv.slice(0, index), '--', ...argv.slice(index)];
  }
  return [...argv];
}

export function parseHostArguments(argv: readonly string[]): HostOptions {
  const { target, rest } = parseTargetArguments(withCommandSeparator(argv));
  const options: HostOptions = { target: target ?? { transport: 'demo' } };
  for (let index = 0; index < rest.length; index++) {
    const argument = rest[index];
    const value = () => {
      const next = rest[++index];
      if (next === undefined) throw new LoupeError({ kind: 'usage', message: `${argument} needs a value.` });
      return next;
    };
    if (argument === '--port') {
      const port = Number(value());
      if (!Number.isInteger(port) || port < 0 || port > 65535)
        throw new LoupeError({ kind: 'usage', message: '--port is a number from 0 to 65535.' });
      options.port = port;
    } else if (argument === '--bind') options.bindAddress = value();
    else if (argument === remoteFlag) options.allowRemote = true;
    else if (argument === '--settings') options.settingsPath = value();
    else if (argument === '--page-limit') {
      const pageLimit = Number(value());
      if (!Number.isInteger(pageLimit) || pageLimit < 1)
        throw new LoupeError({
          kind: 'usage',
          message: '--page-limit is a whole number of pages, 1 or more.',
        });
      options.sessionDefaults = { pageLimit };
    } else if (argument === '--no-target') options.target = null;
    else throw new LoupeError({ kind: 'usage', message: `Unknown option ${argument}.` });
  }
  return options;
}
