/**
 * The timeline's rows, from the spans (shared/trace/framesToSpans.ts plus the server's): one row per request Loupe
 * sent, from sent to answered; a server→client request, a task and the server's own spans nested under the span
 * that caused them; a task's polls drawn as ticks on its bar (not rows: a long task polls hundreds of times); an
 * action of several requests (a listing walk) as a group row above them. Requests still waiting go to their own lane.
 * Times are session milliseconds (Frame.t's clock), so frames and spans line up.
 */
import type { Frame } from '../../shared/frames';
import { clockOf, sessionTimeOf } from '../../shared/trace/sessionClock';
import type { SpanRole, TraceSpan } from '../../shared/trace/spans';

export interface TimelineRow {
  key: string;
  label: string;
  depth: number;
  /** Session ms. */
  start: number;
  /** Session ms; undefined while in flight. */
  end?: number;
  kind: SpanRole | 'server';
  error: boolean;
  /** Progress notifications and task polls, session ms. */
  ticks: number[];
  /** The request's frame, to open in Traffic. */
  requestSeq?: number;
  method?: string;
}

export interface TimelineModel {
  rows: TimelineRow[];
  /** Requests waiting for their answer: their own lane. */
  inFlight: TimelineRow[];
  /** Session ms of the first and last thing drawn. */
  from: number;
  to: number;
}

const pollMethods = new Set(['tasks/get', 'tasks/result', 'tasks/update']);

function parentOf(span: TraceSpan): string | undefined {
  return span.role === 'serverRequest' && span.causeSpanId ? span.causeSpanId : span.parentSpanId;
}

export function timelineModel(
  spans: readonly TraceSpan[],
  frames: readonly Pick<Frame, 't' | 'wall'>[],
): TimelineModel {
  const clock = clockOf(frames);
  const time = (nano: string | undefined): number | undefined =>
    nano === undefined ? undefined : sessionTimeOf(clock, nano);
  const byId = new Map<string, TraceSpan>();
  for (const span of spans) byId.set(`${span.traceId}:${span.spanId}`, span);
  const children = new Map<string, TraceSpan[]>();
  const tasks = new Map<string, TraceSpan>();
  const actionSize = new Map<string, number>();
  for (const span of spans) {
    if (span.role === 'task' && typeof span.attributes['loupe.task.id'] === 'string')
      tasks.set(`${span.traceId}:${span.attributes['loupe.task.id']}`, span);
    if (span.role === 'request' && span.parentSpanId) {
      const key = `${span.traceId}:${span.parentSpanId}`;
      actionSize.set(key, (actionSize.get(key) ?? 0) + 1);
    }
  }
  const polls = new Map<string, number[]>();
  const roots: TraceSpan[] = [];
  for (const span of spans) {
    const method = span.attributes['mcp.method.name'];
    const taskId = span.attributes['loupe.task.id'];
    if (
      span.role === 'request' &&
      typeof method === 'string' &&
      pollMethods.has(method) &&
      typeof taskId === 'string'
    ) {
      const task = tasks.get(`${span.traceId}:${taskId}`);
      if (task) {
        const start = time(span.startTimeUnixNano);
        const key = `${task.traceId}:${task.spanId}`;
        if (start !== undefined) {
          const known = polls.get(key);
          if (known) known.push(start);
          else polls.set(key, [start]);
        }
        continue;
      }
    }
    if (span.role === 'action' && (actionSize.get(`${span.traceId}:${span.spanId}`) ?? 0) < 2) continue;
    const parent = parentOf(span);
    const parentKey = parent === undefined ? undefined : `${span.traceId}:${parent}`;
    const parentSpan = parentKey === undefined ? undefined : byId.get(parentKey);
    const shownParent =
      parentSpan && !(parentSpan.role === 'action' && (actionSize.get(parentKey ?? '') ?? 0) < 2)
        ? parentKey
        : undefined;
    if (shownParent === undefined) roots.push(span);
    else {
      const known = children.get(shownParent);
      if (known) known.push(span);
      else children.set(shownParent, [span]);
    }
  }
  const rows: TimelineRow[] = [];
  const inFlight: TimelineRow[] = [];
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  const visit = (span: TraceSpan, depth: number): void => {
    const start = time(span.startTimeUnixNano) ?? 0;
    const end = time(span.endTimeUnixNano);
    const key = `${span.traceId}:${span.spanId}`;
    const method = span.attributes['mcp.method.name'];
    const row: TimelineRow = {
      key,
      label: span.name,
      depth,
      start,
      ...(end !== undefined ? { end } : {}),
      kind: span.source === 'server' ? 'server' : (span.role ?? 'request'),
      error: span.status?.code === 'error',
      ticks: [
        ...(span.events ?? []).map((event) => time(event.timeUnixNano) ?? start),
        ...(polls.get(key) ?? []),
      ],
      ...(span.requestSeq !== undefined ? { requestSeq: span.requestSeq } : {}),
      ...(typeof method === 'string' ? { method } : {}),
    };
    from = Math.min(from, start);
    to = Math.max(to, end ?? start);
    if (end === undefined && span.role === 'request') inFlight.push(row);
    rows.push(row);
    const kids = (children.get(key) ?? []).sort(
      (a, b) => (time(a.startTimeUnixNano) ?? 0) - (time(b.startTimeUnixNano) ?? 0),
    );
    for (const child of kids) visit(child, depth + 1);
  };
  roots.sort((a, b) => (time(a.startTimeUnixNano) ?? 0) - (time(b.startTimeUnixNano) ?? 0));
  for (const root of roots) visit(root, 0);
  const last = frames.at(-1)?.t;
  if (last !== undefined) to = Math.max(to, last);
  if (!Number.isFinite(from)) from = 0;
  if (!Number.isFinite(to) || to <= from) to = from + 1;
  return { rows, inFlight, from, to };
}
