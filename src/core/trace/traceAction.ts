/**
 * A person's action as one trace (SEP-414 trace context): a listing walk, a call with its server requests and task
 * polls, a connection's opening. The action is carried by AsyncLocalStorage, so every request sent while it runs,
 * however deep in the engine, joins its trace without being handed it; a request sent outside any action (a
 * resource read, a collection step) is an action of its own. Once the action's function settles the action is
 * closed: a request sent later from a callback it set up (a stream listener made while connecting) starts anew.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import type { ActionContext, TraceParent } from '../../shared/trace/traceContext.js';

export interface TraceAction extends ActionContext {
  /** False once the action's function settled. */
  open: boolean;
}

const current = new AsyncLocalStorage<TraceAction>();

/** The outer context every new action is a child of (the CLI's TRACEPARENT, TRACESTATE and BAGGAGE), if any. */
let outer: { parent: TraceParent; tracestate?: string; baggage?: string } | undefined;

export function setOuterTraceContext(context: typeof outer): void {
  outer = context;
}

export function randomTraceId(): string {
  let id = randomBytes(16).toString('hex');
  while (/^0+$/.test(id)) id = randomBytes(16).toString('hex');
  return id;
}

export function randomSpanId(): string {
  let id = randomBytes(8).toString('hex');
  while (/^0+$/.test(id)) id = randomBytes(8).toString('hex');
  return id;
}

/** A new action: a fresh trace, or a new span in the outer trace when there is one. */
export function newAction(): TraceAction {
  const action: TraceAction = {
    traceId: outer?.parent.traceId ?? randomTraceId(),
    actionSpanId: randomSpanId(),
    open: true,
  };
  if (outer) {
    action.parentSpanId = outer.parent.spanId;
    if (outer.tracestate) action.tracestate = outer.tracestate;
    if (outer.baggage) action.baggage = outer.baggage;
  }
  return action;
}

/** Runs `work` as one action: every request it sends is in the action's trace. */
export async function inTraceAction<T>(work: () => Promise<T>): Promise<T> {
  const action = newAction();
  try {
    return await current.run(action, work);
  } finally {
    action.open = false;
  }
}

/** The action running now, while it is open. */
export function currentAction(): TraceAction | undefined {
  const action = current.getStore();
  return action?.open ? action : undefined;
}
