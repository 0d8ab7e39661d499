/**
 * Loupe's spans, read from the recorded frames alone: one model for the live session, a snapshot and a journal, so
 * what the timeline shows and what is exported are the same, and a saved session keeps its trace ids.
 *
 * - A request Loupe sent is a CLIENT span whose ids are those of the traceparent in its params._meta (SEP-414),
 *   child of its action's span (Loupe's tracestate entry). The action (a walk, a call with its polls) is an INTERNAL
 *   span from its first request to its last answer. A request that carried someone else's traceparent (a tapped
 *   host's) is that host's span: kept, marked source 'host'.
 * - A request the server sent (elicitation, sampling, roots) is a SERVER span, nested in the call that caused it:
 *   under the server's own span when it sent a traceparent of that trace, else under the task it names
 *   (related-task _meta), else under the latest of Loupe's requests still waiting for its answer.
 * - Progress notifications are events of the request whose progressToken they name. A call that became a task has
 *   a task span, from the answer that created it to the poll that saw it end; its polls carry the task's id.
 * - A request without trace context (trace context off, an older recording) gets ids made from its session and
 *   frame number, stable across reads.
 * Names and attributes: mcpConventions.ts (the OpenTelemetry semantic conventions for MCP, read 2026-12-06).
 */
import type { PushedFrame } from '../frames.js';
import { isJsonObject, type JsonObject } from '../json.js';
import { actionName, attribute, loupeAttribute, requestNaming } from './mcpConventions.js';
import { clockOf, hashHex16, hashHex32, nanoAt, type SessionClock } from './sessionClock.js';
import type { SpanAttributes, TraceSpan } from './spans.js';
import { parseTraceparent, readLoupeState } from './traceContext.js';

export interface SpanContextFacts {
  /** stdio (network.transport pipe) or an HTTP URL (tcp, server.address and server.port). */
  transport?: 'stdio' | 'demo' | 'http' | 'sse' | 'auto';
  url?: string;
  protocolVersion?: string;
  sessionId?: string;
}

interface Building {
  span: TraceSpan;
  /** The JSON-RPC method (a request's), '' for an action or a task. */
  method: string;
  /** Session ms when sent, and answered. */
  start: number;
  end?: number;
  progressToken?: string | number;
  /** A request's params: the action's name is read from its first request's. */
  actionParams?: JsonObject;
}

const taskPollMethods = new Set(['tasks/get', 'tasks/result', 'tasks/cancel', 'tasks/update']);
const taskEnds = new Set(['completed', 'failed', 'cancelled']);
const relatedTaskKey = 'io.modelcontextprotocol/related-task';

/** A frame's message; undefined for a list page that crossed without its text (never one of those parsed here). */
function parseMessage(frame: PushedFrame): JsonObject | undefined {
  if (frame.raw === undefined) return undefined;
  try {
    const message: unknown = JSON.parse(frame.raw);
    return isJsonObject(message) ? message : undefined;
  } catch {
    return undefined;
  }
}

function paramsOf(message: JsonObject | undefined): JsonObject | undefined {
  return message && isJsonObject(message.params) ? message.params : undefined;
}

function metaOf(params: JsonObject | undefined): JsonObject | undefined {
  return params && isJsonObject(params._meta) ? params._meta : undefined;
}

function connectionAttributes(facts: SpanContextFacts): SpanAttributes {
  const attributes: SpanAttributes = {};
  if (facts.transport === 'stdio' || facts.transport === 'demo')
    attributes[attribute.networkTransport] = 'pipe';
  else if (facts.transport !== undefined) {
    attributes[attribute.networkTransport] = 'tcp';
    try {
      const url = new URL(facts.url ?? '');
      attributes[attribute.serverAddress] = url.hostname;
      const port = url.port !== '' ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
      attributes[attribute.serverPort] = port;
    } catch {
      // no URL: no address
    }
  }
  if (facts.protocolVersion !== undefined) attributes[attribute.protocolVersion] = facts.protocolVersion;
  if (facts.sessionId !== undefined) attributes[attribute.sessionId] = facts.sessionId;
  return attributes;
}

/** The task a response created (2025-11-25 `{task}` or a 2026-07-28 top-level task), if it is one. */
function createdTask(result: JsonObject): { taskId: string; status: string } | undefined {
  const task = isJsonObject(result.task) ? result.task : result;
  if (typeof task.taskId !== 'string' || task.taskId === '' || typeof task.status !== 'string')
    return undefined;
  return { taskId: task.taskId, status: task.status };
}

