/**
 * The one contract between the UI and the backend. Electron IPC, the browser host's WebSocket and the
 * tests all carry exactly this, through one generic adapter each. Methods resolve with data or reject with
 * a LoupeError whose detail crossed as data. Events are named onX and pushed in batches.
 */
import type { Comparison, CompareSource, ListComparisonRequest } from './compare.js';
import type { ItemChange } from './diff.js';
import type { AuthNotice, AuthPrompt, AuthStep, ServerAuth } from './auth.js';
import type { AppCallOutcome, AppConsent, AppResource } from './apps.js';
import type { Direction, Frame, PushedFrame, RecorderStats } from './frames.js';
import type { JsonObject } from './json.js';
import type { Finding, ToolSummary } from './lint.js';
import type { SecurityReport, SessionSecurity } from './security.js';
import type { PortabilityCosts, PortabilityView } from './portability.js';
import type { ConformChoices, ConformProgressEvent, ConformReport, ConformRequest } from './conform.js';
import type { ListDiff, ListKind, ListOutline, ListProgress, ListResult } from './lists.js';
import type {
  AnsweredServerRequest,
  ClosedServerRequest,
  CallOutcome,
  LogEntry,
  ProgressEvent,
  ServerRequest,
  ProtocolChoice,
  ServerRequestAnswer,
  SessionOptions,
  SessionStatus,
} from './session.js';
import type { Snapshot } from './snapshot.js';
import type { Collection, CollectionCall, CollectionReport, CollectionStepDraft } from './collections.js';
import type { Target } from './target.js';
import type { ExtensionChoice, ServerTaskList, TaskMode, TaskRecord } from './tasks.js';
import type {
  ConfigFile,
  ConfigReference,
  ConfigSource,
  ConfigTapProposal,
  ConfigTapWritten,
} from './config.js';
import type { KeptCall, KeptListChange, SessionInfo } from './sessions.js';
import type { ReplayRequest, ReplayServing } from './replay.js';
import type { SkillLoad, SkillsListing } from './skills.js';
import type { TraceSettings } from './trace/traceSettings.js';
import type { TraceExportReport, TraceReceiverInfo, TraceSpan } from './trace/spans.js';

export interface SavedServer {
  id: string;
  name: string;
  target: Target;
  /** The protocol era chosen for this server (absent: auto). */
  protocol?: ProtocolChoice;
  /** Imported from a client config: every env and header value is kept sealed, not only secret-looking ones. */
  source?: ConfigReference;
  /** Sign-in settings (HTTP/SSE): pre-registered client id and secret, extra scopes. */
  auth?: ServerAuth;
  /** The per-request timeout to connect with, ms (absent: the settings' timeoutMs). */
  timeoutMs?: number;
}

export interface Settings {
  timeoutMs: number;
  maxTotalMs: number;
  pageLimit: number;
  savedServers: SavedServer[];
  /** Extensions Loupe declares when it connects (tasks, MCP Apps UI); absent: all. */
  extensions?: ExtensionChoice;
  /** Trace context out, OpenTelemetry export and the server's spans in; absent: the defaults (defaultTraceSettings). */
  traces?: TraceSettings;
}

export interface CallRequest {
  tool: string;
  arguments: JsonObject;
  /** Chosen by the caller so progress and cancel can name the call before it returns. */
  callId: string;
  timeoutMs?: number;
  /** auto: a task when the tool requires one; task: also for an optional one. */
  taskMode?: TaskMode;
}

export interface LintReport {
  findings: Finding[];
  summary: ToolSummary;
}

