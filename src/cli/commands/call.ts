/**
 * `loupe call <tool>`: lists the tools (for the outputSchema), calls one, prints the result; exit 1 on isError.
 * A call that runs as a task (--task, a tool that requires it, or a server that makes one) prints each status
 * on stderr; Ctrl-C cancels it (tasks/cancel: exit 1, or 3 when the server refused the cancel) and a failed or
 * expired task ends in one line and exit 1.
 */
import { callTool } from '../../core/calls/callTool.js';
import type { Invocation } from '../arguments.js';
import { diagnosisLines } from '../errorReport.js';
import { callOutput, callTimingLine } from '../format/callResult.js';
import { walk } from '../listing.js';
import { withSession } from '../sessionScope.js';
import { formatCount, printable, type Terminal } from '../terminal.js';
import { printJson } from './listLines.js';
import { callJson, taskPrinter } from '../taskLines.js';
import { withTerminalInput } from '../inputAnswers.js';

export async function callCommand(given: Invocation, terminal: Terminal): Promise<number> {
  const tool = given.tool ?? '';
  // On a terminal the person answers the server's questions (elicitation, sampling) unless --input says otherwise.
  const invocation = { ...given, options: withTerminalInput(given.options) };
  const { options } = invocation;
  return withSession(invocation, terminal, async (session) => {
    // The outputSchema may be on any page; a failed listing still lets the call go ahead.
    const listing = await walk(session, 'tools', options, terminal);
    const interrupt = new AbortController();
    const onInterrupt = (): void => interrupt.abort('interrupted (Ctrl-C)');
    process.once('SIGINT', onInterrupt);
    const outcome = await callTool(
      session,
      {
        tool,
        arguments: options.toolArguments,
        ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
        signal: interrupt.signal,
        taskMode: options.task ? 'task' : 'auto',
        onTask: taskPrinter((line) => terminal.err(line)),
        listingComplete: listing.complete,
        onProgress: (progress) => {
          if (!terminal.stderrIsTty && !options.debug) return;
          const total = progress.total !== undefined ? `/${formatCount(progress.total)}` : '';
          terminal.err(
            `progress ${formatCount(progress.progress)}${total}${progress.message ? ` ${printable(progress.message)}` : ''}`,
          );
        },
      },
      listing.items,
    )
      // A tool the listing lacks: the doctor's advice on the error says so (core/doctor/staleList.ts).
      .finally(() => process.removeListener('SIGINT', onInterrupt));
    if (options.json) await printJson(terminal, callJson(outcome));
    else {
      // The result alone on stdout (structuredContent, else the text); other blocks and the validation on stderr.
      const output = callOutput(outcome);
      for (const line of output.stdout) terminal.out(line);
      for (const line of output.stderr) terminal.err(line);
    }
    // Timing is for a person at a terminal; a pipe gets the result alone on stdout and a quiet stderr.
    if (terminal.stderrIsTty) terminal.err(callTimingLine(outcome));
    if (outcome.isError) {
      terminal.err(`loupe: tool error: ${printable(tool)} answered with isError: true`);
      // A tool error that says the tool is unknown: the doctor's stale-list advice.
      if (outcome.doctor)
        for (const line of diagnosisLines(outcome.doctor, options.debug)) terminal.err(line);
      return 1;
    }
    return 0;
  });
}
