/**
 * The backend: every method of the contract, over one MCP session at a time.
 *
 * Lists are walked when the UI asks (`list(kind)`), not on connect: the UI decides which lists it shows and
 * when, and two concurrent asks for the same kind share one walk. The latest result of each kind is kept
 * (for lint, calls' output schemas and snapshots) and list_changed notifications re-walk that kind and push
 * onListChanged. A failed connect keeps its recorder, so its frames stay visible and savable.
 */
import type { BackendMethods, LintReport, Settings } from '../../shared/contract.js';
import type { EventSourceLike, MethodsFor } from '../../shared/carrier.js';
import { LoupeError, toErrorData } from '../../shared/errors.js';
import type { Frame } from '../../shared/frames.js';
import { stringField } from '../../shared/json.js';
import { listKinds } from '../../shared/lists.js';
import type { SessionOptions, SessionStatus } from '../../shared/session.js';
import type { StdioTarget, Target } from '../../shared/target.js';
import { createAppMethods } from '../apps/appMethods.js';
import { appFindings } from '../apps/appChecks.js';
import type { AppSandbox } from '../apps/sandboxServer.js';
import { sessionFindings } from '../lint/sessionFindings.js';
import { runLens } from '../lenses/lensThread.js';
import { summarizeTools } from '../lint/summarizeTools.js';
import { connect } from '../session/connect.js';
import { parseSnapshot } from '../snapshot/parseSnapshot.js';
import type { McpSession } from '../types.js';
import { createCompareMethods } from './compareMethods.js';
import { liveSessionSnapshot } from './compareLive.js';
import { createEventHub } from './eventHub.js';
import { jsonTextDepth, maxSnapshotDepth } from './jsonDepth.js';
import { buildSessionSnapshot } from './sessionSnapshot.js';
import type { SecretStore } from './secretStore.js';
import { defaultTraceSettings } from '../../shared/trace/traceSettings.js';
import { createTraceIn, createTraceMethods } from './traceMethods.js';
import { createSettingsStore, parseTarget, type SettingsStore } from './settingsStore.js';
import { createSessionHost } from './sessionHost.js';
import { createCallMethods } from './callMethods.js';
import { endAttempt, emptyStats, newAttempt, type Attempt } from './attempt.js';
import { createListMethods, createListWalks } from './listMethods.js';
import { effectiveSessionOptions } from './sessionOptions.js';
import { wireSession } from './wireSession.js';
import { listServerTasks } from '../tasks/serverTasks.js';
import { configMethods } from './configMethods.js';
import { createCollectionMethods } from './collectionMethods.js';
import { createPortabilityMethods } from './portabilityMethods.js';
import { createReplayMethods } from './replayMethods.js';
import { createSkillsMethods } from './skillsMethods.js';
import { createConformMethods } from './conformMethods.js';
import { authDirectoryFor, createAuthDesk } from './authSession.js';
import type { TapConnection } from '../tap/liveListener.js';
import type { ProbeBook } from '../tap/liveProbes.js';
import { createTapMethods, followTapInto, tappedReadOnly, tapTarget } from './tapMethods.js';
import { createAgentMethods } from './agentMethods.js';
import {
  createSecurityMethods,
  createSecurityRegistry,
  serverName,
  toolNames,
  toolSecurityFindings,
  type SecurityPeer,
  type SecurityRegistry,
} from './securityMethods.js';

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
  /**
   * onFrames pushes every frame with its raw text, list pages too (framePush.ts): for a backend whose events are read
   * in process and never carried to a page (`loupe mcp` forwards them whole to a running Loupe).
   */
  wholeFrames?: boolean;
}

export interface Backend {
  /** The methods as served to a call that names no session: the first session's (opened on demand). */
  methods: BackendMethods;
  /** The methods of the session a call names: what carriers serve (serveContract). */
  methodsFor: MethodsFor;
  /** Every event, tagged with its session. */
  events: EventSourceLike;
  /** A tap that reached this Loupe (core/tap/liveListener): opens a tapped session for it; returns its id. */
  adopt(tap: TapConnection): string;
  dispose(): Promise<void>;
}