export interface BackendMethods {
  /** The target given on the command line (npm start -- …), or the demo server; null for none. */
  initialTarget(): Promise<Target | null>;
  connect(target: Target, options?: SessionOptions): Promise<SessionStatus>;
  disconnect(): Promise<void>;
  status(): Promise<SessionStatus>;
  /** Walk every page of a list. Resolves even when the walk stopped early: see ListResult.complete/error. */
  list(kind: ListKind): Promise<ListResult>;
  lint(): Promise<LintReport>;
  /** Each tool of the session's list against every host profile, and the tokens its definitions cost. */
  portability(): Promise<PortabilityView>;
  /** Only the tokens the definitions cost (portability's costs, without the verdicts). */
  portabilityCosts(): Promise<PortabilityCosts>;
  callTool(request: CallRequest): Promise<CallOutcome>;
  cancelCall(callId: string): Promise<void>;
  readResource(uri: string): Promise<JsonObject>;
  getPrompt(name: string, args: Record<string, string>): Promise<JsonObject>;
  /** `outcome`: what the user chose, in words, kept with the answer (answeredServerRequests). */
  answerServerRequest(requestId: string, answer: ServerRequestAnswer, outcome?: string): Promise<void>;
  /** Frames held now, from seq `after` on (exclusive), at most `limit`. */
  frames(after: number, limit: number): Promise<Frame[]>;
  recorderStats(): Promise<RecorderStats>;
  /** The session's spans: Loupe's, read from its frames (shared/trace/framesToSpans.ts), then the server's (OTLP in). */
  traceSpans(): Promise<TraceSpan[]>;
  /** Where the server may send its own spans (OTLP/HTTP, loopback, a per-run credential in the URL), while Loupe listens. */
  traceReceiver(): Promise<TraceReceiverInfo>;
  /**
   * Exports the session's spans (Loupe's and the server's) over OTLP/HTTP where the settings (traces.endpoint,
   * traces.protocol) or the backend's OTEL_EXPORTER_OTLP_* variables say; rejects with 'usage' when none names an
   * endpoint (nothing is sent), 'http-error' / 'transport-error' / 'timeout' when the endpoint fails.
   */
  exportTraces(): Promise<TraceExportReport>;
  /** The snapshot of this session as a file name and its exact text. */
  createSnapshot(): Promise<{ fileName: string; text: string }>;
  /** Validate and parse a snapshot file's text; rejects with kind 'snapshot-invalid'. */
  loadSnapshot(text: string): Promise<Snapshot>;
  getSettings(): Promise<Settings>;
  saveSettings(settings: Settings): Promise<Settings>;
  // compare
  /** `loupe diff` in the app: left is the old side, right the new; rejects with 'snapshot-invalid' or 'not-connected'. */
  compareSnapshots(left: CompareSource, right: CompareSource): Promise<Comparison>;
  /** The item-by-item diff of one list's before and after (a list_changed the session saw). */
  compareLists(request: ListComparisonRequest): Promise<ItemChange[]>;
  // security
  /** The security lens over the session: findings over every list and its pin (first use pins it). */
  security(): Promise<SecurityReport>;
  /** Takes what the server shows now as its new pin. */
  acceptPin(): Promise<SecurityReport>;
  /** Every connected session's report (this one's too), for the Security view's "All sessions". */
  securityAcrossSessions(): Promise<SessionSecurity[]>;
  // collections
  /** Parses a collection's text (loupe.collection/1); rejects with 'collection-invalid' naming every problem. */
  checkCollection(text: string): Promise<Collection>;
  /** A call proposed as a step: its actual result as the expectation, and which leaves look volatile. */
  draftCollectionStep(call: CollectionCall): Promise<CollectionStepDraft>;
  /** Runs a collection (its steps named in `only`, with what they depend on; all when absent) on this session. */
  runCollection(text: string, only?: string[]): Promise<CollectionReport>;
  // replay
  /** Serves a recording (a snapshot's text) on loopback; rejects with 'snapshot-invalid' naming why it cannot be. */
  serveReplay(request: ReplayRequest): Promise<ReplayServing>;
  /** Stops a replay served by serveReplay (its copy of the file stays for the stdio command). */
  stopReplay(id: string): Promise<void>;
  // tap
  /** A live tapped session: the fault rules (--fault's form) its tap applies from now on; [] clears them. */
  setTapFaults(rules: string[]): Promise<void>;
  // agents (loupe mcp)
  /** An agent's session shown live (TapInfo.agent): asks its `loupe mcp` to end it; the agent hears 'session-stopped'. */
  stopAgentSession(): Promise<void>;
  // tasks
  /** The tasks this session's calls became, newest first. */
  listTasks(): Promise<TaskRecord[]>;
  /** The server's own tasks (tasks/list, 2025-11-25), or why there is no such list. */
  listServerTasks(): Promise<ServerTaskList>;
  // client configs
  /** One client config file, from disk by path or from the text given; never rejects for a bad file (see error). */
  readConfig(source: ConfigSource): Promise<ConfigFile>;
  /** "Tap this server": the change to the file's entry that runs it through loupe tap, shown before anything is written. */
  proposeConfigTap(path: string, server: string): Promise<ConfigTapProposal>;
  /** Writes the change shown (`diff`, refused when the file changed since), after a backup copy beside the file. */
  writeConfigTap(path: string, server: string, diff: string[]): Promise<ConfigTapWritten>;
  /** Every known config location of this machine and of the working folder, read (missing ones: exists false). */
  knownConfigs(): Promise<ConfigFile[]>;
  // auth
  /** The sign-in steps of the current connection attempt, in order (secrets masked). */
  authSteps(): Promise<AuthStep[]>;
  /** Forgets the saved sign-in of a server URL; resolves with how many were removed. */
  signOut(serverUrl: string): Promise<number>;
  // MCP Apps
  /** Read and check a ui:// resource (Loupe's own request); rejects with kind 'app-invalid' when it cannot be rendered. */
  openApp(uri: string): Promise<AppResource>;
  /**
   * An app's tools/call. Refused (kinds 'app-tool-refused', 'app-rate-limited') for a tool not listed or not callable
   * by apps, or past the app's rate; a destructive or not-read-only call is kept unsent and answered 'ask' with a
   * ticket for the person (appConsent); otherwise sent, marked in Traffic as the app's, and 'done' with the result.
   */
  appCallTool(app: string, params: JsonObject): Promise<AppCallOutcome>;
  /** The person's answer to an app call kept under `ticket`: sends it (resolves with the result) or rejects 'app-call-declined'. */
  appConsent(ticket: string, answer: AppConsent): Promise<JsonObject>;
  /** An app's resources/read (rate-limited like its calls), marked likewise. */
  appReadResource(app: string, uri: string): Promise<JsonObject>;
  /**
   * Records a message between Loupe and an app in Traffic (Frame.channel 'app'): 'in', a request of the app or its
   * log (notifications/message); 'out', Loupe's answer to a request recorded so. `instance` tells two running
   * copies of one app apart.
   */
  appRecord(app: string, instance: string, direction: Direction, message: JsonObject): Promise<void>;
  // page limit
  /** Goes on with a listing stopped at the page limit, from its last cursor: `pages` more pages, or all of them. */
  listMore(kind: ListKind, pages: number | 'all'): Promise<ListResult>;
  /**
   * `list` without repeating the items: they cross once, as the rows of the walk's onListProgress (the outline names
   * the walk), which a UI shows as they arrive and then puts together (see ListOutline).
   */
  listOutline(kind: ListKind): Promise<ListOutline>;
  /** `listMore` likewise: the new items cross as the walk's rows, after the kept ones. */
  listMoreOutline(kind: ListKind, pages: number | 'all'): Promise<ListOutline>;
  // sessions
  /** Every session the backend holds, in the order they were opened (names no session). */
  sessions(): Promise<SessionInfo[]>;
  /** Opens a new idle session and returns it; name it on later calls to connect it (names no session). */
  openSession(): Promise<SessionInfo>;
  /** Ends and forgets the session named on the call: its connection, recorder, lists and calls. */
  closeSession(): Promise<void>;
  /** The lists the named session holds now, as last walked, without asking the server again (re-attaching). */
  keptLists(): Promise<ListResult[]>;
  /** The server requests of the named session still waiting for an answer (re-attaching). */
  pendingServerRequests(): Promise<ServerRequest[]>;
  /** The named session's last answered server requests on its connection, newest first (re-attaching). */
  answeredServerRequests(): Promise<AnsweredServerRequest[]>;
  /** The named session's last tool calls on its connection, oldest first, with how each ended (re-attaching). */
  keptCalls(): Promise<KeptCall[]>;
  /** The named session's last list_changed re-walks on its connection, oldest first (re-attaching). */
  keptListChanges(): Promise<KeptListChange[]>;
  // skills (SEP-2640)
  /** skills/list, every page; rejects 'skills-not-offered' when the server did not declare the extension. Reads no file. */
  listSkills(): Promise<SkillsListing>;
  /** Reads a listed skill's files, SKILL.md first, each verified before the next; a refusal is in `error`, not thrown. */
  loadSkill(uri: string): Promise<SkillLoad>;
  // conformance
  /** The revision the session would be judged at, the suite's state and the scenarios to choose from. */
  conformChoices(): Promise<ConformChoices>;
  /** Runs the official suite's server scenarios against the session's server, through the session's recorder. */
  runConformance(request: ConformRequest): Promise<ConformReport>;
}

