/** Connects the CLI to its target with a frame recorder the caller keeps (frames survive a failed connect). */
import type { Target } from '../shared/target.js';
import { FrameRecorder } from '../core/recorder/frameRecorder.js';
import { connect } from '../core/session/connect.js';
import { demoTarget } from '../core/demoTarget.js';
import type { DialTarget, McpSession } from '../core/types.js';
import type { CliOptions } from './arguments.js';
import { inputPlan, installInputAnswers, offerOf } from './inputAnswers.js';
import type { Terminal } from './terminal.js';
import { traceContextOf } from './traceFlags.js';

export function dialTarget(target: Target): DialTarget {
  return target.transport === 'demo' ? demoTarget() : target;
}

export function createRecorder(options: CliOptions): FrameRecorder {
  return new FrameRecorder(options.journalPath ? { journalPath: options.journalPath } : {});
}

/**
 * Without --input the CLI only inspects: it offers no sampling, elicitation or roots, so a server asking for
 * them gets "method not found" and the listing is what any minimal client would see. With --input it offers all
 * three and answers them as inputAnswers.ts says.
 */
export async function openSession(
  target: Target,
  options: CliOptions,
  recorder: FrameRecorder,
  terminal?: Terminal,
): Promise<McpSession> {
  const plan = await inputPlan(options);
  // The sign-in layer (most of the engine's auth code) loads only for a URL target.
  const authFetch =
    target.transport === 'stdio' || target.transport === 'demo'
      ? undefined
      : (await import('./authSetup.js')).cliAuth(
          target,
          options,
          (line) => process.stderr.write(`${line}\n`),
          recorder,
        );
  const session = await connect(dialTarget(target), {
    recorder,
    ...(authFetch ? { authFetch } : {}),
    ...(options.timeoutMs !== undefined
      ? { timeoutMs: options.timeoutMs, maxTotalMs: Math.max(options.timeoutMs, 60_000) }
      : {}),
    ...(options.pageLimit !== undefined ? { pageLimit: options.pageLimit } : {}),
    ...(options.maxFrameBytes !== undefined ? { maxFrameBytes: options.maxFrameBytes } : {}),
    ...(options.maxResponseBytes !== undefined ? { maxResponseBytes: options.maxResponseBytes } : {}),
    ...(options.protocol !== undefined ? { protocol: options.protocol } : {}),
    ...(options.extensions !== undefined ? { extensions: options.extensions } : {}),
    traceContext: traceContextOf(options.traces),
    ...offerOf(plan),
  });
  if (plan && terminal) installInputAnswers(session, plan, terminal);
  return session;
}
