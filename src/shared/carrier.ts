/**
 * The one generic adapter pair that carries the contract over any message channel (Electron IPC, the
 * host's WebSocket, an in-memory pair in tests). No method or event is named here: everything comes from
 * the lists in contract.ts.
 */
import {
  eventNames,
  methodNames,
  type BackendEvents,
  type BackendMethods,
  type EventName,
  type LoupeApi,
  type MethodName,
  type WireMessage,
} from './contract.js';
import { LoupeError, toErrorData, type LoupeErrorData } from './errors.js';

export interface MessageChannel {
  send(message: WireMessage): void;
  /** Registers the one receiver of incoming messages. */
  receive(listener: (message: WireMessage) => void): void;
  /** Registers a listener for the channel closing, on carriers that can tell; calls still waiting then fail. */
  onClose?(listener: () => void): void;
}

/** Something that emits backend events; the serving side subscribes to all of them. `session`: whose event it is. */
export interface EventSourceLike {
  on<E extends EventName>(
    event: E,
    listener: (payload: BackendEvents[E], session?: string) => void,
  ): () => void;
}

/** The methods of the session a call names (undefined: the call named none); throws a LoupeError ('no-session') for an unknown one. */
export type MethodsFor = (session: string | undefined, method: MethodName) => BackendMethods;

const methodSet = new Set<string>(methodNames);
const eventSet = new Set<string>(eventNames);

/**
 * The shape check every carrier runs on what arrives. A call is let through whenever it carries a numeric id,
 * even with an unknown method or malformed arguments, so that the serving side can answer it with an error
 * instead of leaving the caller waiting (the serving side checks method and arguments itself).
 */
export function isWireMessage(value: unknown): value is WireMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as {
    type?: unknown;
    id?: unknown;
    method?: unknown;
    args?: unknown;
    event?: unknown;
    payloads?: unknown;
    ok?: unknown;
    session?: unknown;
  };
  if (message.session !== undefined && typeof message.session !== 'string') {
    // A call still gets its error reply (see serveContract); anything else with a foreign session is dropped.
    return message.type === 'call' && typeof message.id === 'number';
  }
  switch (message.type) {
    case 'call':
      return typeof message.id === 'number';
    case 'result':
      return typeof message.id === 'number' && typeof message.ok === 'boolean';
    case 'event':
      return (
        typeof message.event === 'string' && eventSet.has(message.event) && Array.isArray(message.payloads)
      );
    default:
      return false;
  }
}

function isKnownMethod(method: unknown): method is MethodName {
  return typeof method === 'string' && methodSet.has(method);
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);
  return value === null ? 'null' : typeof value;
}

/** The error a call gets when it names no method of the contract or carries no argument list. */
function callProblem(method: unknown, args: unknown, session?: unknown): LoupeErrorData {
  if (isKnownMethod(method) && Array.isArray(args)) {
    return {
      kind: 'no-session',
      message: `The call of ${method} names the session ${describe(session)}, which is not a session name.`,
      data: { method },
    };
  }
  if (!isKnownMethod(method)) {
    return {
      kind: 'unknown-method',
      message: `The Loupe backend has no method ${describe(method)}.`,
      data: { method: typeof method === 'string' ? method : null },
    };
  }
  return {
    kind: 'unknown-method',
    message: `The call of ${method} is malformed: its arguments are ${describe(args)}, not a list.`,
    data: { method },
  };
}

