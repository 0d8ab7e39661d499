/**
 * W3C Trace Context (https://www.w3.org/TR/trace-context/) and W3C Baggage (https://www.w3.org/TR/baggage/) as
 * SEP-414 carries them in a request's `params._meta`: `traceparent`, `tracestate` and `baggage`, unprefixed.
 *
 * Loupe's own entry in `tracestate` is `loupe=<action span id>`: the span of the person's action (a listing walk, a
 * call with its polls) that the request's span is a child of. It is what makes a recording alone (a journal, a
 * snapshot) enough to rebuild the whole trace, parents included, and it tells Loupe's requests from a tapped host's.
 * An action under someone else's span (a CI job's TRACEPARENT) says that parent too: `loupe=<action>:<parent>`.
 */

export interface TraceParent {
  /** 32 lower-case hex digits, not all zero. */
  traceId: string;
  /** 16 lower-case hex digits, not all zero: the sender's span (the request's own span). */
  spanId: string;
  /** Two hex digits; bit 0 is "sampled". */
  flags: string;
}

/** The context a person's action carries into each of its requests. */
export interface ActionContext {
  traceId: string;
  /** The action's own span: every request of the action is its child. */
  actionSpanId: string;
  /** The span the action itself is a child of (an outer trace: a CI job's TRACEPARENT), if any. */
  parentSpanId?: string;
  /** The caller's tracestate and baggage, sent with every request of the action (Loupe's entry is added first). */
  tracestate?: string;
  baggage?: string;
}

export const traceparentKey = 'traceparent';
export const tracestateKey = 'tracestate';
export const baggageKey = 'baggage';
/** Loupe's tracestate key. */
export const loupeStateKey = 'loupe';

const traceIdPattern = /^[0-9a-f]{32}$/;
const spanIdPattern = /^[0-9a-f]{16}$/;
const traceparentPattern = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;

export function isTraceId(value: unknown): value is string {
  return typeof value === 'string' && traceIdPattern.test(value) && !/^0+$/.test(value);
}

export function isSpanId(value: unknown): value is string {
  return typeof value === 'string' && spanIdPattern.test(value) && !/^0+$/.test(value);
}

/** `00-<trace id>-<span id>-<flags>`. */
export function formatTraceparent(parent: TraceParent): string {
  return `00-${parent.traceId}-${parent.spanId}-${parent.flags}`;
}

/**
 * A traceparent as the W3C rules read it: version ff is invalid, version 00 has exactly four fields, a later
 * version may carry more after a dash. Anything else (upper case, zero ids, a wrong length) is undefined.
 */
export function parseTraceparent(value: unknown): TraceParent | undefined {
  if (typeof value !== 'string' || value.length > 512) return undefined;
  const match = traceparentPattern.exec(value.trim());
  if (!match) return undefined;
  const [, version, traceId, spanId, flags, rest] = match;
  if (version === 'ff') return undefined;
  if (version === '00' && rest !== undefined) return undefined;
  if (!isTraceId(traceId) || !isSpanId(spanId) || flags === undefined) return undefined;
  return { traceId, spanId, flags };
}

/** A tracestate list member: a key (lower-case, optionally tenant@system) and a value of printable ASCII. */
const memberPattern =
  /^(?:[a-z][_0-9a-z\-*/]{0,255}|[a-z0-9][_0-9a-z\-*/]{0,240}@[a-z][_0-9a-z\-*/]{0,13})=[\x20-\x2b\x2d-\x3c\x3e-\x7e]{0,255}[\x21-\x2b\x2d-\x3c\x3e-\x7e]$/;

/** The list members of a tracestate (empty members dropped), or undefined when it breaks the W3C rules. */
export function tracestateMembers(value: string): string[] | undefined {
  if (value.length > 8192) return undefined;
  const members = value
    .split(',')
    .map((member) => member.trim())
    .filter((member) => member !== '');
  if (members.length > 32) return undefined;
  const keys = new Set<string>();
  for (const member of members) {
    if (!memberPattern.test(member)) return undefined;
    const key = member.slice(0, member.indexOf('='));
    if (keys.has(key)) return undefined;
    keys.add(key);
  }
  return members;
}

export function isTracestate(value: unknown): value is string {
  return typeof value === 'string' && tracestateMembers(value) !== undefined;
}

/** Baggage: comma-separated key=value members (a token key, a value without spaces, commas or semicolons), properties after `;`. */
const baggageMemberPattern =
  /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+\s*=\s*[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]*\s*(;.*)?$/;

export function isBaggage(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 8192 || value.trim() === '') return false;
  const members = value.split(',');
  return members.length <= 180 && members.every((member) => baggageMemberPattern.test(member.trim()));
}

/** Loupe's tracestate entry for an action. */
export function loupeStateEntry(action: Pick<ActionContext, 'actionSpanId' | 'parentSpanId'>): string {
  return `${loupeStateKey}=${action.actionSpanId}${action.parentSpanId ? `:${action.parentSpanId}` : ''}`;
}

/** The tracestate a request of this action carries: Loupe's entry first, then the caller's (without a `loupe` of its own). */
export function actionTracestate(action: ActionContext): string {
  const others = action.tracestate
    ? (tracestateMembers(action.tracestate) ?? []).filter((member) => !member.startsWith(`${loupeStateKey}=`))
    : [];
  return [loupeStateEntry(action), ...others.slice(0, 31)].join(',');
}

/** Loupe's entry of a tracestate: the action span (and its parent) a request belongs to; undefined when absent. */
export function readLoupeState(
  tracestate: unknown,
): { actionSpanId: string; parentSpanId?: string } | undefined {
  if (typeof tracestate !== 'string' || tracestate.length > 8192) return undefined;
  for (const member of tracestate.split(',')) {
    const trimmed = member.trim();
    if (!trimmed.startsWith(`${loupeStateKey}=`)) continue;
    const [action, parent] = trimmed.slice(loupeStateKey.length + 1).split(':');
    if (!isSpanId(action)) return undefined;
    return isSpanId(parent) ? { actionSpanId: action, parentSpanId: parent } : { actionSpanId: action };
  }
  return undefined;
}