export function framesToSpans(frames: readonly PushedFrame[], facts: SpanContextFacts = {}): TraceSpan[] {
  const clock: SessionClock = clockOf(frames);
  const session = clock.originMicros.toString();
  const common = connectionAttributes(facts);
  const spans: Building[] = [];
  /** Outbound requests by seq (to pair answers), and inbound ones (answered by Loupe). */
  const sent = new Map<number, Building>();
  const received = new Map<number, Building>();
  /** Loupe's requests still waiting, in order sent: the cause of a server request. */
  const waiting: Building[] = [];
  const progress = new Map<string, Building>();
  const actions = new Map<string, Building>();
  const tasks = new Map<string, Building>();

  const add = (building: Building): void => {
    spans.push(building);
  };

  const actionFor = (request: Building, traceId: string, actionSpanId: string, parent?: string): void => {
    const key = `${traceId}:${actionSpanId}`;
    const existing = actions.get(key);
    if (existing) {
      existing.start = Math.min(existing.start, request.start);
      return;
    }
    const method = request.method;
    const name = actionName(method, request.actionParams);
    const action: Building = {
      start: request.start,
      method: '',
      span: {
        traceId,
        spanId: actionSpanId,
        ...(parent !== undefined ? { parentSpanId: parent } : {}),
        name,
        kind: 'internal',
        startTimeUnixNano: '',
        attributes: { [loupeAttribute.action]: name },
        source: 'loupe',
        role: 'action',
      },
    };
    actions.set(key, action);
    add(action);
  };

  for (const frame of frames) {
    if (frame.channel === 'app') continue;
    if (frame.kind === 'request' && frame.direction === 'out') {
      const message = parseMessage(frame);
      const params = paramsOf(message);
      const meta = metaOf(params);
      const method = frame.method ?? '';
      const naming = requestNaming(method, params);
      const parent = parseTraceparent(meta?.traceparent);
      const loupe = parent ? readLoupeState(meta?.tracestate) : undefined;
      const attributes: SpanAttributes = {
        ...common,
        ...naming.attributes,
        [loupeAttribute.requestSeq]: frame.seq,
      };
      if (frame.id !== undefined) attributes[attribute.requestId] = String(frame.id);
      if (taskPollMethods.has(method) && typeof params?.taskId === 'string')
        attributes[loupeAttribute.taskId] = params.taskId;
      const building: Building = {
        start: frame.t,
        method,
        span: {
          traceId: parent?.traceId ?? hashHex32(`${session}:${frame.seq}`),
          spanId: parent?.spanId ?? hashHex16(`${session}:${frame.seq}`),
          ...(loupe ? { parentSpanId: loupe.actionSpanId } : {}),
          ...(typeof meta?.tracestate === 'string' ? { traceState: meta.tracestate } : {}),
          name: naming.name,
          kind: 'client',
          startTimeUnixNano: '',
          attributes,
          source: parent && !loupe ? 'host' : 'loupe',
          role: 'request',
          requestSeq: frame.seq,
        },
      };
      if (params) building.actionParams = params;
      if (meta && (typeof meta.progressToken === 'string' || typeof meta.progressToken === 'number')) {
        building.progressToken = meta.progressToken;
        progress.set(String(meta.progressToken), building);
      }
      add(building);
      sent.set(frame.seq, building);
      waiting.push(building);
      if (parent && loupe) actionFor(building, parent.traceId, loupe.actionSpanId, loupe.parentSpanId);
      continue;
    }
    if (frame.kind === 'request' && frame.direction === 'in') {
      const message = parseMessage(frame);
      const params = paramsOf(message);
      const meta = metaOf(params);
      const method = frame.method ?? '';
      const naming = requestNaming(method, params);
      const related = isJsonObject(meta?.[relatedTaskKey]) ? meta[relatedTaskKey] : undefined;
      const task = typeof related?.taskId === 'string' ? tasks.get(related.taskId) : undefined;
      const cause = latestWaiting(waiting);
      const serverParent = parseTraceparent(meta?.traceparent);
      const under = task ?? cause;
      const traceId = serverParent?.traceId ?? under?.span.traceId ?? hashHex32(`${session}:${frame.seq}`);
      const attributes: SpanAttributes = {
        ...common,
        ...naming.attributes,
        [loupeAttribute.requestSeq]: frame.seq,
      };
      if (frame.id !== undefined) attributes[attribute.requestId] = String(frame.id);
      const building: Building = {
        start: frame.t,
        method,
        span: {
          traceId,
          spanId: hashHex16(`${session}:in:${frame.seq}`),
          ...(serverParent
            ? { parentSpanId: serverParent.spanId }
            : under
              ? { parentSpanId: under.span.spanId }
              : {}),
          name: naming.name,
          kind: 'server',
          startTimeUnixNano: '',
          attributes,
          source: 'loupe',
          role: 'serverRequest',
          requestSeq: frame.seq,
          ...(under && under.span.traceId === traceId ? { causeSpanId: under.span.spanId } : {}),
        },
      };
      add(building);
      received.set(frame.seq, building);
      continue;
    }
    if (
      frame.kind === 'notification' &&
      frame.direction === 'in' &&
      frame.method === 'notifications/progress'
    ) {
      const params = paramsOf(parseMessage(frame));
      const token = params?.progressToken;
      const target =
        typeof token === 'string' || typeof token === 'number' ? progress.get(String(token)) : undefined;
      if (!target || target.end !== undefined) continue;
      const eventAttributes: SpanAttributes = {};
      for (const key of ['progress', 'total'] as const)
        if (typeof params?.[key] === 'number') eventAttributes[key] = params[key];
      if (typeof params?.message === 'string') eventAttributes.message = params.message.slice(0, 512);
      (target.span.events ??= []).push({
        name: 'progress',
        timeUnixNano: nanoAt(clock, frame.t),
        attributes: eventAttributes,
      });
      continue;
    }
    if ((frame.kind === 'response' || frame.kind === 'error') && frame.pairSeq !== undefined) {
      const book = frame.direction === 'in' ? sent : received;
      const building = book.get(frame.pairSeq);
      if (!building || building.end !== undefined) continue;
      book.delete(frame.pairSeq);
      building.end = frame.t;
      building.span.responseSeq = frame.seq;
      building.span.attributes[loupeAttribute.responseSeq] = frame.seq;
      if (building.progressToken !== undefined) progress.delete(String(building.progressToken));
      removeWaiting(waiting, building);
      answer(building, frame, { tasks, clock, common, session, add });
    }
  }

  // An action ends with the last answer of its requests, and is open while one of them is.
  const ends = new Map<string, { open: boolean; end: number }>();
  for (const building of spans) {
    if (building.span.role !== 'request' || building.span.parentSpanId === undefined) continue;
    const key = `${building.span.traceId}:${building.span.parentSpanId}`;
    const known = ends.get(key) ?? { open: false, end: building.start };
    if (building.end === undefined) known.open = true;
    else known.end = Math.max(known.end, building.end);
    ends.set(key, known);
  }
  return spans.map((building) => {
    building.span.startTimeUnixNano = nanoAt(clock, building.start);
    if (building.span.role === 'action') {
      const known = ends.get(`${building.span.traceId}:${building.span.spanId}`);
      if (known && !known.open) building.end = Math.max(building.start, known.end);
    }
    if (building.end !== undefined) building.span.endTimeUnixNano = nanoAt(clock, building.end);
    return building.span;
  });
}

