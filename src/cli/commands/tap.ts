/**
 * `loupe tap`: stands between a host (Claude Desktop, VS Code, Cursor…) and a server and records every frame.
 * Its stdout is the host's protocol stream: the tap writes only the server's bytes there, and its own words go to
 * stderr prefixed "loupe tap:".
 */
import { mkdir } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { join } from 'node:path';
import { LoupeError } from '../../shared/errors.js';
import { appDataDir } from '../../core/backend/appDataDir.js';
import { tapRecorder } from '../../core/tap/tapRecorder.js';
import { runStdioTap, type TapControl, type TapExit } from '../../core/tap/stdioTap.js';
import { linkToLoupe } from '../../core/tap/liveLink.js';
import { parseFaultRules, type FaultRule } from '../../core/tap/faultRules.js';
import { parseTapArguments, type TapInvocation } from '../tapArguments.js';
import type { Terminal } from '../terminal.js';

/** How long the tap waits to learn whether a Loupe is running (a connect on a local socket: a few ms). */
const liveDecisionMs = 500;

/** Where a tap records when no --journal is given: <data dir>/taps/<time>-<pid>.jsonl, the folder user-only. */
async function defaultJournal(): Promise<string> {
  const folder = join(appDataDir(), 'taps');
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return join(folder, `${stamp}-${process.pid}.jsonl`);
}

export async function tapCommand(argv: readonly string[], terminal: Terminal): Promise<number> {
  const invocation = parseTapArguments(argv);
  if (invocation.config)
    return (await import('./tapConfig.js')).tapConfigCommand(invocation.config, terminal);
  const target = invocation.target;
  if (target?.transport === 'stdio') return tapStdio(invocation, target, terminal);
  if (target) return (await import('./tapHttp.js')).tapHttpCommand(invocation, target, terminal);
  throw new LoupeError({ kind: 'usage', message: 'tap needs a server.' });
}

async function tapStdio(
  invocation: TapInvocation,
  target: { command: string; args: string[]; cwd?: string; env?: Record<string, string> },
  terminal: Terminal,
): Promise<number> {
  const journalPath = invocation.journalPath ?? (await defaultJournal());
  const recorder = tapRecorder(journalPath);
  terminal.err(`loupe tap: recording to ${journalPath}`);
  // A running Loupe shows the tap as a live session; none running: the journal alone (never a wait).
  let control: TapControl | undefined;
  let asked: FaultRule[] | undefined;
  const link = linkToLoupe({
    recorder,
    hello: {
      server: { transport: 'stdio', command: target.command, args: target.args },
      pid: process.pid,
      journalPath,
    },
    say: (line) => terminal.err(`loupe tap: ${line}`),
    onFaults: (texts) => {
      try {
        asked = parseFaultRules(texts);
      } catch (error) {
        terminal.err(
          `loupe tap: fault rules from Loupe not applied: ${error instanceof Error ? error.message : String(error)}`,
        );
        return;
      }
      terminal.err(
        asked.length === 0
          ? 'loupe tap: Loupe cleared the fault rules'
          : `loupe tap: fault rules from Loupe: ${texts.join('  ')}`,
      );
      apply(asked);
    },
  });
  const apply = (rules: FaultRule[]): void => {
    if (control && !control.setFaults(rules))
      terminal.err(
        'loupe tap: fault rules from Loupe not applied: this tap started before Loupe and passes bytes on its fast path',
      );
  };
  // A tap Loupe can reach may get fault rules while it runs: it passes bytes on the event loop, where lines can be
  // held and changed. One no Loupe can reach (the usual case, known at once) takes the fast path.
  const live = await Promise.race([link.connected, delay(liveDecisionMs, true)]);
  let exit: TapExit;
  try {
    exit = await runStdioTap({
      command: target.command,
      args: target.args,
      recorder,
      faults: invocation.faults,
      fastPath: !live,
      ...(invocation.maxFrameBytes === undefined ? {} : { maxFrameBytes: invocation.maxFrameBytes }),
      onControl: (given) => {
        control = given;
        if (asked) apply(asked);
      },
      env: { ...process.env, ...target.env },
      ...(target.cwd === undefined ? {} : { cwd: target.cwd }),
    });
  } finally {
    await link.close();
    await recorder.close();
  }
  const failure = recorder.journalError();
  if (failure) terminal.err(`loupe tap: the journal ${journalPath} could not be written: ${failure.message}`);
  if (exit.closedByFault) terminal.err(`loupe tap: ${exit.closedByFault}`);
  if (exit.signal) {
    // Die of the same signal, so the host sees what it would have seen without the tap.
    process.kill(process.pid, exit.signal);
    return 128 + signalNumber(exit.signal);
  }
  return exit.code ?? 1;
}

function signalNumber(signal: NodeJS.Signals): number {
  const numbers: Partial<Record<NodeJS.Signals, number>> = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };
  return numbers[signal] ?? 1;
}
