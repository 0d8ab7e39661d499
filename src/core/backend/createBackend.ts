/**
 * The backend: every method of the contract, over one MCP session at a time.
 *
 * Lists are walked when the UI asks (`list(kind)`), not on connect: the UI decides which lists it shows and
 * when, and two concurrent asks for the same kind share one walk. The latest result of each kind is kept
 * (for lint, calls' output schemas and snapshots) and list_changed notifications re-walk that kind and push
 * onListChanged. A failed connect keeps its recorder, so its frames stay visible and savable.
 */
import type { BackendMethods, CallRequest, LintReport, Settings } from '../../shared/contract.js';
import type { EventSourceLike, MethodsFor } from '../../shared/carrier.js';
import { LoupeError, toErrorData, type LoupeErrorData } from '../../shared/errors.js';
import type { Frame, RecorderStats } from '../../shared/frames.js';
import { isJsonObject, stringField, type JsonObject } from '../../shared/json.js';
import { listKinds, type ListKind, type ListResult } from '../../shared/lists.js';
import { isRequestTimeout, maxRequestTimeoutMs, type CallOutcome, type SessionOptions, type SessionStatus } from '../../shared/session.js';
import type { StdioTarget, Target } from '../../shared/target.js';
import { createAppMethods } from '../apps/appMethods.js';
import { appFindings } from '../apps/appChecks.js';
import type { AppSandbox } from '../apps/sandboxServer.js';
import { callTool } from '../calls/callTool.js';
import { sessionFindings } from '../lint/sessionFindings.js';
import { lintTools } from '../lint/lintTools.js';
import { summarizeTools } from '../lint/summarizeTools.js';
import { walkList } from '../lists/pageWalker.js';
import { watchLists } from '../lists/listWatcher.js';
import { silentChangeDiagnosis } from '../doctor/listDiagnosis.js';
import { FrameRecorder } from '../recorder/frameRecorder.js';
import { connect } from '../session/connect.js';
import { parseSnapshot } from '../snapshot/parseSnapshot.js';
import type { McpSession } from '../types.js';
import { createCompareMethods } from './compareMethods.js';
import { liveSessionSnapshot } from './compareLive.js';
import { createEventHub } from './eventHub.js';
import { createFrameBatcher, type FrameBatcher } from './frameBatcher.js';
import { jsonTextDepth, maxSnapshotDepth } from './jsonDepth.js';
import { answerableMethods, ServerRequestDesk } from './serverRequests.js';
import { buildSessionSnapshot } from './sessionSnapshot.js';
import type { SecretStore } from './secretStore.js';
import { createSettingsStore, parseTarget, type SettingsStore } from './settingsStore.js';
import { createSessionHost } from './sessionHost.js';
import { TaskBook } from './taskBook.js';
import { SessionMemory } from './sessionMemory.js';
import { listServerTasks } from '../tasks/serverTasks.js';
import { configMethods } from './configMethods.js';
import { createCollectionMethods } from './collectionMethods.js';
import { createPortabilityMethods } from './portabilityMethods.js';
import { createReplayMethods } from './replayMethods.js';
import { createSkillsMethods } from './skillsMethods.js';
import { authDirectoryFor, createAuthDesk } from './authSession.js';
import { createSecurityMethods, createSecurityRegistry, serverName, toolNames, toolSecurityFindings, type SecurityPeer, type SecurityRegistry } from './securityMethods.js';

export interface BackendOptions {
  /** The target given on the command line; undefined or null for none. */
  initialTarget?: Target | null;
  /** Where the embedded demo server lives, as a stdio target. */
  resolveDemo: () => StdioTarget;
  /** The settings file (JSON); without it settings live in memory. */
  settingsPath?: string;
  /** Seals secret settings values (the OS keychain in the desktop app); without one they are not saved. */
  secretStore?: SecretStore;
  /** Session options under every connect's own (e.g. a journal path from the command line). */
  sessionDefaults?: SessionOptions;
  // auth
  /** Where sign-ins are kept (default: auth/ beside the settings file; none: in memory for one connection). */
  authDirectory?: string;
  /** MCP Apps: the sandbox origin that serves the apps' proxy page (the browser host's or the desktop app's). */
  appSandbox?: AppSandbox;
}