function latestWaiting(waiting: Building[]): Building | undefined {
  for (let index = waiting.length - 1; index >= 0; index--) {
    const building = waiting[index];
    if (building && !taskPollMethods.has(building.method)) return building;
  }
  return waiting.at(-1);
}

function removeWaiting(waiting: Building[], building: Building): void {
  const index = waiting.lastIndexOf(building);
  if (index >= 0) waiting.splice(index, 1);
}

/** An answer's status, and the task it created or ended. */
interface AnswerContext {
  tasks: Map<string, Building>;
  clock: SessionClock;
  common: SpanAttributes;
  session: string;
  add: (building: Building) => void;
}

function answer(building: Building, frame: PushedFrame, context: AnswerContext): void {
  const { tasks, clock, common, session } = context;
  const span = building.span;
  const method = building.method;
  if (frame.kind === 'error') {
    const message = parseMessage(frame);
    const error = message && isJsonObject(message.error) ? message.error : undefined;
    const code = typeof error?.code === 'number' ? String(error.code) : 'error';
    span.attributes[attribute.errorType] = code;
    span.attributes[attribute.statusCode] = code;
    span.status = {
      code: 'error',
      ...(typeof error?.message === 'string' ? { message: error.message.slice(0, 1024) } : {}),
    };
    return;
  }
  // Only the answers that can say more than "ok" are parsed: a tool's, and a task's.
  if (method !== 'tools/call' && !taskPollMethods.has(method)) return;
  const message = parseMessage(frame);
  const result = message && isJsonObject(message.result) ? message.result : undefined;
  if (!result) return;
  if (method === 'tools/call' && result.isError === true) {
    span.attributes[attribute.errorType] = 'tool_error';
    span.status = { code: 'error', message: 'The tool reported an error (isError).' };
  }
  const task = createdTask(result);
  const polled = span.attributes[loupeAttribute.taskId];
  if (method === 'tools/call' && task) {
    span.attributes[loupeAttribute.taskId] = task.taskId;
    const taskSpan: Building = {
      start: frame.t,
      method: '',
      span: {
        traceId: span.traceId,
        spanId: hashHex16(`${session}:task:${task.taskId}`),
        parentSpanId: span.spanId,
        name: `task ${task.taskId}`,
        kind: 'internal',
        startTimeUnixNano: nanoAt(clock, frame.t),
        attributes: {
          ...common,
          [loupeAttribute.taskId]: task.taskId,
          [loupeAttribute.taskStatus]: task.status,
        },
        source: 'loupe',
        role: 'task',
      },
    };
    tasks.set(task.taskId, taskSpan);
    context.add(taskSpan);
    return;
  }
  if (typeof polled === 'string') {
    const taskSpan = tasks.get(polled);
    if (!taskSpan || taskSpan.end !== undefined) return;
    const status = task?.status ?? (method === 'tasks/result' ? 'completed' : undefined);
    if (status !== undefined) taskSpan.span.attributes[loupeAttribute.taskStatus] = status;
    if (method === 'tasks/result' || (status !== undefined && taskEnds.has(status))) {
      taskSpan.end = frame.t;
      if (status === 'failed') taskSpan.span.status = { code: 'error', message: 'The task failed.' };
    }
  }
}
