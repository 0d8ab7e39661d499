/**
 * A scripted backend for renderer tests, carried to the UI through the real contract adapters over an
 * in-memory channel pair (so every payload is JSON-round-tripped as a real carrier would). Not a mock of
 * the SDK: it stands in for src/core's backend, whose own tests run real servers.
 */
import {
  createContractClient,
  memoryChannelPair,
  serveContract,
  type MethodsFor,
} from '../../shared/carrier';
import {
  sessionlessMethods,
  type BackendEvents,
  type BackendMethods,
  type EventName,
  type LoupeApi,
  type Settings,
} from '../../shared/contract';
import { LoupeError } from '../../shared/errors';
import type { Frame } from '../../shared/frames';
import type { JsonObject } from '../../shared/json';
import type { ListKind, ListOutline, ListProgress, ListResult } from '../../shared/lists';
import type { Handshake, SessionStatus } from '../../shared/session';
import type { SessionInfo } from '../../shared/sessions';
import { snapshotFormat, type Snapshot } from '../../shared/snapshot';
import type { Target } from '../../shared/target';
import { framesToSpans } from '../../shared/trace/framesToSpans';

export const demoHandshake: Handshake = {
  transport: 'stdio',
  requestedProtocolVersion: '2025-11-25',
  protocolVersion: '2025-11-25',
  serverInfo: { name: 'fake-server', version: '1.2.3' },
  capabilities: { tools: { listChanged: true }, resources: {}, prompts: {} },
  roundTripMs: 12,
};

export function makeTools(count: number, make: (index: number) => JsonObject = defaultTool): JsonObject[] {
  return Array.from({ length: count }, (_, index) => make(index));
}

function defaultTool(index: number): JsonObject {
  return { name: `tool_${index}`, description: `Tool number ${index}`, inputSchema: { type: 'object' } };
}

export function listResult(
  kind: ListKind,
  items: JsonObject[],
  pageCount = 1,
  extra: Partial<ListResult> = {},
): ListResult {
  const perPage = Math.ceil(items.length / pageCount) || 0;
  return {
    kind,
    items,
    pages: Array.from({ length: pageCount }, (_, index) => ({
      index: index + 1,
      itemCount: Math.min(perPage, items.length - index * perPage),
      rttMs: 3,
    })),
    complete: true,
    startedAt: 0,
    endedAt: 10,
    ...extra,
  };
}

export interface FakeBackend {
  api: LoupeApi;
  emit<E extends EventName>(event: E, payload: BackendEvents[E]): void;
  /** Method names in call order. */
  calls: string[];
  methods: BackendMethods;
}

export type FakeOverrides = Partial<BackendMethods> & {
  lists?: Partial<Record<ListKind, ListResult>>;
  /** The session's status before any call (a session the backend already held, e.g. across a reload). */
  startStatus?: SessionStatus;
};