export interface Backend {
  /** The methods as served to a call that names no session: the first session's (opened on demand). */
  methods: BackendMethods;
  /** The methods of the session a call names: what carriers serve (serveContract). */
  methodsFor: MethodsFor;
  /** Every event, tagged with its session. */
  events: EventSourceLike;
  dispose(): Promise<void>;
}

/** One session of a backend: the contract's per-session methods and its own (untagged) events. */
export interface SessionBackend {
  methods: BackendMethods;
  events: EventSourceLike;
  dispose(): Promise<void>;
}

/** The backend: several sessions at once, each its own connection, recorder, lists and calls (see sessionHost.ts). */
export function createBackend(options: BackendOptions): Backend {
  const securityRegistry = createSecurityRegistry(options.settingsPath);
  return createSessionHost(options, (shared) => createSessionBackend({ ...options, settingsStore: shared.settingsStore, securityRegistry }));
}

/** Everything that belongs to one connection attempt; kept after it ends so its record stays visible. */
interface Attempt {
  number: number;
  target: Target;
  options: SessionOptions;
  recorder: FrameRecorder;
  batcher: FrameBatcher;
  session?: McpSession;
  error?: LoupeErrorData;
  lists: Map<ListKind, ListResult>;
  walks: Map<ListKind, Promise<ListResult>>;
  calls: Map<string, AbortController>;
  desk: ServerRequestDesk;
  /** Its calls and list_changed re-walks, for a UI that re-attaches. */
  memory: SessionMemory;
  tasks?: TaskBook;
  stopWatching?: () => void;
  stopRecording: () => void;
  /** Disconnected or replaced: a connect still in flight must not bring it back. */
  ended: boolean;
}

const emptyStats: RecorderStats = { total: 0, held: 0, overflow: 0, limit: 0 };
const maxFramesPerCall = 50_000;

function notConnected(): LoupeError {
  return new LoupeError({ kind: 'not-connected', message: 'Not connected to a server: connect first.' });
}

