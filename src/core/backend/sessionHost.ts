/**
 * Several sessions at once. The host keeps one session backend per session ("s1", "s2", …), each with its own
 * connection, recorder, lists, calls and server requests, and routes every call to the session it names; a
 * call that names none goes to the first session (opened on demand), so one-session callers (the CLI, older
 * tests) are unchanged. Each session's events are re-emitted tagged with its name. Sessions outlive the
 * carrier that opened them: a reloaded page (or a second window) re-attaches to them with sessions().
 */
import {
  eventNames,
  methodNames,
  sessionlessMethods,
  type BackendMethods,
  type MethodName,
} from '../../shared/contract.js';
import { LoupeError } from '../../shared/errors.js';
import type { SessionStatus } from '../../shared/session.js';
import type { SessionInfo } from '../../shared/sessions.js';
import type { Backend, BackendOptions, SessionBackend } from './createBackend.js';
import { createEventHub } from './eventHub.js';
import { createSettingsStore, type SettingsStore } from './settingsStore.js';
import { ProbeBook } from '../tap/liveProbes.js';

interface Entry {
  id: string;
  backend: SessionBackend;
  openedAt: number;
  status: SessionStatus;
  stop: () => void;
}

const sessionless = new Set<MethodName>(sessionlessMethods);

function noSession(session: string): LoupeError {
  return new LoupeError({
    kind: 'no-session',
    message: `There is no session ${JSON.stringify(session.length > 40 ? `${session.slice(0, 40)}…` : session)}: it was closed, or the backend restarted since.`,
    data: { session: session.slice(0, 200) },
  });
}

export function createSessionHost(
  options: BackendOptions,
  makeSession: (shared: { settingsStore: SettingsStore; id?: string }) => SessionBackend,
): Backend {
  const hub = createEventHub();
  const settingsStore = createSettingsStore(options.settingsPath, options.secretStore);
  const sessions = new Map<string, Entry>();
  let opened = 0;
  /** The DiscoverResults hosts got through their taps, for their other taps (a v2 client's era probe). */
  const probes = new ProbeBook();
  let disposed = false;
  /** Serves the methods that name no session (settings, snapshots files, configs): never connected, never listed. */
  let spare: SessionBackend | undefined;

  const infos = (): SessionInfo[] =>
    [...sessions.values()].map(({ id, status, openedAt }) => ({ id, status, openedAt }));

  const open = (): Entry => {
    if (disposed) throw new LoupeError({ kind: 'disconnected', message: 'This backend was closed.' });
    const id = `s${++opened}`;
    const backend = makeSession({ settingsStore, id });
    const entry: Entry = {
      id,
      backend,
      openedAt: Date.now(),
      status: { state: 'idle' },
      stop: () => undefined,
    };
    const unsubscribers = eventNames.map((event) =>
      backend.events.on(event, (payload) => {
        if (event === 'onStatus') entry.status = payload as SessionStatus;
        hub.emit(event, payload, id);
      }),
    );
    entry.stop = () => {
      for (const unsubscribe of unsubscribers) unsubscribe();
    };
    sessions.set(id, entry);
    hub.emit('onSessions', infos());
    return entry;
  };

  const entryFor = (session: string | undefined): Entry => {
    if (session === undefined) return sessions.values().next().value ?? open();
    const entry = sessions.get(session);
    if (!entry) throw noSession(session);
    return entry;
  };

  const close = async (entry: Entry) => {
    if (sessions.get(entry.id) !== entry) return;
    sessions.delete(entry.id);
    await entry.backend.methods.disconnect().catch(() => undefined);
    entry.stop();
    await entry.backend.dispose().catch(() => undefined);
    hub.emit('onSessions', infos());
  };

  const hostMethods: Pick<BackendMethods, 'sessions' | 'openSession'> = {
    sessions: () => Promise.resolve(infos()),
    openSession: () => {
      const { id, status, openedAt } = open();
      return Promise.resolve({ id, status, openedAt });
    },
  };

  const methodsFor = (session: string | undefined, method: MethodName): BackendMethods => {
    if (method === 'sessions' || method === 'openSession') return hostMethods as BackendMethods;
    if (sessionless.has(method)) {
      if (disposed) throw new LoupeError({ kind: 'disconnected', message: 'This backend was closed.' });
      spare ??= makeSession({ settingsStore });
      return spare.methods;
    }
    const entry = entryFor(session);
    if (method === 'closeSession') return { ...entry.backend.methods, closeSession: () => close(entry) };
    return entry.backend.methods;
  };

  const methods = Object.fromEntries(
    methodNames.map((method) => [
      method,
      (...args: unknown[]) =>
        Promise.resolve().then(() => {
          const target = methodsFor(undefined, method);
          return (Reflect.get(target, method) as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        }),
    ]),
  ) as unknown as BackendMethods;

  return {
    methods,
    methodsFor,
    events: hub,
    adopt(tap) {
      const entry = open();
      entry.backend.adopt(tap, probes);
      tap.welcome(entry.id);
      return entry.id;
    },
    async dispose() {
      if (disposed) return;
      disposed = true;
      const all = [...sessions.values()];
      await Promise.all(all.map((entry) => close(entry)));
      await spare?.dispose().catch(() => undefined);
      hub.clear();
    },
  };
}
