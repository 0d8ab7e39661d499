/**
 * A scripted backend for renderer tests, carried to the UI through the real contract adapters over an
 * in-memory channel pair (so every payload is JSON-round-tripped as a real carrier would). Not a mock of
 * the SDK: it stands in for src/core's backend, whose own tests run real servers.
 */
import { createContractClient, memoryChannelPair, serveContract } from '../../shared/carrier';
import type { BackendEvents, BackendMethods, EventName, LoupeApi, Settings } from '../../shared/contract';
import { LoupeError } from '../../shared/errors';
import type { Frame } from '../../shared/frames';
import type { JsonObject } from '../../shared/json';
import type { ListKind, ListResult } from '../../shared/lists';
import type { Handshake, SessionStatus } from '../../shared/session';
import { snapshotFormat, type Snapshot } from '../../shared/snapshot';
import type { Target } from '../../shared/target';

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

export function fakeBackend(
  overrides: Partial<BackendMethods> & { lists?: Partial<Record<ListKind, ListResult>> } = {},
): FakeBackend {
  const { lists = {}, ...methodOverrides } = overrides;
  let status: SessionStatus = { state: 'idle' };
  let settings: Settings = { timeoutMs: 10_000, maxTotalMs: 60_000, pageLimit: 64, savedServers: [] };
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  const calls: string[] = [];
  const frames: Frame[] = [];

  const base: BackendMethods = {
    initialTarget: () => Promise.resolve({ transport: 'demo' }),
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
    appCallTool: () => Promise.resolve({ content: [] }),
    appReadResource: () => Promise.resolve({ contents: [] }),
    appNote: () => Promise.resolve(),
    // page limit
    listMore: (kind) => {
      const result = lists[kind];
      return result
        ? Promise.resolve(result)
        : Promise.reject(new LoupeError({ kind: 'usage', message: `No ${kind} listing to go on with.` }));
    },
    // sessions (one session, s1, unless a test scripts more)
    sessions: () => Promise.resolve([{ id: 's1', status, openedAt: 0 }]),
    openSession: () => Promise.reject(new LoupeError({ kind: 'internal', message: 'not scripted' })),
    closeSession: () => Promise.resolve(),
    keptLists: () => Promise.resolve([]),
    pendingServerRequests: () => Promise.resolve([]),
  };
  const methods: BackendMethods = { ...base, ...methodOverrides };
  const recorded = Object.fromEntries(
    Object.entries(methods).map(([name, method]) => [
      name,
      (...args: unknown[]) => {
        calls.push(name);
        return (method as (...a: unknown[]) => Promise<unknown>)(...args);
      },
    ]),
  ) as unknown as BackendMethods;

  const [serverSide, clientSide] = memoryChannelPair();
  serveContract(
    recorded,
    {
      on: (event, listener) => {
        let set = listeners.get(event);
        if (!set) listeners.set(event, (set = new Set()));
        const wrapped = listener as (payload: unknown) => void;
        set.add(wrapped);
        return () => set.delete(wrapped);
      },
    },
    serverSide,
    { batchMs: 1 },
  );
  const emit = <E extends EventName>(event: E, payload: BackendEvents[E]) => {
    if (event === 'onFrames') frames.push(...(payload as Frame[]));
    for (const listener of listeners.get(event) ?? []) listener(payload);
  };
  return { api: createContractClient(clientSide), emit, calls, methods };
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
