/** `loupe web`: the inspector in a browser; the first stdout line is `Loupe is at <url>`. */
import { startHost } from '../../host/startHost.js';
import type { Invocation } from '../arguments.js';
import type { Terminal } from '../terminal.js';

export async function webCommand(invocation: Invocation, terminal: Terminal): Promise<number> {
  const host = await startHost({
    target: invocation.target ?? null,
    ...(invocation.options.port !== undefined ? { port: invocation.options.port } : {}),
    sessionDefaults: {
      // --page-limit and --timeout reach the UI's sessions too (they used to stop at the saved 64 pages).
      ...(invocation.options.pageLimit !== undefined ? { pageLimit: invocation.options.pageLimit } : {}),
      ...(invocation.options.timeoutMs !== undefined ? { timeoutMs: invocation.options.timeoutMs } : {}),
    },
  });
  terminal.out(`Loupe is at ${host.url}`);
  terminal.err('Open the address above in a browser. Ctrl-C to stop.');
  await new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  await host.close();
  return 0;
}
