/**
 * `loupe web`: the inspector in a browser; the first stdout line is `Loupe is at <url>` (--json: one line
 * `{"event": "listening", "url"}`). A --port already in use is named as such, not as an internal error.
 */
import { LoupeError } from '../../shared/errors.js';
import { startHost } from '../../host/startHost.js';
import type { Invocation } from '../arguments.js';
import type { Terminal } from '../terminal.js';
import { livePaths } from '../../core/tap/livePaths.js';

function portInUse(error: unknown, port: number | undefined): unknown {
  if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') return error;
  return new LoupeError(
    {
      kind: 'io-error',
      message: `Port ${String(port)} on 127.0.0.1 is already in use: give another --port, or --port 0 for any free one`,
      data: { port: port ?? null, code: 'EADDRINUSE' },
    },
    { cause: error },
  );
}

export async function webCommand(invocation: Invocation, terminal: Terminal): Promise<number> {
  const port = invocation.options.port;
  const host = await startHost({
    taps: livePaths(),
    target: invocation.target ?? null,
    ...(invocation.options.port !== undefined ? { port: invocation.options.port } : {}),
    sessionDefaults: {
      // --page-limit and --timeout reach the UI's sessions too (they used to stop at the saved 64 pages).
      ...(invocation.options.pageLimit !== undefined ? { pageLimit: invocation.options.pageLimit } : {}),
      ...(invocation.options.timeoutMs !== undefined ? { timeoutMs: invocation.options.timeoutMs } : {}),
    },
  }).catch((error: unknown) => {
    throw portInUse(error, port);
  });
  // Ctrl-C is ours before the address is out: a script that reads it and stops Loupe at once gets a clean close.
  const stopped = new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  if (invocation.options.json) terminal.out(JSON.stringify({ event: 'listening', url: host.url }));
  else terminal.out(`Loupe is at ${host.url}`);
  terminal.err('Open the address above in a browser. Ctrl-C to stop.');
  if (host.tapSocket) terminal.err(`Taps (loupe tap -- <server>) show here as live sessions (${host.tapSocket}).`);
  else if (host.tapsOff) terminal.err(`No live taps: ${host.tapsOff}.`);
  await stopped;
  await host.close();
  return 0;
}
