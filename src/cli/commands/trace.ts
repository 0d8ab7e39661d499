/**
 * `loupe trace <snapshot|journal>`: exports a recorded session's spans over OTLP/HTTP after the fact, so a CI run
 * can ship its traces. The spans are read from the frames alone (the ids the requests carried); where they go is
 * --otlp-endpoint or the OTEL_EXPORTER_OTLP_* variables (core/trace/otlpConfig.ts); without an endpoint nothing is
 * sent and the command says how to name one. stdout: one line (--json: {"event":"exported",…}).
 */
import { LoupeError } from '../../shared/errors.js';
import { framesToSpans } from '../../shared/trace/framesToSpans.js';
import { nanoAt, clockOf } from '../../shared/trace/sessionClock.js';
import { otlpTarget } from '../../core/trace/otlpConfig.js';
import { exportSpans } from '../../core/trace/otlpExport.js';
import { readRecordedSession } from '../../core/trace/recordedSession.js';
import type { Invocation } from '../arguments.js';
import { plural, type Terminal } from '../terminal.js';
import { printJson } from './listLines.js';

export async function traceCommand(invocation: Invocation, terminal: Terminal): Promise<number> {
  const file = invocation.files?.[0] ?? '';
  const { endpoint, protocol } = invocation.options.traces;
  const target = otlpTarget({
    ...(endpoint !== undefined ? { endpoint } : {}),
    ...(protocol !== undefined ? { protocol } : {}),
  });
  if (!target)
    throw new LoupeError({
      kind: 'usage',
      message:
        'Nothing is sent without an endpoint: give --otlp-endpoint <url> (e.g. http://127.0.0.1:4318/v1/traces) or set OTEL_EXPORTER_OTLP_ENDPOINT.',
    });
  const recorded = await readRecordedSession(file);
  const spans = framesToSpans(recorded.frames, recorded.facts);
  // A request never answered ends where the recording does.
  const last = recorded.frames.at(-1);
  const openEnd = nanoAt(clockOf(recorded.frames), last?.t ?? 0);
  const report = await exportSpans(spans, target, openEnd);
  if (invocation.options.json) {
    await printJson(terminal, { event: 'exported', file, recording: recorded.kind, ...report });
    return 0;
  }
  terminal.out(
    `Exported ${plural(report.spans, 'span')} in ${plural(report.traces, 'trace')} from ${file} to ${report.url} (${report.protocol})`,
  );
  if (recorded.skippedLines > 0)
    terminal.err(`${plural(recorded.skippedLines, 'journal line')} that were not frames skipped.`);
  if (report.rejected !== undefined)
    terminal.err(
      `The endpoint rejected ${plural(report.rejected, 'span')}${report.message ? `: ${report.message}` : ''}.`,
    );
  return 0;
}
