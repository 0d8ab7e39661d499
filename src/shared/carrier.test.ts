import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createContractClient,
  isWireMessage,
  memoryChannelPair,
  serveContract,
  type EventSourceLike,
  type MessageChannel,
} from './carrier.js';
import type { BackendEvents, BackendMethods, EventName, WireMessage } from './contract.js';
import { LoupeError } from './errors.js';
import { rejection } from '../../test/helpers/rejection.js';

/** An object nested `depth` levels deep, built from JSON text as a server would send it. */
function deepValue(depth: number): unknown {
  return JSON.parse(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
}

function eventSource(): EventSourceLike & {
  emit<E extends EventName>(event: E, payload: BackendEvents[E]): void;
} {
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  return {
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener as (payload: unknown) => void);
      return () => set.delete(listener as (payload: unknown) => void);
    },
    emit(event, payload) {
      for (const listener of listeners.get(event) ?? []) listener(payload);
    },
  };
}

function methods(partial: Partial<BackendMethods>): BackendMethods {
  return partial as BackendMethods;
}

/** Sends raw messages to a served backend and collects its replies by id. */
function rawCaller(channel: MessageChannel): {
  send(message: unknown): void;
  reply(id: number): Promise<WireMessage>;
} {
  const replies = new Map<number, WireMessage>();
  const waiters = new Map<number, (message: WireMessage) => void>();
  channel.receive((message) => {
    if (message.type !== 'result') return;
    replies.set(message.id, message);
    waiters.get(message.id)?.(message);
  });
  return {
    send: (message) => channel.send(message as WireMessage),
    reply: (id) =>
      new Promise((resolve) =>
        replies.has(id) ? resolve(replies.get(id) as WireMessage) : waiters.set(id, resolve),
      ),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('serveContract answers every call', () => {
  it('answers a result too deep to serialize with an internal error naming the cause', async () => {
    const [serverSide, clientSide] = memoryChannelPair();
    serveContract(
      methods({ loadSnapshot: () => Promise.resolve(deepValue(100_000) as never) }),
      eventSource(),
      serverSide,
    );
    const api = createContractClient(clientSide);
    const error = await rejection(api.loadSnapshot('{}'));
    expect(error.kind).toBe('internal');
    expect(error.message).toContain(
      'The result of loadSnapshot could not be sent to the UI: it is nested too deeply (RangeError: ',
    );
  });

  it('still answers when a rejected error cannot be sent either', async () => {
    const [serverSide, clientSide] = memoryChannelPair();
    const cyclic: { self?: unknown } = {};
    cyclic.self = cyclic;
    serveContract(
      methods({
        status: () => Promise.reject(new LoupeError({ kind: 'rpc-error', message: 'boom', data: cyclic })),
      }),
      eventSource(),
      serverSide,
    );
    const error = await rejection(createContractClient(clientSide).status());
    expect(error.kind).toBe('internal');
    expect(error.message).toContain('The error of status could not be sent to the UI');
    expect(error.message).toContain('TypeError');
  });

  it('logs, without throwing, when even the error reply cannot be sent', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let receiver: ((message: WireMessage) => void) | undefined;
    const refusing: MessageChannel = {
      send: () => {
        throw new Error('pipe closed');
      },
      receive: (listener) => {
        receiver = listener;
      },
    };
    serveContract(methods({ disconnect: () => Promise.resolve() }), eventSource(), refusing);
    receiver?.({ type: 'call', id: 1, method: 'disconnect', args: [] });
    await vi.waitFor(() => expect(logged).toHaveBeenCalledTimes(1));
    expect(String(logged.mock.calls[0]?.[0])).toContain(
      'The result of disconnect could not be sent to the UI: Error: pipe closed',
    );
    expect(String(logged.mock.calls[0]?.[0])).toContain('the error reply failed too');
  });

  it('answers unknown methods, prototype names included, without calling anything', async () => {
    const [serverSide, clientSide] = memoryChannelPair();
    serveContract(methods({}), eventSource(), serverSide);
    const caller = rawCaller(clientSide);
    const names = ['deleteEverything', 'constructor', '__proto__', 'toString', 'hasOwnProperty'];
    names.forEach((method, index) => caller.send({ type: 'call', id: index + 1, method, args: [] }));
    for (const [index, method] of names.entries()) {
      const reply = await caller.reply(index + 1);
      expect(reply).toMatchObject({
        type: 'result',
        id: index + 1,
        ok: false,
        error: { kind: 'unknown-method', data: { method } },
      });
      if (reply.type === 'result' && !reply.ok)
        expect(reply.error.message).toBe(`The Loupe backend has no method ${JSON.stringify(method)}.`);
    }
  });

  it('answers malformed calls that carry an id', async () => {
    const [serverSide, clientSide] = memoryChannelPair();
    const status = vi.fn(() => Promise.reject(new Error('must not run')));
    serveContract(methods({ status }), eventSource(), serverSide);
    const caller = rawCaller(clientSide);
    caller.send({ type: 'call', id: 1, method: 42, args: [] });
    caller.send({ type: 'call', id: 2, method: 'status', args: 'not a list' });
    caller.send({ type: 'call', id: 3, method: 'status' });
    expect(await caller.reply(1)).toMatchObject({
      ok: false,
      error: { kind: 'unknown-method', message: 'The Loupe backend has no method number.' },
    });
    expect(await caller.reply(2)).toMatchObject({
      ok: false,
      error: {
        kind: 'unknown-method',
        message: 'The call of status is malformed: its arguments are "not a list", not a list.',
      },
    });
    expect(await caller.reply(3)).toMatchObject({
      ok: false,
      error: {
        kind: 'unknown-method',
        message: 'The call of status is malformed: its arguments are undefined, not a list.',
      },
    });
    expect(status).not.toHaveBeenCalled();
  });

  it('delivers the sendable payloads of an event batch when one of them cannot be sent', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const [serverSide, clientSide] = memoryChannelPair();
    const source = eventSource();
    serveContract(methods({}), source, serverSide, { batchMs: 1 });
    const api = createContractClient(clientSide);
    const seen: string[] = [];
    api.on('onLog', (entry) => seen.push(entry.logger ?? ''));
    source.emit('onLog', { t: 1, level: 'info', logger: 'first', data: null });
    source.emit('onLog', {
      t: 2,
      level: 'info',
      logger: 'deep',
      data: deepValue(100_000) as BackendEvents['onLog']['data'],
    });
    source.emit('onLog', { t: 3, level: 'info', logger: 'third', data: null });
    await vi.waitFor(() => expect(seen).toEqual(['first', 'third']));
    expect(String(vi.mocked(console.error).mock.calls[0]?.[0])).toContain(
      'A onLog event could not be sent to the UI and was dropped: RangeError',
    );
  });
});