/** One session of a backend: the contract's per-session methods and its own (untagged) events. */
export interface SessionBackend {
  methods: BackendMethods;
  /** Makes this session a tapped one: its frames come from the tap (tapMethods.ts); `probes`: the host's other taps'. */
  adopt(tap: TapConnection, probes?: ProbeBook): void;
  events: EventSourceLike;
  dispose(): Promise<void>;
}

/** The backend: several sessions at once, each its own connection, recorder, lists and calls (see sessionHost.ts). */
export function createBackend(options: BackendOptions): Backend {
  const securityRegistry = createSecurityRegistry(options.settingsPath);
  return createSessionHost(options, (shared) =>
    createSessionBackend({ ...options, ...shared, securityRegistry }),
  );
}

const maxFramesPerCall = 50_000;

function notConnected(): LoupeError {
  return new LoupeError({ kind: 'not-connected', message: 'Not connected to a server: connect first.' });
}

/** One session: everything of the contract over one MCP connection at a time. */
export function createSessionBackend(
  options: BackendOptions & {
    settingsStore?: SettingsStore;
    securityRegistry?: SecurityRegistry;
    id?: string;
  },
): SessionBackend {
  const hub = createEventHub();
  const settingsStore =
    options.settingsStore ?? createSettingsStore(options.settingsPath, options.secretStore);
  let status: SessionStatus = { state: 'idle' };
  let attempt: Attempt | undefined;
  let attempts = 0;
  let disposed = false;
  const authDirectory = options.authDirectory ?? authDirectoryFor(options.settingsPath);
  const authDesk = createAuthDesk(
    {
      ...(authDirectory ? { directory: authDirectory } : {}),
      ...(options.secretStore ? { secretStore: options.secretStore } : {}),
    },
    hub,
  );

  const setStatus = (next: SessionStatus) => {
    status = next;
    hub.emit('onStatus', next);
  };

  const live = (): { current: Attempt; session: McpSession } => {
    const current = attempt;
    if (current?.tapped && status.state !== 'idle' && status.tapped) throw tappedReadOnly(status.tapped);
    if (!current?.session || !current.session.isOpen || status.state !== 'connected') throw notConnected();
    return { current, session: current.session };
  };

  // The security lens: this session as a peer that other sessions' shadowing checks see, and its pin.
  const securityRegistry = options.securityRegistry ?? createSecurityRegistry(options.settingsPath);
  const securityPeer: SecurityPeer = {
    ...(options.id === undefined ? {} : { session: options.id }),
    tools() {
      const current = attempt;
      if (!current?.session?.isOpen) return undefined;
      return {
        server: serverName(current.session.handshake, current.target),
        tools: toolNames(current.lists.get('tools')?.items),
      };
    },
  };
  const leaveSecurityRegistry = securityRegistry.register(securityPeer);
  /** The connected session with its per-request timeout and page limit (what skills and collections run with). */
  const liveWithOptions = () => {
    const { current, session } = live();
    return { session, pageLimit: current.options.pageLimit, timeoutMs: current.options.timeoutMs };
  };
  const skills = createSkillsMethods(liveWithOptions);
  const conform = createConformMethods(
    () => {
      const { current, session } = live();
      return { target: current.target, recorder: current.recorder, era: session.handshake.era };
    },
    (event) => hub.emit('onConformProgress', event),
  );

  const endSession = endAttempt;

  const sessionOptions = (given: SessionOptions | undefined) =>
    effectiveSessionOptions(settingsStore, options.sessionDefaults, given);

  const walks = createListWalks(hub);
  const { walk, listed } = walks;

  const wire = (current: Attempt, session: McpSession) =>
    wireSession(current, session, hub, (reason) => {
      if (attempt !== current || disposed) return;
      current.error = reason;
      current.desk.abandon(reason?.message ?? 'the connection closed');
      current.stopWatching?.();
      current.batcher.flush();
      if (status.state === 'connected')
        setStatus({ state: 'closed', target: current.target, ...(reason ? { reason } : {}) });
    });

  /** A new attempt with its own recorder (frames batched to onFrames): the current one from now on. */
  const beginAttempt = (target: Target, effective: SessionOptions): Attempt =>
    (attempt = newAttempt(++attempts, target, effective, hub, options.wholeFrames));

  const replays = createReplayMethods();
  const traceIn = createTraceIn();
  const methods: BackendMethods = {
    initialTarget: () => Promise.resolve(options.initialTarget ?? null),

    async connect(given, givenOptions) {
      if (disposed) throw new LoupeError({ kind: 'disconnected', message: 'This backend was closed.' });
      // A tapped session is the host's connection: connecting here would start a second server and drop it.
      if (attempt?.tapped && status.state !== 'idle' && status.tapped) throw tappedReadOnly(status.tapped);
      const target = parseTarget(given);
      if (!target)
        throw new LoupeError({ kind: 'invalid-target', message: 'The target is not one Loupe understands.' });
      if (attempt) await endSession(attempt);
      attempt?.stopRecording();
      const effective = await sessionOptions(givenOptions);
      const current = beginAttempt(target, effective);
      const { recorder, batcher } = current;
      setStatus({ state: 'connecting', target });
      try {
        const dial = target.transport === 'demo' ? options.resolveDemo() : target;
        const authFetch =
          dial.transport === 'stdio'
            ? undefined
            : authDesk.composer(dial, effective.auth, recorder, effective.timeoutMs);
        const serverEnvironment = await traceIn.prepare(
          current,
          dial,
          (await settingsStore.load()).traces?.receive ?? true,
        );
        const session = await connect(dial, {
          ...effective,
          recorder,
          ...(authFetch ? { authFetch } : {}),
          ...(serverEnvironment ? { serverEnvironment } : {}),
        });
        if (current.ended || disposed) {
          await session.close().catch(() => undefined);
          throw new LoupeError({
            kind: 'cancelled',
            message: 'The connection was closed before it was established.',
          });
        }
        current.session = session;
        wire(current, session);
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
      if (attempt === current && status.state !== 'idle')
        setStatus({ state: 'closed', target: current.target });
    },

    status: () => Promise.resolve(status),

    ...createListMethods(walks, live),

    async lint(): Promise<LintReport> {
      const current = attempt;
      if (!current) throw notConnected();
      const tools = await walks.tools(current);
      const items = tools?.items ?? [];
      const session = current.session;
      const ofSession = session ? sessionFindings(session.handshake, session.recorder.frames()) : [];
      const apps = session?.isOpen
        ? await appFindings(
            items,
            () => walk(current, session, 'resources'),
            (uri) => session.request('resources/read', { uri }, { timeoutMs: current.options.timeoutMs }),
          )
        : [];
      const security = await toolSecurityFindings({ tools: items }, securityRegistry.others(securityPeer));
      return {
        findings: [...(await runLens('lintTools', items)), ...ofSession, ...apps, ...security],
        summary: summarizeTools(items),
      };
    },

    ...createCallMethods(live, () => attempt, hub),

    answerServerRequest(requestId, answer, outcome) {
      const current = attempt;
      if (!current) return Promise.reject(notConnected());
      current.desk.answer(requestId, answer, outcome);
      return Promise.resolve();
    },

    frames(after, limit) {
      const current = attempt;
      if (!current) return Promise.resolve<Frame[]>([]);
      const count =
        Number.isFinite(limit) && limit > 0
          ? Math.min(Math.floor(limit), maxFramesPerCall)
          : maxFramesPerCall;
      return Promise.resolve(current.recorder.frames(Number.isFinite(after) ? after : 0, count));
    },

    ...createTraceMethods(
      traceIn,
      () => attempt,
      () => disposed,
      async () => (await settingsStore.load()).traces ?? defaultTraceSettings,
    ),
    recorderStats: () => Promise.resolve(attempt ? attempt.recorder.stats() : emptyStats),

    createSnapshot() {
      const current = attempt;
      if (!current) return Promise.reject(notConnected());
      return Promise.resolve(
        buildSessionSnapshot({
          target: current.target,
          session: current.session,
          ...(current.handshake ? { handshake: current.handshake } : {}),
          error: current.error,
          recorder: current.recorder,
          lists: current.lists,
          skills: skills.kept(current.session),
          conformance: conform.kept(current.recorder),
        }),
      );
    },

    async loadSnapshot(text) {
      if (typeof text !== 'string')
        throw new LoupeError({ kind: 'snapshot-invalid', message: 'A snapshot is a JSON text.' });
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
        return liveSessionSnapshot({
          target: current.target,
          session,
          walk: (kind) => walk(current, session, kind),
        });
      },
    }),
    // security
    ...createSecurityMethods(securityRegistry, securityPeer, {
      live: () => {
        const { current, session } = live();
        return {
          target: current.target,
          handshake: session.handshake,
          walk: (kind) => listed(current, session, kind),
          skills: skills.reader(session),
        };
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
      const tools = await walks.tools(current);
      const serverName = stringField(current.session?.handshake.serverInfo, 'name');
      return {
        items: tools?.items ?? [],
        complete: tools?.complete ?? false,
        ...(serverName === undefined ? {} : { serverName }),
      };
    }),
    // client configs
    ...configMethods(),
    // replay
    ...replays.methods,
    // auth
    authSteps: () => Promise.resolve(authDesk.steps()),
    signOut: (serverUrl) => Promise.resolve(authDesk.signOut(String(serverUrl))),
    // MCP Apps
    ...createAppMethods(
      () => {
        const { current, session } = live();
        return {
          session,
          recorder: current.recorder,
          timeoutMs: current.options.timeoutMs,
          resources: current.lists.get('resources'),
          tools: current.lists.get('tools'),
        };
      },
      () => options.appSandbox,
    ),
    // sessions (a session host answers these for its sessions; alone, a session backend is its only session)
    sessions: () => Promise.resolve([{ id: 's1', status, openedAt: 0 }]),
    openSession: () =>
      Promise.reject(
        new LoupeError({ kind: 'usage', message: 'A lone session backend opens no other sessions.' }),
      ),
    closeSession: () => methods.disconnect(),
    keptLists: () =>
      Promise.resolve(attempt ? listKinds.flatMap((kind) => attempt?.lists.get(kind) ?? []) : []),
    pendingServerRequests: () => Promise.resolve(attempt ? attempt.desk.pending() : []),
    answeredServerRequests: () => Promise.resolve(attempt ? attempt.desk.answered() : []),
    keptCalls: () => Promise.resolve(attempt ? attempt.memory.calls() : []),
    keptListChanges: () => Promise.resolve(attempt ? attempt.memory.listChanges() : []),
    // skills (SEP-2640)
    ...skills.methods,
    // conformance: the official suite through the session's recorder (conformMethods.ts)
    ...conform.methods,
    // tap: fault rules for a live tapped session
    ...createTapMethods(() => attempt?.tap),
    // agents: the person stops a session an agent opened through loupe mcp
    ...createAgentMethods(() => attempt?.tap),
  };

  return {
    methods,
    events: hub,
    adopt(tap, probes) {
      const current = beginAttempt(tapTarget(tap.hello.server), {
        frameLimit: options.sessionDefaults?.frameLimit,
      });
      current.tap = followTapInto(current, tap, {
        hub,
        setStatus,
        isCurrent: () => attempt === current && !current.ended && !disposed,
        ...(probes
          ? {
              probes: {
                book: probes,
                ...(options.id === undefined ? {} : { where: `tapped session ${options.id}` }),
              },
            }
          : {}),
      });
    },
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
      await traceIn.close();
      hub.clear();
    },
  };
}