/** One scripted session: its methods and the frames it holds (onFrames emitted for it are kept, as a recorder would). */
function fakeSession(
  overrides: FakeOverrides,
  emitProgress: (progress: ListProgress) => void = () => undefined,
): {
  methods: BackendMethods;
  frames: Frame[];
  status: () => SessionStatus;
} {
  const { lists = {}, startStatus, ...methodOverrides } = overrides;
  let status: SessionStatus = startStatus ?? { state: 'idle' };
  let settings: Settings = { timeoutMs: 10_000, maxTotalMs: 60_000, pageLimit: 64, savedServers: [] };
  const frames: Frame[] = [];

  const base: BackendMethods = {
    initialTarget: () => Promise.resolve({ transport: 'demo' }),
    traceSpans: () => Promise.resolve(framesToSpans(frames)),
    traceReceiver: () => Promise.resolve({ listening: false }),
    exportTraces: () =>
      Promise.reject(new LoupeError({ kind: 'usage', message: 'The fake backend exports nothing.' })),
    connect: (target: Target) => {
      status = { state: 'connected', target, handshake: demoHandshake };
      return Promise.resolve(status);
    },
    disconnect: () => {
      if (status.state !== 'idle') status = { state: 'closed', target: status.target };
      return Promise.resolve();
    },
    status: () => Promise.resolve(status),
    list: (kind) => Promise.resolve(lists[kind] ?? listResult(kind, [])),
    lint: () => Promise.resolve({ findings: [], summary: emptySummary(lists.tools?.items.length ?? 0) }),
    // No host profiles here (they are core's): an empty report; tests that need verdicts override it.
    portability: () =>
      Promise.resolve({
        report: { hosts: [], tools: [], counts: {} },
        costs: {
          tools: [],
          total: { o200k: 0, cl100k: 0, claudeEstimate: 0 },
          method: 'none (fake backend)',
        },
        complete: true,
      }),
    portabilityCosts: () => Promise.reject(new LoupeError({ kind: 'internal', message: 'replaced below' })),
    callTool: () => Promise.reject(new LoupeError({ kind: 'internal', message: 'not scripted' })),
    cancelCall: () => Promise.resolve(),
    readResource: (uri) =>
      Promise.resolve({ contents: [{ uri, mimeType: 'text/plain', text: `contents of ${uri}` }] }),
    getPrompt: (name, args) =>
      Promise.resolve({
        messages: [{ role: 'user', content: { type: 'text', text: `${name}:${JSON.stringify(args)}` } }],
      }),
    answerServerRequest: () => Promise.resolve(),
    frames: (after, limit) => Promise.resolve(frames.filter((frame) => frame.seq > after).slice(0, limit)),
    recorderStats: () =>
      Promise.resolve({ total: frames.length, held: frames.length, overflow: 0, limit: 200_000 }),
    createSnapshot: () => Promise.resolve({ fileName: 'snapshot.json', text: '{}' }),
    loadSnapshot: (text) => {
      try {
        const parsed = JSON.parse(text) as Snapshot;
        if (parsed.format === snapshotFormat) return Promise.resolve(parsed);
      } catch {
        // falls through to the error below
      }
      return Promise.reject(
        new LoupeError({ kind: 'snapshot-invalid', message: 'not a loupe.snapshot/1 file' }),
      );
    },
    getSettings: () => Promise.resolve(settings),
    saveSettings: (next) => {
      settings = next;
      return Promise.resolve(settings);
    },
    // compare
    compareSnapshots: () => Promise.reject(new LoupeError({ kind: 'internal', message: 'not scripted' })),
    compareLists: () => Promise.reject(new LoupeError({ kind: 'internal', message: 'not scripted' })),
    security: () => Promise.resolve({ server: 'fake', findings: [], pin: null, incomplete: [] }),
    acceptPin: () => Promise.resolve({ server: 'fake', findings: [], pin: null, incomplete: [] }),
    securityAcrossSessions: () => Promise.resolve([]),
    checkCollection: () => Promise.reject(new LoupeError({ kind: 'internal', message: 'not scripted' })),
    draftCollectionStep: () => Promise.reject(new LoupeError({ kind: 'internal', message: 'not scripted' })),
    runCollection: () => Promise.reject(new LoupeError({ kind: 'internal', message: 'not scripted' })),
    serveReplay: () => Promise.reject(new LoupeError({ kind: 'internal', message: 'not scripted' })),
    stopReplay: () => Promise.resolve(),
    proposeConfigTap: () => Promise.reject(new LoupeError({ kind: 'internal', message: 'not scripted' })),
    writeConfigTap: () => Promise.reject(new LoupeError({ kind: 'internal', message: 'not scripted' })),
    setTapFaults: () => Promise.reject(new LoupeError({ kind: 'usage', message: 'not a tapped session' })),
    stopAgentSession: () =>
      Promise.reject(new LoupeError({ kind: 'usage', message: "not an agent's session" })),
    // tasks
    listTasks: () => Promise.resolve([]),
    listServerTasks: () => Promise.resolve({ supported: false, reason: 'not scripted' }),
    // client configs
    readConfig: (source) =>
      Promise.resolve({ path: source.path, client: 'generic', exists: true, servers: [] }),
    knownConfigs: () => Promise.resolve([]),
    // auth
    authSteps: () => Promise.resolve([]),
    signOut: () => Promise.resolve(0),
    // MCP Apps
    openApp: (uri) =>
      Promise.reject(new LoupeError({ kind: 'app-invalid', message: `${uri}: no app in the fake backend` })),
    appCallTool: () => Promise.resolve({ status: 'done', result: { content: [] } }),
    appConsent: () => Promise.resolve({ content: [] }),
    appReadResource: () => Promise.resolve({ contents: [] }),
    appRecord: () => Promise.resolve(),
    // page limit
    listMore: (kind) => {
      const result = lists[kind];
      return result
        ? Promise.resolve(result)
        : Promise.reject(new LoupeError({ kind: 'usage', message: `No ${kind} listing to go on with.` }));
    },
    // Made from list and listMore below, unless a test scripts them itself.
    listOutline: () => Promise.reject(new LoupeError({ kind: 'internal', message: 'not scripted' })),
    listMoreOutline: () => Promise.reject(new LoupeError({ kind: 'internal', message: 'not scripted' })),
    // sessions (one session, s1, unless a test scripts more)
    sessions: () => Promise.resolve([{ id: 's1', status, openedAt: 0 }]),
    openSession: () => Promise.reject(new LoupeError({ kind: 'internal', message: 'not scripted' })),
    closeSession: () => Promise.resolve(),
    keptLists: () => Promise.resolve([]),
    pendingServerRequests: () => Promise.resolve([]),
    answeredServerRequests: () => Promise.resolve([]),
    keptCalls: () => Promise.resolve([]),
    keptListChanges: () => Promise.resolve([]),
    listSkills: () =>
      Promise.reject(
        new LoupeError({ kind: 'skills-not-offered', message: 'The fake server declares no skills.' }),
      ),
    loadSkill: () =>
      Promise.reject(
        new LoupeError({ kind: 'skills-not-offered', message: 'The fake server declares no skills.' }),
      ),
    conformChoices: () =>
      Promise.reject(
        new LoupeError({ kind: 'usage', message: 'The fake backend runs no conformance suite.' }),
      ),
    runConformance: () =>
      Promise.reject(
        new LoupeError({ kind: 'usage', message: 'The fake backend runs no conformance suite.' }),
      ),
  };
  const methods: BackendMethods = { ...base, ...methodOverrides };
  // The outlines follow the scripted list and listMore as the backend's do: the items cross once, as the walk's rows.
  let walks = 0;
  const outlined =
    (from: (kind: ListKind) => number) =>
    (kind: ListKind, result: ListResult): ListOutline => {
      walks += 1;
      const start = Math.min(from(kind), result.items.length);
      emitProgress({
        kind,
        pages: result.pages.length,
        items: result.items.length,
        rows: result.items.slice(start),
        offset: start,
        walk: walks,
        last: true,
      });
      const { items, ...rest } = result;
      return { ...rest, walk: walks, itemCount: items.length, from: start };
    };
  const kept = new Map<ListKind, number>();
  if (!methodOverrides.listOutline)
    methods.listOutline = (kind) =>
      methods.list(kind).then((result) => {
        kept.set(kind, result.items.length);
        return outlined(() => 0)(kind, result);
      });
  if (!methodOverrides.listMoreOutline)
    methods.listMoreOutline = (kind, pages) =>
      methods.listMore(kind, pages).then((result) => {
        const outline = outlined((listed) => kept.get(listed) ?? 0)(kind, result);
        kept.set(kind, result.items.length);
        return outline;
      });
  // The costs follow the scripted report unless a test scripts them itself.
  if (!methodOverrides.portabilityCosts)
    methods.portabilityCosts = () =>
      methods.portability().then(({ costs, complete }) => ({ costs, complete }));
  return { methods, frames, status: () => status };
}

