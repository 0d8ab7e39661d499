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
import { LoupeError, toErrorData } from './errors.js';

export interface MessageChannel {
  send(message: WireMessage): void;
  /** Registers the one receiver of incoming messages. */
  receive(listener: (message: WireMessage) => void): void;
}

/** Something that emits backend events; the serving side subscribes to all of them. */
export interface EventSourceLike {
  on<E extends EventName>(event: E, listener: (payload: BackendEvents[E]) => void): () => void;
}

const methodSet = new Set<string>(methodNames);
const eventSet = new Set<string>(eventNames);

export function isWireMessage(value: unknown): value is WireMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as { type?: unknown; id?: unknown; method?: unknown; event?: unknown };
  switch (message.type) {
    case 'call':
      return typeof message.id === 'number' && typeof message.method === 'string' && methodSet.has(message.method);
    case 'result':
      return typeof message.id === 'number';
    case 'event':
      return typeof message.event === 'string' && eventSet.has(message.event);
    default:
      return false;
  }
}

/**
 * Serve a backend over a channel: calls are dispatched by name from the contract's method list, results
 * and errors go back as data, events are batched per flush window so a burst is a handful of messages.
 * Returns a function that stops serving.
 */
export function serveContract(
  methods: BackendMethods,
  events: EventSourceLike,
  channel: MessageChannel,
  options: { batchMs?: number } = {},
): () => void {
  const batchMs = options.batchMs ?? 30;
  const pending = new Map<EventName, unknown[]>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const flush = () => {
    timer = undefined;
    for (const [event, payloads] of pending) channel.send({ type: 'event', event, payloads });
    pending.clear();
  };
  const unsubscribers = eventNames.map((event) =>
    events.on(event, (payload) => {
      if (stopped) return;
      let queue = pending.get(event);
      if (!queue) pending.set(event, (queue = []));
      queue.push(payload);
      timer ??= setTimeout(flush, batchMs);
    }),
  );

  channel.receive((message) => {
    if (stopped || message.type !== 'call') return;
    const { id, method, args } = message;
    const callArgs: unknown[] = Array.isArray(args) ? args : [];
    Promise.resolve()
      .then(() => Reflect.apply(Reflect.get(methods, method) as (...a: unknown[]) => Promise<unknown>, methods, callArgs))
      .then(
        (value) => channel.send({ type: 'result', id, ok: true, value }),
        (error: unknown) => channel.send({ type: 'result', id, ok: false, error: toErrorData(error) }),
      )
      .catch(() => undefined);
  });

  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    flush();
    for (const unsubscribe of unsubscribers) unsubscribe();
  };
}

/** The client side: a LoupeApi whose methods are calls over the channel. */
export function createContractClient(channel: MessageChannel): LoupeApi {
  let nextId = 1;
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: LoupeError) => void }>();
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();

  channel.receive((message) => {
    if (message.type === 'result') {
      const entry = waiting.get(message.id);
      if (!entry) return;
      waiting.delete(message.id);
      if (message.ok) entry.resolve(message.value);
      else entry.reject(new LoupeError(message.error));
    } else if (message.type === 'event') {
      const set = listeners.get(message.event);
      if (!set) return;
      for (const payload of message.payloads) for (const listener of set) listener(payload);
    }
  });

  const api: Partial<Record<MethodName, (...args: unknown[]) => Promise<unknown>>> = {};
  for (const method of methodNames) {
    api[method] = (...args: unknown[]) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        waiting.set(id, { resolve, reject });
        channel.send({ type: 'call', id, method, args });
      });
  }
  const on = <E extends EventName>(event: E, listener: (payload: BackendEvents[E]) => void) => {
    let set = listeners.get(event);
    if (!set) listeners.set(event, (set = new Set()));
    const wrapped = listener as (payload: unknown) => void;
    set.add(wrapped);
    return () => {
      set.delete(wrapped);
    };
  };
  return Object.freeze({ ...(api as unknown as BackendMethods), on });
}

/** Rejects every call still waiting, e.g. when the WebSocket closed. Exposed for carriers that can tell. */
export function disconnectedError(): LoupeError {
  return new LoupeError({ kind: 'disconnected', message: 'The connection to the Loupe backend closed.' });
}

/** Two channels wired to each other in memory (tests, and a backend living in the same process). */
export function memoryChannelPair(): [MessageChannel, MessageChannel] {
  const receivers: [((m: WireMessage) => void) | undefined, ((m: WireMessage) => void) | undefined] = [undefined, undefined];
  const make = (self: 0 | 1): MessageChannel => ({
    // Round-trip through JSON so tests see exactly what a real carrier would deliver.
    send: (message) => {
      const copy = JSON.parse(JSON.stringify(message)) as WireMessage;
      queueMicrotask(() => receivers[self === 0 ? 1 : 0]?.(copy));
    },
    receive: (listener) => {
      receivers[self] = listener;
    },
  });
  return [make(0), make(1)];
}
