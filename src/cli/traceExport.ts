/**
 * --otlp on a command that talks to a server: once the command is done and its session closed, the session's spans
 * (read from its frames, as `loupe trace` reads a recording) go over OTLP/HTTP where --otlp-endpoint or the
 * OTEL_EXPORTER_OTLP_* variables say. OTEL_TRACES_EXPORTER=otlp asks for it too, when an endpoint is set (a variable
 * meant for other programs never stops Loupe). --otlp without an endpoint stops the command before it connects
 * (nothing leaves the machine unasked, and nothing is silently not sent). A failed
 * export is said on stderr and does not change the command's exit code: the command's own result stands.
 */
import { LoupeError } from '../shared/errors.js';
import { framesToSpans } from '../shared/trace/framesToSpans.js';
import type { Target } from '../shared/target.js';
import { otlpTarget, type OtlpTarget } from '../core/trace/otlpConfig.js';
import { exportSpans } from '../core/trace/otlpExport.js';
import { factsOf } from '../core/trace/sessionFacts.js';
import type { FrameRecorder } from '../core/recorder/frameRecorder.js';
import type { CliTraceOptions } from './traceFlags.js';
import { plural, type Terminal } from './terminal.js';

/** The export target when the command asks for one; a usage error when it asks without an endpoint. */
export function liveExportTarget(options: CliTraceOptions, env = process.env): OtlpTarget | undefined {
  const flagged = options.export === true;
  if (!flagged && env.OTEL_TRACES_EXPORTER?.trim() !== 'otlp') return undefined;
  const target = otlpTarget(
    {
      ...(options.endpoint !== undefined ? { endpoint: options.endpoint } : {}),
      ...(options.protocol !== undefined ? { protocol: options.protocol } : {}),
    },
    env,
  );
  if (!target && !flagged) return undefined;
  if (!target)
    throw new LoupeError({
      kind: 'usage',
      message:
        'Exporting spans needs an endpoint: give --otlp-endpoint <url> or set OTEL_EXPORTER_OTLP_ENDPOINT (nothing was sent).',
    });
  return target;
}

export async function exportSession(
  recorder: FrameRecorder,
  target: Target,
  protocolVersion: string | undefined,
  otlp: OtlpTarget,
  terminal: Terminal,
): Promise<void> {
  try {
    const spans = framesToSpans(recorder.frames(), factsOf(target, protocolVersion));
    const report = await exportSpans(spans, otlp);
    terminal.err(`Exported ${plural(report.spans, 'span')} to ${report.url} (${report.protocol}).`);
  } catch (error) {
    terminal.err(
      `loupe: the spans were not exported: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