/** One session: everything of the contract over one MCP connection at a time. */
export function createSessionBackend(options: BackendOptions & { settingsStore?: SettingsStore; securityRegistry?: SecurityRegistry }): SessionBackend {
  const hub = createEventHub();
  const settingsStore = options.settingsStore ?? createSettingsStore(options.settingsPath, options.secretStore);
  let status: SessionStatus = { state: 'idle' };
  let attempt: Attempt | undefined;
  let attempts = 0;
  let disposed = false;
  const authDirectory = options.authDirectory ?? authDirectoryFor(options.settingsPath);
  const authDesk = createAuthDesk({ ...(authDirectory ? { directory: authDirectory } : {}), ...(options.secretStore ? { secretStore: options.secretStore } : {}) }, hub);

  const setStatus = (next: SessionStatus) => {
    status = next;
    hub.emit('onStatus', next);
  };

  const live = (): { current: Attempt; session: McpSession } => {
    const current = attempt;
    if (!current?.session || !current.session.isOpen || status.state !== 'connected') throw notConnected();
    return { current, session: current.session };
  };

  // The security lens: this session as a peer that other sessions' shadowing checks see, and its pin.
  const securityRegistry = options.securityRegistry ?? createSecurityRegistry(options.settingsPath);
  const securityPeer: SecurityPeer = {
    tools() {
      const current = attempt;
      if (!current?.session?.isOpen) return undefined;
      return { server: serverName(current.session.handshake, current.target), tools: toolNames(current.lists.get('tools')?.items) };
    },
  };
  const leaveSecurityRegistry = securityRegistry.register(securityPeer);
  /** The connected session with its per-request timeout and page limit (what skills and collections run with). */
  const liveWithOptions = () => {
    const { current, session } = live();
    return { session, pageLimit: current.options.pageLimit, timeoutMs: current.options.timeoutMs };
  };
  const skills = createSkillsMethods(liveWithOptions);

  /** Ends the current attempt's session (if any); its recorder and lists stay for frames() and snapshots. */
  const endSession = async (current: Attempt) => {
    current.ended = true;
    current.stopWatching?.();
    current.stopWatching = undefined;
    for (const controller of current.calls.values()) controller.abort('the session was closed');
    current.calls.clear();
    current.desk.abandon('the session was closed');
    const session = current.session;
    if (session?.isOpen) await session.close().catch(() => undefined);
    current.batcher.flush();
  };

  const sessionOptions = async (given: SessionOptions | undefined): Promise<SessionOptions> => {
    const settings = await settingsStore.load();
    const timeoutMs = given?.timeoutMs;
    if (timeoutMs !== undefined && !isRequestTimeout(timeoutMs)) {
      throw new LoupeError({
        kind: 'usage',
        message: `The request timeout must be a whole number of milliseconds from 1 to ${maxRequestTimeoutMs}; got ${JSON.stringify(timeoutMs)}.`,
      });
    }
    return {
      timeoutMs: settings.timeoutMs,
      maxTotalMs: settings.maxTotalMs,
      pageLimit: settings.pageLimit,
      ...(settings.extensions ? { extensions: settings.extensions } : {}),
      ...options.sessionDefaults,
      ...given,
      // A connection that waits longer per request than the total allows would be cut at the total: raise it.
      ...(timeoutMs !== undefined ? { maxTotalMs: Math.max(timeoutMs, given?.maxTotalMs ?? settings.maxTotalMs) } : {}),
      offer: { sampling: true, elicitation: true, roots: true, ...options.sessionDefaults?.offer, ...given?.offer },
    };
  };

  /** `more`: go on from the kept listing's last cursor for that many pages (page limit: listMore). */
  const allPagesLimit = 100_000; // "Fetch all" still ends: an endless server stops here, at settings' maximum.
  const walk = (current: Attempt, session: McpSession, kind: ListKind, more?: number | 'all'): Promise<ListResult> => {
    const running = current.walks.get(kind);
    if (running) return running;
    const resume = more !== undefined ? current.lists.get(kind) : undefined;
    const promise = walkList(session, kind, {
      pageLimit: more === undefined ? current.options.pageLimit : more === 'all' ? allPagesLimit : more,
      ...(resume ? { resume } : {}),
      timeoutMs: current.options.timeoutMs,
      onProgress: (progress) => hub.emit('onListProgress', progress),
    })
      .then((walked) => {
        // A re-listing that changed without list_changed carries the doctor's stale-list advice.
        const before = resume ? undefined : current.lists.get(kind);
        const silent = before && !walked.doctor ? silentChangeDiagnosis(before, walked, session.recorder.frames(before.pages.at(-1)?.responseSeq ?? 0)) : undefined;
        const result = silent ? { ...walked, doctor: silent } : walked;
        current.lists.set(kind, result);
        return result;
      })
      .finally(() => current.walks.delete(kind));
    current.walks.set(kind, promise);
    return promise;
  };

  /** A list as last walked, walked now if never: the lenses (security, portability) follow list_changed through it. */
  const listed = (current: Attempt, session: McpSession, kind: ListKind): Promise<ListResult> => {
    const kept = current.lists.get(kind);
    return kept ? Promise.resolve(kept) : walk(current, session, kind);
  };

  const wireSession = (current: Attempt, session: McpSession) => {
    session.onNotification((method, params) => {
      if (method !== 'notifications/message' || !params) return;
      hub.emit('onLog', {
        t: session.now(),
        level: typeof params.level === 'string' ? params.level : 'info',
        ...(typeof params.logger === 'string' ? { logger: params.logger } : {}),
        data: params.data ?? null,
      });
    });
    for (const method of answerableMethods) {
      session.setRequestHandler(method, (params, _id, { signal }) => {
        const roots = current.options.roots;
        if (method === 'roots/list' && roots) return Promise.resolve({ roots } as JsonObject);
        const { request, answer } = current.desk.open(method, params, session.now(), signal);
        hub.emit('onServerRequest', request);
        return answer;
      });
    }
    current.stopWatching = watchLists(session, {
      pageLimit: current.options.pageLimit,
      timeoutMs: current.options.timeoutMs,
      current: (kind: ListKind) => current.lists.get(kind),
      onChange: (diff, result) => {
        current.memory.listChanged(current.lists.get(result.kind)?.items ?? [], diff, result);
        current.lists.set(result.kind, result);
        hub.emit('onListChanged', { diff, result });
      },
    });
    session.closed
      .then((reason) => {
        if (attempt !== current || disposed) return;
        current.error = reason;
        current.desk.abandon(reason?.message ?? 'the connection closed');
        current.stopWatching?.();
        current.batcher.flush();
        if (status.state === 'connected') setStatus({ state: 'closed', target: current.target, ...(reason ? { reason } : {}) });
      })
      .catch(() => undefined);
  };

  const replays = createReplayMethods();
  const methods: BackendMethods = {
    initialTarget: () => Promise.resolve(options.initialTarget ?? null),

    async connect(given, givenOptions) {
      if (disposed) throw new LoupeError({ kind: 'disconnected', message: 'This backend was closed.' });
      const target = parseTarget(given);
      if (!target) throw new LoupeError({ kind: 'invalid-target', message: 'The target is not one Loupe understands.' });
      if (attempt) await endSession(attempt);
      attempt?.stopRecording();
      const effective = await sessionOptions(givenOptions);
      const recorder = new FrameRecorder({ limit: effective.frameLimit, journalPath: effective.journalPath });
      const batcher = createFrameBatcher((frames) => hub.emit('onFrames', frames));
      const current: Attempt = {
        number: ++attempts,
        target,
        options: effective,
        recorder,
        batcher,
        lists: new Map(),
        walks: new Map(),
        calls: new Map(),
        desk: new ServerRequestDesk(`r${attempts}`, (closed) => hub.emit('onServerRequestClosed', closed)),
        memory: new SessionMemory(),
        stopRecording: recorder.subscribe((frame) => batcher.push(frame)),
        ended: false,
      };
      attempt = current;
      setStatus({ state: 'connecting', target });
      try {
        const dial = target.transport === 'demo' ? options.resolveDemo() : target;
        const authFetch = dial.transport === 'stdio' ? undefined : authDesk.composer(dial, effective.auth, recorder, effective.timeoutMs);
        const session = await connect(dial, { ...effective, recorder, ...(authFetch ? { authFetch } : {}) });
        if (current.ended || disposed) {
          await session.close().catch(() => undefined);
          throw new LoupeError({ kind: 'cancelled', message: 'The connection was closed before it was established.' });
        }
        current.session = session;
        wireSession(current, session);
        batcher.flush();
        const next: SessionStatus = {
          state: 'connected',
          target,
          handshake: session.handshake,
          ...(effective.timeoutMs !== undefined ? { requestTimeoutMs: effective.timeoutMs } : {}),
        };
        setStatus(next);
        return next;
      } catch (error) {
        const reason = toErrorData(error);
        batcher.flush();
        if (attempt === current) {
          current.error = reason;
          setStatus({ state: 'closed', target, reason });
        }
        throw error instanceof LoupeError ? error : new LoupeError(reason, { cause: error });
      }
    },

    async disconnect() {
      authDesk.cancel();
      const current = attempt;
      if (!current) return;
      await endSession(current);
      if (attempt === current && status.state !== 'idle') setStatus({ state: 'closed', target: current.target });
    },

    status: () => Promise.resolve(status),

    list(kind) {
      if (!listKinds.includes(kind)) return Promise.reject(new LoupeError({ kind: 'usage', message: `No list kind "${String(kind)}".` }));
      const { current, session } = live();
      return walk(current, session, kind);
    },

    async lint(): Promise<LintReport> {
      const current = attempt;
      if (!current) throw notConnected();
      const tools = current.session?.isOpen ? await listed(current, current.session, 'tools') : current.lists.get('tools');
      const items = tools?.items ?? [];
      const session = current.session;
      const ofSession = session ? sessionFindings(session.handshake, session.recorder.frames()) : [];
      const apps = session?.isOpen ? await appFindings(items, () => walk(current, session, 'resources'), (uri) => session.request('resources/read', { uri }, { timeoutMs: current.options.timeoutMs })) : [];
      const security = toolSecurityFindings({ tools: items }, securityRegistry.others(securityPeer));
      return { findings: [...lintTools(items), ...ofSession, ...apps, ...security], summary: summarizeTools(items) };
    },

    async callTool(request: CallRequest): Promise<CallOutcome> {
      const { current, session } = live();
      if (current.calls.has(request.callId)) throw new LoupeError({ kind: 'usage', message: `A call ${request.callId} is already running.` });
      const controller = new AbortController();
      current.calls.set(request.callId, controller);
      const args = isJsonObject(request.arguments) ? request.arguments : {};
      current.memory.callStarted(request.callId, request.tool, args);
      try {
        const outcome = await callTool(
          session,
          {
            tool: request.tool,
            arguments: args,
            callId: request.callId,
            timeoutMs: request.timeoutMs ?? current.options.timeoutMs,
            maxTotalMs: current.options.maxTotalMs,
            signal: controller.signal,
            onProgress: (progress) => hub.emit('onProgress', progress),
            ...(request.taskMode === 'task' ? { taskMode: 'task' as const } : {}),
            listingComplete: current.lists.get('tools')?.complete ?? false,
            onTask: (record) => {
              (current.tasks ??= new TaskBook()).put(record);
              hub.emit('onTask', record);
            },
          },
          current.lists.get('tools')?.items ?? [],
        );
        current.memory.callEnded(request.callId, { outcome });
        return outcome;
      } catch (error) {
        current.memory.callEnded(request.callId, { error: toErrorData(error) });
        throw error;
      } finally {
        current.calls.delete(request.callId);
      }
    },

    cancelCall(callId) {
      attempt?.calls.get(callId)?.abort();
      return Promise.resolve();
    },

    async readResource(uri) {
      const { session, current } = live();
      return (await session.request('resources/read', { uri }, { timeoutMs: current.options.timeoutMs })).result;
    },

    async getPrompt(name, args) {
      const { session, current } = live();
      const stringArgs: JsonObject = {};
      for (const [key, value] of Object.entries(args ?? {})) if (typeof value === 'string') stringArgs[key] = value;
      return (await session.request('prompts/get', { name, arguments: stringArgs }, { timeoutMs: current.options.timeoutMs })).result;
    },

    answerServerRequest(requestId, answer, outcome) {
      const current = attempt;
      if (!current) return Promise.reject(notConnected());
      current.desk.answer(requestId, answer, outcome);
      return Promise.resolve();
    },

    frames(after, limit) {
      const current = attempt;
      if (!current) return Promise.resolve<Frame[]>([]);
      const count = Number.isFinite(limit) && limit > 0 ? Math.min(Math.floor(limit), maxFramesPerCall) : maxFramesPerCall;
      return Promise.resolve(current.recorder.frames(Number.isFinite(after) ? after : 0, count));
    },

    recorderStats: () => Promise.resolve(attempt ? attempt.recorder.stats() : emptyStats),

    createSnapshot() {
      const current = attempt;
      if (!current) return Promise.reject(notConnected());
      return Promise.resolve(buildSessionSnapshot({
        target: current.target,
        session: current.session,
        error: current.error,
        recorder: current.recorder,
        lists: current.lists,
        skills: skills.kept(current.session),
      }));
    },

    async loadSnapshot(text) {
      if (typeof text !== 'string') throw new LoupeError({ kind: 'snapshot-invalid', message: 'A snapshot is a JSON text.' });
      const depth = jsonTextDepth(text);
      if (depth > maxSnapshotDepth) {
        throw new LoupeError({
          kind: 'snapshot-invalid',
          message: `This file nests its JSON ${depth.toLocaleString('en-US')} levels deep; Loupe opens snapshots nested at most ${maxSnapshotDepth.toLocaleString('en-US')} deep.`,
          data: { depth, limit: maxSnapshotDepth },
        });
      }
      return Promise.resolve().then(() => parseSnapshot(text));
    },

    // tasks
    listTasks: () => Promise.resolve(attempt?.tasks?.list() ?? []),
    async listServerTasks() {
      const { session, current } = live();
      return listServerTasks(session, current.options.timeoutMs);
    },
    getSettings: () => settingsStore.load(),
    saveSettings: (settings: Settings) => settingsStore.save(settings),

    // compare
    ...createCompareMethods({
      parse: (text) => methods.loadSnapshot(text),
      live: () => {
        const { current, session } = live();
        return liveSessionSnapshot({ target: current.target, session, walk: (kind) => walk(current, session, kind) });
      },
    }),
    // security
    ...createSecurityMethods(securityRegistry, securityPeer, {
      live: () => {
        const { current, session } = live();
        return { target: current.target, handshake: session.handshake, walk: (kind) => listed(current, session, kind), skills: skills.reader(session) };
      },
      configured: async () => (await settingsStore.load()).savedServers,
    }),
    // collections
    ...createCollectionMethods({
      live: liveWithOptions,
      baseDirectory: process.cwd(),
    }),
    // portability: the tools as last walked (walked now if never), against every host profile
    ...createPortabilityMethods(async () => {
      const current = attempt;
      if (!current) throw notConnected();
      const tools = current.session?.isOpen ? await listed(current, current.session, 'tools') : current.lists.get('tools');
      const serverName = stringField(current.session?.handshake.serverInfo, 'name');
      return { items: tools?.items ?? [], complete: tools?.complete ?? false, ...(serverName === undefined ? {} : { serverName }) };
    }),
    // client configs
    ...configMethods(),
    // replay
    ...replays.methods,
    // auth
    authSteps: () => Promise.resolve(authDesk.steps()),
    signOut: (serverUrl) => Promise.resolve(authDesk.signOut(String(serverUrl))),
    // MCP Apps
    ...createAppMethods(() => {
      const { current, session } = live();
      return { session, recorder: current.recorder, timeoutMs: current.options.timeoutMs, resources: current.lists.get('resources'), tools: current.lists.get('tools') };
    }, () => options.appSandbox),
    // page limit
    listMore(kind, pages) {
      if (!listKinds.includes(kind)) return Promise.reject(new LoupeError({ kind: 'usage', message: `No list kind "${String(kind)}".` }));
      if (pages !== 'all' && !(Number.isInteger(pages) && pages >= 1)) return Promise.reject(new LoupeError({ kind: 'usage', message: 'listMore wants a whole number of pages, or "all".' }));
      const { current, session } = live();
      if (current.lists.get(kind)?.error?.kind !== 'page-limit') {
        return Promise.reject(new LoupeError({ kind: 'usage', message: `The ${kind} listing did not stop at the page limit: list it again instead.` }));
      }
      return walk(current, session, kind, pages);
    },
    // sessions (a session host answers these for its sessions; alone, a session backend is its only session)
    sessions: () => Promise.resolve([{ id: 's1', status, openedAt: 0 }]),
    openSession: () => Promise.reject(new LoupeError({ kind: 'usage', message: 'A lone session backend opens no other sessions.' })),
    closeSession: () => methods.disconnect(),
    keptLists: () => Promise.resolve(attempt ? listKinds.flatMap((kind) => attempt?.lists.get(kind) ?? []) : []),
    pendingServerRequests: () => Promise.resolve(attempt ? attempt.desk.pending() : []),
    answeredServerRequests: () => Promise.resolve(attempt ? attempt.desk.answered() : []),
    keptCalls: () => Promise.resolve(attempt ? attempt.memory.calls() : []),
    keptListChanges: () => Promise.resolve(attempt ? attempt.memory.listChanges() : []),
    // skills (SEP-2640)
    ...skills.methods,
  };

  return {
    methods,
    events: hub,
    async dispose() {
      if (disposed) return;
      disposed = true;
      leaveSecurityRegistry();
      const current = attempt;
      if (current) {
        await endSession(current);
        current.stopRecording();
        await current.recorder.close().catch(() => undefined);
      }
      await replays.closeAll();
      hub.clear();
    },
  };
}
