/**
 * Opens the session for a command, runs it, and always closes the session (and the journal) after; with --otlp, then
 * exports the session's spans (traceExport.ts).
 */
import type { FrameRecorder } from '../core/recorder/frameRecorder.js';
import type { McpSession } from '../core/types.js';
import type { Invocation } from './arguments.js';
import { createRecorder, openSession } from './openSession.js';
import type { Terminal } from './terminal.js';
import { exportSession, liveExportTarget } from './traceExport.js';

export async function withSession(
  invocation: Invocation,
  terminal: Terminal,
  body: (session: McpSession, recorder: FrameRecorder) => Promise<number>,
  /** Called with the recorder before connecting (to watch for the first frame, say). */
  prepare?: (recorder: FrameRecorder) => void,
): Promise<number> {
  if (!invocation.target) throw new Error('withSession needs a target (parseArguments checks this)');
  const otlp = liveExportTarget(invocation.options.traces);
  const recorder = createRecorder(invocation.options);
  prepare?.(recorder);
  try {
    const session = await openSession(invocation.target, invocation.options, recorder, terminal);
    try {
      return await body(session, recorder);
    } finally {
      await session.close();
      if (otlp)
        await exportSession(recorder, invocation.target, session.handshake.protocolVersion, otlp, terminal);
    }
  } finally {
    await recorder.flush();
  }
}
