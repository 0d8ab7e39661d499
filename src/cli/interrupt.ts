/**
 * Ctrl-C for a command that writes a report of what it did: the first SIGINT aborts the signal the run was given,
 * so it stops and reports (as interrupted, exit 130); a second one, with the handler gone, ends the process as usual.
 */

/** The exit code of a run that Ctrl-C interrupted (128 + SIGINT, as shells report it). */
export const interruptedExit = 130;

/** Runs `run` with a signal that the first Ctrl-C aborts; the handler is removed when the run ends. */
export async function untilInterrupted<T>(run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const interrupt = new AbortController();
  const onInterrupt = (): void => interrupt.abort('SIGINT');
  process.once('SIGINT', onInterrupt);
  try {
    return await run(interrupt.signal);
  } finally {
    process.removeListener('SIGINT', onInterrupt);
  }
}
