/**
 * `node out/node/host/main.js [target flags] [--port N] [--settings file]`: the browser host on its own.
 * The FIRST line on stdout is `Loupe is at <url>` (scripts and tests read it). Ctrl-C stops it cleanly.
 * `--dangerously-allow-remote-access --bind <address>` listens beyond 127.0.0.1: anyone who can reach the
 * port and learns the token can run commands on this machine.
 */
import { toErrorData } from '../shared/errors.js';
import { parseHostArguments } from './hostArguments.js';
import { startHost } from './startHost.js';
import { livePaths } from '../core/tap/livePaths.js';

async function main(): Promise<void> {
  const options = parseHostArguments(process.argv.slice(2));
  const host = await startHost({ ...options, taps: livePaths() });
  process.stdout.write(`Loupe is at ${host.url}\n`);
  process.stdout.write('The token in that address is good until this process stops; the page keeps it in its tab only.\n');
  if (options.allowRemote) {
    process.stderr.write(`WARNING: Loupe accepts connections from other machines on ${options.bindAddress ?? ''}. Whoever has the token can run programs here.\n`);
  }
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    host
      .close()
      .catch(() => undefined)
      .finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`loupe web: ${toErrorData(error).message}\n`);
  process.exit(2);
});