export interface BackendEvents {
  onStatus: SessionStatus;
  /** Frames in recording order, batched; a list page crosses without its raw text (see PushedFrame). */
  onFrames: PushedFrame[];
  onListProgress: ListProgress;
  /** A list re-walked after notifications/X/list_changed: the diff and the new full result. */
  onListChanged: { diff: ListDiff; result: ListResult };
  /** A tapped session: a list as the host walked it through the tap so far (each page that passed). */
  onListSeen: ListResult;
  onLog: LogEntry;
  onProgress: ProgressEvent;
  onServerRequest: ServerRequest;
  /** A server request still waiting was closed unanswered, and why. */
  onServerRequestClosed: ClosedServerRequest;
  // tasks
  /** A task of this session changed (status, message) or ended. */
  onTask: TaskRecord;
  // auth
  onAuthStep: AuthStep;
  onAuthPrompt: AuthPrompt;
  onAuthNotice: AuthNotice;
  // sessions
  /** A session was opened or closed: every session now (names no session). */
  onSessions: SessionInfo[];
  // conformance
  onConformProgress: ConformProgressEvent;
}

export type MethodName = keyof BackendMethods;
export type EventName = keyof BackendEvents;

export const methodNames = [
  'initialTarget',
  'connect',
  'disconnect',
  'status',
  'list',
  'lint',
  'portability',
  'portabilityCosts',
  'callTool',
  'cancelCall',
  'readResource',
  'getPrompt',
  'answerServerRequest',
  'frames',
  'recorderStats',
  'traceSpans',
  'traceReceiver',
  'exportTraces',
  'createSnapshot',
  'loadSnapshot',
  'getSettings',
  'saveSettings',
  // compare
  'compareSnapshots',
  'compareLists',
  // security
  'security',
  'acceptPin',
  'securityAcrossSessions',
  // collections
  'checkCollection',
  'draftCollectionStep',
  'runCollection',
  // replay
  'serveReplay',
  'stopReplay',
  // tap
  'setTapFaults',
  // agents (loupe mcp)
  'stopAgentSession',
  // tasks
  'listTasks',
  'listServerTasks',
  // client configs
  'readConfig',
  'knownConfigs',
  'proposeConfigTap',
  'writeConfigTap',
  // auth
  'authSteps',
  'signOut',
  // MCP Apps
  'openApp',
  'appCallTool',
  'appConsent',
  'appReadResource',
  'appRecord',
  // page limit
  'listMore',
  'listOutline',
  'listMoreOutline',
  // sessions
  'sessions',
  'openSession',
  'closeSession',
  'keptLists',
  'pendingServerRequests',
  'answeredServerRequests',
  'keptCalls',
  'keptListChanges',
  // skills
  'listSkills',
  'loadSkill',
  // conformance
  'conformChoices',
  'runConformance',
] as const satisfies readonly MethodName[];