describe('the contract client settles every call', () => {
  it('rejects calls still waiting with disconnected when the channel closes, and later calls too', async () => {
    const [serverSide, clientSide] = memoryChannelPair();
    serveContract(methods({ status: () => new Promise(() => undefined) }), eventSource(), serverSide);
    const api = createContractClient(clientSide);
    const waiting = api.status();
    await new Promise((resolve) => setTimeout(resolve, 5));
    clientSide.close();
    expect((await rejection(waiting)).kind).toBe('disconnected');
    expect((await rejection(api.status())).kind).toBe('disconnected');
  });

  it('rejects a call whose arguments cannot be sent, naming the cause', async () => {
    const [, clientSide] = memoryChannelPair();
    const api = createContractClient(clientSide);
    const error = await rejection(api.loadSnapshot(deepValue(100_000) as string));
    expect(error.kind).toBe('internal');
    expect(error.message).toContain('The call of loadSnapshot could not be sent to the backend: RangeError');
  });

  it('turns a malformed error reply into invalid-response', async () => {
    let receiver: ((message: WireMessage) => void) | undefined;
    const channel: MessageChannel = {
      send: (message) => {
        if (message.type === 'call')
          queueMicrotask(() =>
            receiver?.({
              type: 'result',
              id: message.id,
              ok: false,
              error: 'nope',
            } as unknown as WireMessage),
          );
      },
      receive: (listener) => {
        receiver = listener;
      },
    };
    const error = await rejection(createContractClient(channel).status());
    expect(error.kind).toBe('invalid-response');
  });
});

describe('isWireMessage', () => {
  it('lets calls with an id through for an answer and drops what cannot be answered or used', () => {
    expect(isWireMessage({ type: 'call', id: 1, method: 'constructor', args: [] })).toBe(true);
    expect(isWireMessage({ type: 'call', id: 1, method: 'status' })).toBe(true);
    expect(isWireMessage({ type: 'call', method: 'status', args: [] })).toBe(false);
    expect(isWireMessage({ type: 'call', id: '1', method: 'status', args: [] })).toBe(false);
    expect(isWireMessage({ type: 'result', id: 1 })).toBe(false);
    expect(isWireMessage({ type: 'result', id: 1, ok: true, value: 3 })).toBe(true);
    expect(isWireMessage({ type: 'event', event: 'onLog', payloads: {} })).toBe(false);
    expect(isWireMessage({ type: 'event', event: 'toString', payloads: [] })).toBe(false);
    expect(isWireMessage({ type: 'event', event: 'onLog', payloads: [] })).toBe(true);
  });
});