type Listener = (payload: unknown, session?: string) => void;

/** The event side both fakes serve: listeners per event, each payload tagged with its session (or none). */
function eventHub() {
  const listeners = new Map<EventName, Set<Listener>>();
  return {
    on: <E extends EventName>(event: E, listener: (payload: BackendEvents[E], session?: string) => void) => {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      const wrapped = listener as Listener;
      set.add(wrapped);
      return () => {
        set.delete(wrapped);
      };
    },
    emit: (event: EventName, payload: unknown, session?: string) => {
      for (const listener of listeners.get(event) ?? []) listener(payload, session);
    },
  };
}

function recording(methods: BackendMethods, record: (name: string) => void): BackendMethods {
  return Object.fromEntries(
    Object.entries(methods).map(([name, method]) => [
      name,
      (...args: unknown[]) => {
        record(name);
        return (method as (...a: unknown[]) => Promise<unknown>)(...args);
      },
    ]),
  ) as unknown as BackendMethods;
}

export function fakeBackend(overrides: FakeOverrides = {}): FakeBackend {
  const hub = eventHub();
  const session = fakeSession(overrides, (progress) => hub.emit('onListProgress', progress));
  const calls: string[] = [];
  const [serverSide, clientSide] = memoryChannelPair();
  serveContract(
    recording(session.methods, (name) => calls.push(name)),
    hub,
    serverSide,
    { batchMs: 1 },
  );
  const emit = <E extends EventName>(event: E, payload: BackendEvents[E]) => {
    if (event === 'onFrames') session.frames.push(...(payload as Frame[]));
    hub.emit(event, payload);
  };
  return { api: createContractClient(clientSide), emit, calls, methods: session.methods };
}

