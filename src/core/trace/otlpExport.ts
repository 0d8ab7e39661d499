/**
 * Sends spans to an OTLP/HTTP traces endpoint (otlpConfig.ts says which), in one POST: protobuf or JSON. A 2xx is
 * success; OTLP's partial success is reported as rejected spans; any other answer, a refused connection or the
 * timeout is a LoupeError (http-error, transport-error, timeout) naming the URL, never the headers (they may hold
 * an API key). Redirects are not followed: the spans go only where the person said.
 */
import { LoupeError } from '../../shared/errors.js';
import type { TraceExportReport, TraceSpan } from '../../shared/trace/spans.js';
import { loupeVersion } from '../loupeVersion.js';
import type { OtlpTarget } from './otlpConfig.js';
import { exportGroups, otlpJson, otlpProtobuf } from './otlpRequest.js';

export type ExportReport = TraceExportReport;

/** Unix nanoseconds now, as a decimal string. */
export function nowNano(): string {
  return (BigInt(Date.now()) * 1_000_000n).toString();
}

export async function exportSpans(
  spans: readonly TraceSpan[],
  target: OtlpTarget,
  openEnd: string = nowNano(),
): Promise<ExportReport> {
  const groups = exportGroups(spans, loupeVersion(), openEnd);
  const sent = groups.flatMap((group) => group.scopes.flatMap((scope) => scope.spans));
  const json = target.protocol === 'http/json';
  const body = json ? otlpJson(groups) : otlpProtobuf(groups);
  let response: Response;
  try {
    response = await fetch(target.url, {
      method: 'POST',
      headers: {
        ...target.headers,
        'content-type': json ? 'application/json' : 'application/x-protobuf',
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(target.timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new LoupeError(
      {
        kind: timedOut ? 'timeout' : 'transport-error',
        message: timedOut
          ? `The OTLP endpoint ${target.url} did not answer within ${target.timeoutMs} ms.`
          : `The spans could not be sent to ${target.url}: ${error instanceof Error ? error.message : String(error)}`,
      },
      { cause: error },
    );
  }
  const text = (await response.text()).slice(0, 4096);
  if (response.status < 200 || response.status > 299)
    throw new LoupeError({
      kind: 'http-error',
      code: response.status,
      message: `The OTLP endpoint ${target.url} answered HTTP ${response.status}${text.trim() ? `: ${text.trim().slice(0, 200)}` : ''}.`,
    });
  const report: ExportReport = {
    url: target.url,
    protocol: target.protocol,
    spans: sent.length,
    traces: new Set(sent.map((span) => span.traceId)).size,
    status: response.status,
  };
  if (json) readPartialSuccess(text, report);
  return report;
}

/** OTLP/JSON's partialSuccess: { rejectedSpans, errorMessage } (protobuf answers are not decoded). */
function readPartialSuccess(text: string, report: ExportReport): void {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || !('partialSuccess' in parsed)) return;
    const partial = parsed.partialSuccess;
    if (typeof partial !== 'object' || partial === null) return;
    const rejected = 'rejectedSpans' in partial ? Number(partial.rejectedSpans) : 0;
    if (Number.isFinite(rejected) && rejected > 0) report.rejected = rejected;
    if ('errorMessage' in partial && typeof partial.errorMessage === 'string' && partial.errorMessage !== '')
      report.message = partial.errorMessage.slice(0, 500);
  } catch {
    // not JSON: nothing more to say
  }
}
