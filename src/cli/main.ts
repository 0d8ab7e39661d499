/** The `loupe` command: parses the arguments, runs one command, and turns any failure into one stderr line. */
import { parseArguments, type CommandName, type Invocation } from './arguments.js';
import { debugDetail, errorLine, exitCodeOf } from './errorReport.js';
import { asksForJson, errorDocument } from './jsonError.js';
import { processTerminal, terminalJson, type Terminal } from './terminal.js';
import { loupeVersion } from '../core/loupeVersion.js';

type Command = (invocation: Invocation, terminal: Terminal) => Promise<number>;

/** The help text for a command or topic (undefined: the overview); loaded only when help is asked for. */
async function helpText(word: string | undefined): Promise<string> {
  const { helpTextFor } = await import('./help/helpRequest.js');
  return helpTextFor(word === undefined ? {} : { word });
}

/** `loupe help …`, or `--help` / `-h` before `--` (after it, they are the server's): answered before parsing. */
function asksForHelp(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  const head = end < 0 ? argv : argv.slice(0, end);
  return head[0] === 'help' || head.includes('--help') || head.includes('-h');
}

// Each command is loaded when used: `loupe --help` does not load the engine, `list` does not load the host.
const runners: Record<CommandName, Command> = {
  list: async (invocation, terminal) =>
    (await import('./commands/list.js')).listCommand(invocation, terminal),
  call: async (invocation, terminal) =>
    (await import('./commands/call.js')).callCommand(invocation, terminal),
  lint: async (invocation, terminal) =>
    (await import('./commands/lint.js')).lintCommand(invocation, terminal),
  snapshot: async (invocation, terminal) =>
    (await import('./commands/snapshot.js')).snapshotCommand(invocation, terminal),
  watch: async (invocation, terminal) =>
    (await import('./commands/watch.js')).watchCommand(invocation, terminal),
  web: async (invocation, terminal) => (await import('./commands/web.js')).webCommand(invocation, terminal),
  diff: async (invocation, terminal) =>
    (await import('./commands/diff.js')).diffCommand(invocation, terminal),
  board: async (invocation, terminal) =>
    (await import('./commands/board.js')).boardCommand(invocation, terminal),
  replay: async (invocation, terminal) =>
    (await import('./commands/replay.js')).replayCommand(invocation, terminal),
  trace: async (invocation, terminal) =>
    (await import('./commands/trace.js')).traceCommand(invocation, terminal),
  auth: async (invocation, terminal) =>
    (await import('./commands/auth.js')).authCommand(invocation, terminal),
  scan: async (invocation, terminal) =>
    (await import('./commands/scan.js')).scanCommand(invocation, terminal),
  test: async (invocation, terminal) =>
    (await import('./commands/test.js')).testCommand(invocation, terminal),
  read: async (invocation, terminal) =>
    (await import('./commands/readPrompt.js')).readCommand(invocation, terminal),
  prompt: async (invocation, terminal) =>
    (await import('./commands/readPrompt.js')).promptCommand(invocation, terminal),
  skills: async (invocation, terminal) =>
    (await import('./commands/skills.js')).skillsCommand(invocation, terminal),
  conform: async (invocation, terminal) =>
    (await import('./commands/conform.js')).conformCommand(invocation, terminal),
  help: async (invocation, terminal) => {
    terminal.out(await helpText(invocation.tool));
    return 0;
  },
  version: (_invocation, terminal) => {
    terminal.out(loupeVersion());
    return Promise.resolve(0);
  },
};

/** Runs the CLI; resolves to the exit code (0 ok, 1 failure, 2 usage, 3 a task not cancelled). Never rejects. */
export async function runCli(
  argv: readonly string[],
  terminal: Terminal = processTerminal(),
): Promise<number> {
  const debug = argv.includes('--debug');
  let invocation: Invocation | undefined;
  try {
    if (argv.length === 0) {
      terminal.err(await helpText(undefined));
      return 2;
    }
    // tap parses its own flags: its stdout is the host's protocol stream (src/cli/tapArguments.ts). Its help is
    // asked for only before the server's command: `loupe tap node server.js --help` runs the server's --help.
    if (argv[0] === 'tap') {
      if ((await import('./tapArguments.js')).asksForTapHelp(argv.slice(1))) {
        terminal.out(await helpText('tap'));
        return 0;
      }
      return await (await import('./commands/tap.js')).tapCommand(argv.slice(1), terminal);
    }
    if (asksForHelp(argv)) {
      const { helpRequest, helpTextFor } = await import('./help/helpRequest.js');
      terminal.out(helpTextFor(helpRequest(argv) ?? {}));
      return 0;
    }
    // mcp parses its own flags too: in stdio mode its stdout is the host's protocol stream (src/cli/mcpArguments.ts).
    if (argv[0] === 'mcp')
      return await (await import('./commands/mcp.js')).mcpCommand(argv.slice(1), terminal);
    invocation = parseArguments(argv);
    if (invocation.config?.server !== undefined)
      await (await import('./configTarget.js')).applyConfigTarget(invocation, terminal);
    return await runners[invocation.command](invocation, terminal);
  } catch (error) {
    // --json: the failure as JSON on stdout too (watch and web write JSON Lines: one line), the human line on stderr.
    if (invocation?.options.json ?? asksForJson(argv)) {
      terminal.out(
        terminalJson(
          errorDocument(error),
          invocation?.command === 'watch' || invocation?.command === 'web' ? undefined : 2,
        ),
      );
    }
    terminal.err(errorLine(error));
    const detail = debug ? debugDetail(error) : undefined;
    if (detail) terminal.err(detail);
    return exitCodeOf(error);
  }
}

/** Resolves once everything written to the stream so far has been handed to the operating system. */
function drained(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    if (stream.destroyed || !stream.writable) resolve();
    else stream.write('', () => resolve());
  });
}

/** Entry point of bin/loupe.js: runs, then exits with the code once output is written. */
export async function main(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  // `loupe list … | head`: a reader that stops early is not an error. (Not for `loupe tap`, whose stdout is the
  // host's stream: opening process.stdout makes it non-blocking under the tap's forwarding thread.)
  if (argv[0] !== 'tap')
    process.stdout.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw error;
    });
  const code = await runCli(argv);
  process.exitCode = code;
  // Output to a pipe is written asynchronously: 200,000 table rows must all be out before the forced exit below.
  await Promise.all([drained(process.stdout), drained(process.stderr)]);
  // A server child or socket that lingers must not keep the CLI alive after it has answered.
  setTimeout(() => process.exit(code), 500).unref();
}