function causeOf(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * Send one reply; when the carrier cannot take it (a value too deep for JSON.stringify, one structured clone
 * refuses, a closed pipe), send an `internal` error naming the cause instead, so the caller always hears back.
 */
function sendReply(channel: MessageChannel, reply: WireMessage & { type: 'result' }, method: string): void {
  try {
    channel.send(reply);
    return;
  } catch (error) {
    const what = reply.ok ? 'result' : 'error';
    // A RangeError here is a stack overflow: the value nests deeper than any serializer can follow.
    const reason =
      error instanceof RangeError ? `it is nested too deeply (${causeOf(error)})` : causeOf(error);
    const message = `The ${what} of ${method} could not be sent to the UI: ${reason}`;
    try {
      channel.send({ type: 'result', id: reply.id, ok: false, error: { kind: 'internal', message } });
    } catch (second) {
      console.error(`${message}; the error reply failed too: ${causeOf(second)}`);
    }
  }
}

/** Send a batch of event payloads; a batch the carrier refuses is sent payload by payload, dropping (and logging) those it refuses. */
function sendEvents(channel: MessageChannel, event: EventName, payloads: unknown[], session: string | undefined): void {
  const tag = session === undefined ? {} : { session };
  try {
    channel.send({ type: 'event', event, payloads, ...tag });
    return;
  } catch {
    // fall through to one at a time
  }
  for (const payload of payloads) {
    try {
      channel.send({ type: 'event', event, payloads: [payload], ...tag });
    } catch (error) {
      console.error(`A ${event} event could not be sent to the UI and was dropped: ${causeOf(error)}`);
    }
  }
}

/**
 * Serve a backend over a channel: calls are dispatched by name from the contract's method list (to the
 * session the call names, when `methods` is a MethodsFor), results and errors go back as data, events are
 * batched per flush window and session so a burst is a handful of messages, each naming its session.
 * Returns a function that stops serving.
 */
export function serveContract(
  methods: BackendMethods | MethodsFor,
  events: EventSourceLike,
  channel: MessageChannel,
  options: { batchMs?: number } = {},
): () => void {
  const batchMs = options.batchMs ?? 30;
  // Keyed by session then event, in the order first seen, so a session's events keep their relative order per kind.
  const pending = new Map<string | undefined, Map<EventName, unknown[]>>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const methodsFor: MethodsFor = typeof methods === 'function' ? methods : () => methods;

  const flush = () => {
    timer = undefined;
    for (const [session, queues] of pending) {
      for (const [event, payloads] of queues) sendEvents(channel, event, payloads, session);
    }
    pending.clear();
  };
  const unsubscribers = eventNames.map((event) =>
    events.on(event, (payload, session) => {
      if (stopped) return;
      let queues = pending.get(session);
      if (!queues) pending.set(session, (queues = new Map<EventName, unknown[]>()));
      let queue = queues.get(event);
      if (!queue) queues.set(event, (queue = []));
      queue.push(payload);
      timer ??= setTimeout(flush, batchMs);
    }),
  );

  channel.receive((message) => {
    if (stopped || message.type !== 'call') return;
    const { id, method, args, session } = message;
    if (!isKnownMethod(method) || !Array.isArray(args) || (session !== undefined && typeof session !== 'string')) {
      sendReply(
        channel,
        { type: 'result', id, ok: false, error: callProblem(method, args, session) },
        describe(method),
      );
      return;
    }
    const callArgs: unknown[] = args;
    Promise.resolve()
      .then(() => {
        const target = methodsFor(session, method);
        return Reflect.apply(
          Reflect.get(target, method) as (...a: unknown[]) => Promise<unknown>,
          target,
          callArgs,
        );
      })
      .then(
        (value) => sendReply(channel, { type: 'result', id, ok: true, value }, method),
        (error: unknown) =>
          sendReply(channel, { type: 'result', id, ok: false, error: toErrorData(error) }, method),
      )
      .catch((error: unknown) => console.error(`Serving ${method} failed: ${causeOf(error)}`));
  });

  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    flush();
    for (const unsubscribe of unsubscribers) unsubscribe();
  };
}

/** What a reply's error field is when it is not error data (a broken or foreign backend). */
function replyError(error: unknown): LoupeErrorData {
  if (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string'
  )
    return toErrorData(error);
  return { kind: 'invalid-response', message: 'The Loupe backend answered with a malformed error reply.' };
}

/**
 * The client side: a LoupeApi whose methods are calls over the channel. Every call settles: with the reply,
 * with the error the channel threw when the call could not be sent, or with `disconnected` when the channel
 * reports that it closed.
 */
