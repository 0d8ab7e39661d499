/**
 * One client's session with a replay: each request is answered with the recorded frame of the request it matches
 * (its bytes as recorded, the client's id spliced in), preceded by what the server sent while it was pending and
 * followed by what it sent next. The transport (stdio, Streamable HTTP, legacy SSE) only carries the text.
 */
import { isJsonObject, type JsonObject, type JsonValue } from '../../shared/json.js';
import { missMessage, nearestRecorded } from './nearest.js';
import type { Exchange, RecordingIndex, ServerMessage } from './recordingIndex.js';
import { cursorOf, handshakeMethods, isListMethod, requestKey } from './requestKey.js';

export type OnMiss = 'error' | 'nearest';
export type Pace = 'instant' | 'recorded';

export interface ReplayOptions {
  onMiss?: OnMiss;
  pace?: Pace;
  /** Told each request served and how (a log line on stderr for the CLI). */
  onServed?: (event: ServedEvent) => void;
}

export interface ServedEvent {
  method: string;
  outcome: 'recorded' | 'nearest' | 'miss' | 'unanswered' | 'built-in';
  message?: string;
}

export type Emit = (raw: string) => void;

/** Server requests need the client capability of the same name. */
const requestCapability: Readonly<Record<string, string>> = {
  'elicitation/create': 'elicitation',
  'sampling/createMessage': 'sampling',
  'roots/list': 'roots',
};

const clientCapabilitiesKey = 'io.modelcontextprotocol/clientCapabilities';

/**
 * A server's word that its state changed (`notifications/tools/list_changed`, `…/resources/updated`…). Sent again
 * with a repeated answer it would be false (the replay's state is the recording's: nothing changed since) and it
 * would loop: a client that re-lists on list_changed (Loupe, the official inspector) gets the same answer and the
 * same announcement, forever. So a change is announced with the recorded exchange it came with, once.
 */
function announcesChange(step: ServerMessage): boolean {
  return (
    step.method !== undefined &&
    (/^notifications\/[a-z]+\/list_changed$/.test(step.method) ||
      step.method === 'notifications/resources/updated')
  );
}

function errorFrame(id: JsonValue, code: number, message: string, data?: JsonObject): string {
  return JSON.stringify({ jsonrpc: '2.0', id, error: { code, message, ...(data ? { data } : {}) } });
}