export interface FakeSessionsBackend {
  api: LoupeApi;
  /** An event of one session (tagged as the real session host tags them), or of none. */
  emit<E extends EventName>(event: E, payload: BackendEvents[E], session?: string): void;
  /** Every call in order, with the session it named (undefined: none). */
  calls: { method: string; session: string | undefined }[];
  /** The sessions held now, in the order opened. */
  sessionIds(): string[];
  /** One session's methods (as scripted), or undefined once it is closed. */
  methodsOf(id: string): BackendMethods | undefined;
  /** Opens a session as another window would (onSessions is emitted). */
  open(): string;
}

/**
 * Several scripted sessions behind one contract, served as the real session host serves them: a MethodsFor
 * routes each call to the session it names (none: the first, opened on demand), sessions()/openSession()/
 * closeSession() keep the list, a call naming an unknown session fails with kind 'no-session'.
 */
export function fakeSessionsBackend(
  make: (id: string) => FakeOverrides = () => ({}),
  initial = 0,
): FakeSessionsBackend {
  const held = new Map<string, ReturnType<typeof fakeSession> & { openedAt: number }>();
  const calls: FakeSessionsBackend['calls'] = [];
  const hub = eventHub();
  const spare = fakeSession(make('spare'), (progress) => hub.emit('onListProgress', progress));
  let opened = 0;
  const infos = () =>
    [...held].map(([id, entry]) => ({ id, status: entry.status(), openedAt: entry.openedAt }));
  const open = (): string => {
    const id = `s${++opened}`;
    held.set(id, {
      ...fakeSession(make(id), (progress) => hub.emit('onListProgress', progress, id)),
      openedAt: opened,
    });
    hub.emit('onSessions', infos());
    return id;
  };
  for (let index = 0; index < initial; index += 1) open();
  const host: Pick<BackendMethods, 'sessions' | 'openSession'> = {
    sessions: () => Promise.resolve(infos()),
    openSession: () => {
      const id = open();
      return Promise.resolve(infos().find((info) => info.id === id) as SessionInfo);
    },
  };
  const methodsFor: MethodsFor = (session, method) => {
    calls.push({ method, session });
    if (method === 'sessions' || method === 'openSession') return host as BackendMethods;
    if ((sessionlessMethods as readonly string[]).includes(method)) return spare.methods;
    const id = session ?? held.keys().next().value ?? open();
    const entry = held.get(id);
    if (!entry) throw new LoupeError({ kind: 'no-session', message: `There is no session "${id}".` });
    if (method !== 'closeSession') return entry.methods;
    return {
      ...entry.methods,
      closeSession: () => {
        held.delete(id);
        hub.emit('onSessions', infos());
        return Promise.resolve();
      },
    };
  };
  const [serverSide, clientSide] = memoryChannelPair();
  serveContract(methodsFor, hub, serverSide, { batchMs: 1 });
  const emit = <E extends EventName>(event: E, payload: BackendEvents[E], session?: string) => {
    if (event === 'onFrames' && session !== undefined)
      held.get(session)?.frames.push(...(payload as Frame[]));
    hub.emit(event, payload, session);
  };
  return {
    api: createContractClient(clientSide),
    emit,
    calls,
    sessionIds: () => [...held.keys()],
    methodsOf: (id) => held.get(id)?.methods,
    open,
  };
}

export function emptySummary(toolCount: number) {
  return {
    toolCount,
    fields: {
      name: toolCount,
      inputSchema: toolCount,
      annotations: 0,
      description: toolCount,
      title: 0,
      outputSchema: 0,
      icons: 0,
      'execution.taskSupport': 0,
    },
    naming: { snake_case: toolCount, 'kebab-case': 0, camelCase: 0, other: 0 },
    nameLength: toolCount === 0 ? null : { min: 6, median: 7, max: 9 },
  };
}

export function frame(seq: number, patch: Partial<Frame> = {}): Frame {
  const raw = patch.raw ?? JSON.stringify({ jsonrpc: '2.0', id: seq, method: 'tools/list' });
  return {
    seq,
    t: seq * 10,
    wall: 1_760_000_000_000 + seq,
    direction: 'out',
    kind: 'request',
    raw,
    bytes: raw.length,
    method: 'tools/list',
    id: seq,
    ...patch,
  };
}

/** jsdom has no layout: give scroll containers a size so the virtualiser renders rows. */
export function giveElementsASize(height = 800, width = 1000): void {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => height });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => width });
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => height });
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', { configurable: true, get: () => width });
}