export function createContractClient(channel: MessageChannel): LoupeApi {
  let nextId = 1;
  const waiting = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: LoupeError) => void }
  >();
  const listeners = new Map<EventName, Set<(payload: unknown, session: string | undefined) => void>>();

  channel.receive((message) => {
    if (message.type === 'result') {
      const entry = waiting.get(message.id);
      if (!entry) return;
      waiting.delete(message.id);
      if (message.ok) entry.resolve(message.value);
      else entry.reject(new LoupeError(replyError(message.error)));
    } else if (message.type === 'event') {
      const set = listeners.get(message.event);
      if (!set) return;
      for (const payload of message.payloads) {
        for (const listener of [...set]) {
          try {
            listener(payload, message.session);
          } catch (error) {
            console.error(`A listener of ${message.event} failed: ${causeOf(error)}`);
          }
        }
      }
    }
  });
  channel.onClose?.(() => {
    const entries = [...waiting.values()];
    waiting.clear();
    for (const entry of entries) entry.reject(disconnectedError());
  });

  const call = (session: string | undefined, method: MethodName, args: unknown[]) =>
        new Promise((resolve, reject) => {
          const id = nextId++;
          waiting.set(id, { resolve, reject });
          try {
            channel.send({ type: 'call', id, method, args, ...(session === undefined ? {} : { session }) });
          } catch (error) {
            waiting.delete(id);
            reject(
              error instanceof LoupeError
                ? error
                : new LoupeError(
                    {
                      kind: 'internal',
                      message: `The call of ${method} could not be sent to the backend: ${causeOf(error)}`,
                    },
                    { cause: error },
                  ),
            );
          }
        });
  const on = <E extends EventName>(
    event: E,
    listener: (payload: BackendEvents[E], session: string | undefined) => void,
  ) => {
    let set = listeners.get(event);
    if (!set) listeners.set(event, (set = new Set()));
    const wrapped = listener as (payload: unknown, session: string | undefined) => void;
    set.add(wrapped);
    return () => {
      set.delete(wrapped);
    };
  };
  const bound = new Map<string, LoupeApi>();
  const build = (session: string | undefined): LoupeApi => {
    const methods = Object.fromEntries(
      methodNames.map((method) => [method, (...args: unknown[]) => call(session, method, args)]),
    ) as unknown as BackendMethods;
    const listen: LoupeApi['on'] =
      session === undefined
        ? on
        : (event, listener) =>
            on(event, (payload, from) => {
              if (from === undefined || from === session) listener(payload, from);
            });
    const forSession = (id: string): LoupeApi => {
      let api = bound.get(id);
      if (!api) bound.set(id, (api = build(id)));
      return api;
    };
    return Object.freeze({ ...methods, on: listen, forSession });
  };
  return build(undefined);
}

/** Rejects every call still waiting, e.g. when the WebSocket closed. Exposed for carriers that can tell. */
export function disconnectedError(): LoupeError {
  return new LoupeError({ kind: 'disconnected', message: 'The connection to the Loupe backend closed.' });
}

export interface MemoryChannel extends MessageChannel {
  /** Closes both ends: their close listeners run and later sends fail with `disconnected`. */
  close(): void;
}

/** Two channels wired to each other in memory (tests, and a backend living in the same process). */
export function memoryChannelPair(): [MemoryChannel, MemoryChannel] {
  const receivers: [((m: WireMessage) => void) | undefined, ((m: WireMessage) => void) | undefined] = [
    undefined,
    undefined,
  ];
  const closeListeners: (() => void)[] = [];
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    for (const listener of closeListeners.splice(0)) listener();
  };
  const make = (self: 0 | 1): MemoryChannel => ({
    // Round-trip through JSON so tests see exactly what a real carrier would deliver.
    send: (message) => {
      if (closed) throw disconnectedError();
      const copy = JSON.parse(JSON.stringify(message)) as WireMessage;
      queueMicrotask(() => {
        if (!closed) receivers[self === 0 ? 1 : 0]?.(copy);
      });
    },
    receive: (listener) => {
      receivers[self] = listener;
    },
    onClose: (listener) => {
      closeListeners.push(listener);
    },
    close,
  });
  return [make(0), make(1)];
}