export const eventNames = [
  'onStatus',
  'onFrames',
  'onListProgress',
  'onListChanged',
  'onListSeen',
  'onLog',
  'onProgress',
  'onServerRequest',
  'onServerRequestClosed',
  // tasks
  'onTask',
  // auth
  'onAuthStep',
  'onAuthPrompt',
  'onAuthNotice',
  // sessions
  'onSessions',
  // conformance
  'onConformProgress',
] as const satisfies readonly EventName[];

export type Unsubscribe = () => void;

/**
 * Methods that name no session: they are served the same whichever session a call names. Every other method
 * acts on the session named on the call (the wire message's `session`; none: the first session, opened on
 * demand, which is what the CLI and single-session callers use).
 */
export const sessionlessMethods = [
  'initialTarget',
  'loadSnapshot',
  'getSettings',
  'saveSettings',
  'readConfig',
  'knownConfigs',
  'proposeConfigTap',
  'writeConfigTap',
  'signOut',
  'sessions',
  'openSession',
  'checkCollection',
  'draftCollectionStep',
  'serveReplay',
  'stopReplay',
] as const satisfies readonly MethodName[];

/** What a UI holds: the methods plus a way to listen to each event. */
export interface LoupeApi extends BackendMethods {
  /** `session`: the session the event belongs to (undefined for events that name none, e.g. onSessions). */
  on<E extends EventName>(
    event: E,
    listener: (payload: BackendEvents[E], session: string | undefined) => void,
  ): Unsubscribe;
  /** The same API with every call naming `session`, hearing only that session's events and those naming none. */
  forSession(session: string): LoupeApi;
}

/** Wire messages of the carriers (IPC, WebSocket): one shape for all. */
export type WireMessage =
  | { type: 'call'; id: number; method: MethodName; args: unknown[]; session?: string }
  /** A call as it arrives, before the serving side checked it against the contract (a bad one gets an error reply). */
  | { type: 'call'; id: number; method: unknown; args: unknown; session?: unknown }
  | { type: 'result'; id: number; ok: true; value: unknown }
  | { type: 'result'; id: number; ok: false; error: import('./errors.js').LoupeErrorData }
  /** `session`: whose events these are; absent for events that name no session. */
  | { type: 'event'; event: EventName; payloads: unknown[]; session?: string };
