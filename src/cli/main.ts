/** The `loupe` command: parses the arguments, runs one command, and turns any failure into one stderr line. */
import { parseArguments, type CommandName, type Invocation } from './arguments.js';
import { callCommand } from './commands/call.js';
import { lintCommand } from './commands/lint.js';
import { listCommand } from './commands/list.js';
import { snapshotCommand } from './commands/snapshot.js';
import { watchCommand } from './commands/watch.js';
import { webCommand } from './commands/web.js';
import { debugDetail, errorLine, exitCodeOf } from './errorReport.js';
import { helpText } from './helpText.js';
import { processTerminal, type Terminal } from './terminal.js';
import { loupeVersion } from './version.js';

type Command = (invocation: Invocation, terminal: Terminal) => Promise<number>;

const runners: Record<CommandName, Command> = {
  list: listCommand,
  call: callCommand,
  lint: lintCommand,
  snapshot: snapshotCommand,
  watch: watchCommand,
  web: webCommand,
  help: (_invocation, terminal) => {
    terminal.out(helpText.trimEnd());
    return Promise.resolve(0);
  },
  version: (_invocation, terminal) => {
    terminal.out(loupeVersion());
    return Promise.resolve(0);
  },
};

/** Runs the CLI; resolves to the exit code (0 ok, 1 failure, 2 usage). Never rejects. */
export async function runCli(argv: readonly string[], terminal: Terminal = processTerminal()): Promise<number> {
  const debug = argv.includes('--debug');
  try {
    if (argv.length === 0) {
      terminal.err(helpText.trimEnd());
      return 2;
    }
    const invocation = parseArguments(argv);
    return await runners[invocation.command](invocation, terminal);
  } catch (error) {
    terminal.err(errorLine(error));
    const detail = debug ? debugDetail(error) : undefined;
    if (detail) terminal.err(detail);
    return exitCodeOf(error);
  }
}

/** Entry point of bin/loupe.js: runs, then exits with the code once output is written. */
export async function main(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  const code = await runCli(argv);
  process.exitCode = code;
  // A server child or socket that lingers must not keep the CLI alive after it has answered.
  setTimeout(() => process.exit(code), 500).unref();
}
