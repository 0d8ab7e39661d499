/** `loupe tap --url <upstream> [--port N]`: the loopback reverse proxy (src/core/tap/httpTap.ts), until interrupted. */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { UrlTarget } from '../../shared/target.js';
import { appDataDir } from '../../core/backend/appDataDir.js';
import { tapRecorder } from '../../core/tap/tapRecorder.js';
import { startHttpTap } from '../../core/tap/httpTap.js';
import { linkToLoupe } from '../../core/tap/liveLink.js';
import type { TapInvocation } from '../tapArguments.js';
import type { Terminal } from '../terminal.js';

export async function tapHttpCommand(
  invocation: TapInvocation,
  target: UrlTarget,
  terminal: Terminal,
): Promise<number> {
  let journalPath = invocation.journalPath;
  if (journalPath === undefined) {
    const folder = join(appDataDir(), 'taps');
    await mkdir(folder, { recursive: true, mode: 0o700 });
    journalPath = join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}.jsonl`);
  }
  const recorder = tapRecorder(journalPath);
  const tap = await startHttpTap({
    upstream: new URL(target.url),
    recorder,
    faults: invocation.faults,
    recordWhenQuiet: true,
    ...(invocation.maxFrameBytes === undefined ? {} : { maxFrameBytes: invocation.maxFrameBytes }),
    ...(invocation.port === undefined ? {} : { port: invocation.port }),
  });
  // The first stdout line is the tapped URL (for scripts and tests); the rest goes to stderr.
  terminal.out(tap.url);
  terminal.err(`loupe tap: ${tap.url} → ${target.url}, recording to ${journalPath} (Ctrl-C to stop)`);
  // A running Loupe shows it as a live session (the upstream named without its query or credentials).
  const upstream = new URL(target.url);
  const link = linkToLoupe({
    recorder,
    hello: {
      server: { transport: 'http', url: `${upstream.origin}${upstream.pathname}` },
      pid: process.pid,
      journalPath,
    },
    say: (line) => terminal.err(`loupe tap: ${line}`),
  });
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await tap.close();
  await link.close();
  await recorder.close();
  return 0;
}
