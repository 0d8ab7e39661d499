/**
 * A server that refuses the trace context Loupe put in params._meta (SEP-414: traceparent, tracestate, baggage):
 * some validate _meta strictly and answer "unrecognized key" (often -32602 Invalid params), on initialize or on any
 * request. The cure is on Loupe's side first: turn trace context off (--trace-context off, or the Traces setting);
 * the server's authors should accept these keys, which SEP-414 reserves.
 */
import type { LoupeErrorData } from '../../shared/errors.js';
import type { Advice } from './diagnose.js';

const traceKeys = /\b(traceparent|tracestate|baggage)\b/i;
const metaRefusal =
  /_meta\b[\s\S]{0,200}\b(unrecognized|unknown|unexpected|additional|not allowed|extra)\b|\b(unrecognized|unknown|unexpected|additional|not allowed|extra)\b[\s\S]{0,200}_meta\b/i;

function textOf(error: LoupeErrorData): string {
  let data = '';
  try {
    data = error.data === undefined ? '' : JSON.stringify(error.data).slice(0, 4000);
  } catch {
    data = '';
  }
  return `${error.message}\n${data}`;
}

export function traceContextAdvice(error: LoupeErrorData): Advice | undefined {
  if (error.kind !== 'rpc-error' && error.kind !== 'invalid-response' && error.kind !== 'http-error')
    return undefined;
  const text = textOf(error);
  const named = traceKeys.exec(text)?.[1];
  if (!named && !metaRefusal.test(text)) return undefined;
  if (!named && !/\b_meta\b/.test(text)) return undefined;
  return {
    likelyCause: named
      ? `The server refused the trace context Loupe sends in params._meta (it named “${named}”): it validates _meta strictly and does not know the W3C keys SEP-414 reserves there.`
      : 'The server refused a key of params._meta: most likely the trace context Loupe sends there (traceparent, tracestate, baggage; SEP-414), which a server that validates _meta strictly does not know.',
    nextStep:
      'Turn trace context off for this server: --trace-context off in the CLI, or untick “Send trace context” in the Traces settings (above the Timings view) and connect again. Tell the server’s authors: SEP-414 reserves traceparent, tracestate and baggage in _meta, and servers should accept them.',
    evidence: [`the server said: ${error.message.slice(0, 300)}`],
  };
}