export class ReplaySession {
  private readonly used = new Map<string, number>();
  private readonly notified = new Map<string, number>();
  private capabilities: JsonObject = {};
  private readonly waiting = new Map<string, () => void>();
  private started = false;
  private queue: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly index: RecordingIndex,
    private readonly options: ReplayOptions,
    /** Where messages that answer no request of the client go (stdio: stdout; HTTP: the GET stream). */
    private readonly standalone: Emit,
  ) {}

  /**
   * How an HTTP replay answers this request: as an event stream when the recorded answer came as one or the server
   * sent more while it was pending, else as JSON, with the recorded status (a 400 that refused server/discover).
   */
  httpAnswer(message: JsonObject): { stream: boolean; status: number } {
    if (typeof message.method !== 'string' || message.id === undefined) return { stream: false, status: 200 };
    const params = isJsonObject(message.params) ? message.params : undefined;
    const exchange = this.peek(message.method, params);
    const status = exchange?.answer?.status ?? 200;
    const stream =
      exchange !== undefined &&
      (exchange.answer?.contentType?.startsWith('text/event-stream') === true ||
        this.unprompted(exchange.during, this.repeats(message.method, params)).some((step) =>
          this.sendable(step),
        ));
    return { stream: stream && status < 300, status };
  }

  /**
   * One message of the client; `emit` carries what answers it. Resolves once that answer is sent. Messages are
   * answered in the order they came (as the recorded server answered Loupe's), except the client's answers to
   * server requests, which a pending request is waiting for.
   */
  receive(message: JsonObject, emit: Emit): Promise<void> {
    if (typeof message.method !== 'string') return this.handle(message, emit);
    const turn = this.queue.then(() => this.handle(message, emit));
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private async handle(message: JsonObject, emit: Emit): Promise<void> {
    if (!this.started) {
      this.started = true;
      if (this.index.prelude.length > 0)
        void this.play(this.index.prelude, this.standalone, this.index.prelude[0]?.t ?? 0, undefined);
    }
    const method = typeof message.method === 'string' ? message.method : undefined;
    if (method === undefined) {
      // The client's answer to a server request.
      if (message.id !== undefined) this.waiting.get(JSON.stringify(message.id))?.();
      return;
    }
    const params = isJsonObject(message.params) ? message.params : undefined;
    if (message.id === undefined) {
      const count = this.notified.get(method) ?? 0;
      this.notified.set(method, count + 1);
      const steps = this.index.afterNotification.get(method)?.[count];
      if (steps && steps.length > 0) await this.play(steps, this.standalone, steps[0]?.t ?? 0, undefined);
      return;
    }
    await this.request(method, message.id, params, emit);
  }

  close(): void {
    this.closed = true;
    for (const resolve of this.waiting.values()) resolve();
    this.waiting.clear();
  }

  private async request(
    method: string,
    id: JsonValue,
    params: JsonObject | undefined,
    emit: Emit,
  ): Promise<void> {
    if (method === 'initialize' && isJsonObject(params?.capabilities))
      this.capabilities = params.capabilities;
    const modern = params?._meta;
    if (isJsonObject(modern) && isJsonObject(modern[clientCapabilitiesKey]))
      this.capabilities = modern[clientCapabilitiesKey];
    if (this.builtIn(method)) {
      emit(JSON.stringify({ jsonrpc: '2.0', id, result: {} }));
      this.options.onServed?.({ method, outcome: 'built-in' });
      return;
    }
    // Past its recorded uses the last answer is given again: a repeat (see announcesChange).
    let repeat = this.repeats(method, params);
    let exchange = this.take(method, params);
    let outcome: ServedEvent['outcome'] = 'recorded';
    if (!exchange) {
      const miss = this.miss(method, params);
      if ('frame' in miss) {
        emit(errorFrame(id, miss.code, miss.message, miss.data));
        this.options.onServed?.({ method, outcome: 'miss', message: miss.message });
        return;
      }
      exchange = miss.exchange;
      outcome = 'nearest';
      repeat = true;
    }
    const token = isJsonObject(params?._meta) ? params._meta.progressToken : undefined;
    const after = this.unprompted(exchange.after, repeat);
    const afterDuring = await this.play(
      this.unprompted(exchange.during, repeat),
      emit,
      exchange.t,
      token === undefined ? undefined : JSON.stringify(token),
    );
    const answer = exchange.answer;
    if (!answer) {
      this.options.onServed?.({
        method,
        outcome: 'unanswered',
        message: `Loupe replay: the recorded ${method} was never answered; neither is this one.`,
      });
      return;
    }
    await this.wait(answer.t - afterDuring);
    if (this.closed) return;
    emit(answer.verbatim ? answer.raw : answer.parts[0] + JSON.stringify(id) + answer.parts[1]);
    this.options.onServed?.({ method, outcome });
    if (after.length > 0) void this.play(after, this.standalone, answer.t, undefined);
  }

  /** Whether the next answer to this request is the last recorded one given again. */
  private repeats(method: string, params: JsonObject | undefined): boolean {
    const key = requestKey(method, params);
    const list = this.index.exchanges.get(key);
    return list !== undefined && (this.used.get(key) ?? 0) >= list.length;
  }

  /** The server's messages around an answer; a repeated answer announces no change. */
  private unprompted(steps: readonly ServerMessage[], repeat: boolean): readonly ServerMessage[] {
    return repeat ? steps.filter((step) => !announcesChange(step)) : steps;
  }

  /**
   * Requests whose answer is an empty result by the specification, answered when the recording has none: ping, and
   * logging/setLevel of a server that declared logging (the official inspector sets a level on connecting).
   */
  private builtIn(method: string): boolean {
    if (this.index.byMethod.has(method)) return false;
    return (
      method === 'ping' || (method === 'logging/setLevel' && isJsonObject(this.index.capabilities.logging))
    );
  }

  private peek(method: string, params: JsonObject | undefined): Exchange | undefined {
    const list = this.index.exchanges.get(requestKey(method, params));
    if (!list) return undefined;
    return list[Math.min(this.used.get(requestKey(method, params)) ?? 0, list.length - 1)];
  }

  private take(method: string, params: JsonObject | undefined): Exchange | undefined {
    const key = requestKey(method, params);
    const exchange = this.peek(method, params);
    if (exchange) this.used.set(key, (this.used.get(key) ?? 0) + 1);
    return exchange;
  }

  private miss(
    method: string,
    params: JsonObject | undefined,
  ): { frame: true; code: number; message: string; data?: JsonObject } | { exchange: Exchange } {
    const recorded = this.index.byMethod.get(method);
    if (!recorded || recorded.length === 0 || (handshakeMethods as readonly string[]).includes(method)) {
      return {
        frame: true,
        code: -32601,
        message: `Loupe replay: ${method} was not recorded in this session.`,
        data: { loupeReplay: 'not-recorded' },
      };
    }
    if (isListMethod(method)) {
      const cursors = recorded.map((exchange) =>
        exchange.cursor === undefined ? 'the first page' : JSON.stringify(exchange.cursor),
      );
      return {
        frame: true,
        code: -32602,
        message: `Loupe replay: cursor ${JSON.stringify(cursorOf(params) ?? '')} was never recorded for ${method} (recorded: ${[...new Set(cursors)].join(', ')}).`,
        data: { loupeReplay: 'no-recorded-answer' },
      };
    }
    const nearest = nearestRecorded(recorded, params);
    if (nearest && this.options.onMiss === 'nearest') return { exchange: nearest.exchange };
    const message = missMessage(method, params, nearest);
    // data.loupeReplay tells a client (Loupe's doctor) that this is a replay without the answer, not a refusal.
    const data: JsonObject = {
      loupeReplay: 'no-recorded-answer',
      ...(nearest
        ? {
            nearest: {
              method: nearest.exchange.method,
              params: nearest.exchange.params,
              differs: nearest.differs,
            },
          }
        : {}),
    };
    return { frame: true, code: -32602, message, data };
  }

  private sendable(step: ServerMessage): boolean {
    if (!step.request || step.method === undefined) return true;
    const capability = requestCapability[step.method];
    return capability === undefined || isJsonObject(this.capabilities[capability]);
  }

  /** Sends the steps in order (a server request waits for the client's answer); resolves with the last one's time. */
  private async play(
    steps: readonly ServerMessage[],
    emit: Emit,
    from: number,
    token: string | undefined,
  ): Promise<number> {
    let now = from;
    for (const step of steps) {
      if (this.closed) break;
      if (!this.sendable(step)) continue;
      if (step.token && token === undefined) continue;
      await this.wait(step.t - now);
      now = step.t;
      if (this.closed) break;
      const raw = step.token && token !== undefined ? step.token[0] + token + step.token[1] : step.raw;
      if (step.request) {
        const parsed: unknown = JSON.parse(step.raw);
        const id = isJsonObject(parsed) ? JSON.stringify(parsed.id) : '';
        const answered = new Promise<void>((resolve) => this.waiting.set(id, resolve));
        emit(raw);
        await answered;
        this.waiting.delete(id);
      } else emit(raw);
    }
    return now;
  }

  private wait(ms: number): Promise<void> {
    if (this.options.pace !== 'recorded' || ms <= 0) return Promise.resolve();
    return new Promise((resolve) => setTimeout(resolve, ms));
  }
}
