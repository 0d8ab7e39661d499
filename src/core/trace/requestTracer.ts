/**
 * Puts trace context (SEP-414) into the `params._meta` of each request Loupe sends: a W3C `traceparent` naming the
 * request's own span in its action's trace, a `tracestate` that starts with Loupe's entry (the action's span, see
 * shared/trace/traceContext.ts) followed by the one given, and the `baggage` given. The frames then show exactly
 * what went out, and spans are read back from them (shared/trace/framesToSpans.ts). A `traceparent` the caller put
 * in `_meta` itself is kept, with its tracestate and baggage: that request is the caller's span, not Loupe's.
 */
import { isJsonObject, type JsonObject } from '../../shared/json.js';
import type { TraceContextOption } from '../../shared/session.js';
import {
  actionTracestate,
  baggageKey,
  formatTraceparent,
  loupeStateEntry,
  traceparentKey,
  tracestateKey,
} from '../../shared/trace/traceContext.js';
import { currentAction, newAction, randomSpanId, type TraceAction } from './traceAction.js';

/** Trace context is sent unless turned off (the settings, `--trace-context off`). */
export const defaultTraceContext: TraceContextOption = { send: true };

export class RequestTracer {
  /** Actions whose requests this tracer stamped, while they run (an exporter waits for them to end). */
  private readonly running = new Map<string, TraceAction>();

  constructor(readonly option: TraceContextOption = defaultTraceContext) {}

  get sends(): boolean {
    return this.option.send;
  }

  /** The params to send: with trace context in `_meta` when it is on, else as given. */
  stamp(params: JsonObject | undefined): JsonObject | undefined {
    if (!this.option.send) return params;
    const meta = params && isJsonObject(params._meta) ? params._meta : undefined;
    if (meta && traceparentKey in meta) return params;
    const action = currentAction() ?? closed(newAction());
    if (action.open) {
      this.running.set(action.actionSpanId, action);
      if (this.running.size > 1000) this.forgetEnded();
    }
    // Built field by field: this runs for every request Loupe sends.
    const given = action.tracestate ?? this.option.tracestate;
    const state =
      given === undefined
        ? loupeStateEntry(action)
        : actionTracestate(given === action.tracestate ? action : { ...action, tracestate: given });
    const stamped: JsonObject = meta ? { ...meta } : {};
    stamped[traceparentKey] = formatTraceparent({
      traceId: action.traceId,
      spanId: randomSpanId(),
      flags: '01',
    });
    stamped[tracestateKey] = state;
    const baggage = action.baggage ?? this.option.baggage;
    if (baggage !== undefined) stamped[baggageKey] = baggage;
    const out: JsonObject = params ? { ...params } : {};
    out._meta = stamped;
    return out;
  }

  /** Whether the action with this span is still running (more of its requests may come). */
  isRunning(actionSpanId: string): boolean {
    const action = this.running.get(actionSpanId);
    if (action && !action.open) this.running.delete(actionSpanId);
    return action?.open === true;
  }

  private forgetEnded(): void {
    for (const [id, action] of this.running) if (!action.open) this.running.delete(id);
  }
}

function closed(action: TraceAction): TraceAction {
  action.open = false;
  return action;
}
