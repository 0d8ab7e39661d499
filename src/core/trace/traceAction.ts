/**
 * A person's action as one trace (SEP-414 trace context): a listing walk, a call with its server requests and task
 * polls, a connection's opening. The action is carried by AsyncLocalStorage, so every request sent while it runs,
 * however deep in the engine, joins its trace without being handed it; a request sent outside any action (a
 * resource read, a collection step) is an action of its own. Once the action's function settles the action is
 * closed: a request sent later from a callback it set up (a stream listener made while connecting) starts anew.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomFillSync } from 'node:crypto';
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

/**
 * Random bytes for trace and span ids, drawn from the CSPRNG a pool at a time: every request takes a span id (and
 * every action a trace id and one more), and a randomBytes call of its own for each cost more than the rest of the
 * stamp together (a 1,000-call collection drew 3,000 of them).
 */
const pool = Buffer.alloc(4096);
let poolAt = pool.length;

function randomHex(bytes: number): string {
  for (;;) {
    if (poolAt + bytes > pool.length) {
      randomFillSync(pool);
      poolAt = 0;
    }
    const id = pool.toString('hex', poolAt, poolAt + bytes);
    poolAt += bytes;
    // An all-zero id is invalid (W3C trace context): draw again.
    if (!allZero.test(id)) return id;
  }
}

const allZero = /^0+$/;

export function randomTraceId(): string {
  return randomHex(16);
}

export function randomSpanId(): string {
  return randomHex(8);
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

/**
 * The action a synchronous stretch of code runs in (startInAction, resumeAction), ahead of the storage: a call sends
 * its request before its first await, so it needs no AsyncLocalStorage context of its own.
 */
let direct: TraceAction | undefined;
/** Works running in the storage's context now (inTraceAction, continueAction). */
let carried = 0;

/** Runs `work` as one action: every request it sends is in the action's trace. */
export async function inTraceAction<T>(work: () => Promise<T>): Promise<T> {
  const action = newAction();
  try {
    return await continueAction(action, work);
  } finally {
    action.open = false;
  }
}

/**
 * Runs `work` in an action already made (a call whose answer became a task: its polls join the call's trace),
 * carried by AsyncLocalStorage through every await. Once no such work runs, the storage is turned off: on Node 20
 * and 22 an enabled AsyncLocalStorage puts async hooks on every promise of the process, which a run of calls
 * (each an action of its own, sent without the storage) would pay for on every step.
 */
export async function continueAction<T>(action: TraceAction, work: () => Promise<T>): Promise<T> {
  carried += 1;
  try {
    return await current.run(action, () => resumeAction(undefined, work));
  } finally {
    carried -= 1;
    // Every action it carried is closed by now: none is lost (currentAction never returns a closed one).
    if (carried === 0) current.disable();
  }
}

/**
 * Runs `start` with `action` as the current action up to `start`'s first await: a request it sends synchronously
 * (an async function's first request is) joins the action without AsyncLocalStorage. `undefined` runs it outside
 * the direct action (the storage's, if any, then counts).
 */
export function resumeAction<T>(action: TraceAction | undefined, start: () => T): T {
  const before = direct;
  direct = action;
  try {
    return start();
  } finally {
    direct = before;
  }
}

/** The action running now, while it is open. */
export function currentAction(): TraceAction | undefined {
  const action = direct ?? (carried > 0 ? current.getStore() : undefined);
  return action?.open ? action : undefined;
}
