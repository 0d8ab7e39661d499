/**
 * The sessions an agent opened through `loupe mcp`: each is a session of Loupe's one backend (createBackend: the
 * same connection, recorder, walks, calls, lint, snapshots as the app's and the CLI's), plus what the agent side
 * keeps about it — its name, the target's secrets (scrubbed from everything the agent is handed), the host that
 * opened it, whether the person allowed its calls, and its live link to a running Loupe (liveAgent.ts), through
 * which the person sees its frames and can stop it. The inspected server's own questions are answered by the
 * person's policy (serverRequestPolicy.ts), never by the agent.
 */
import type { BackendMethods, MethodName } from '../../shared/contract.js';
import { LoupeError, toErrorData } from '../../shared/errors.js';
import type { Frame } from '../../shared/frames.js';
import type { SessionOptions, SessionStatus } from '../../shared/session.js';
import type { Target } from '../../shared/target.js';
import type { Backend } from '../backend/createBackend.js';
import type { LoupeAsker } from './consent.js';
import { scrubSecrets, targetSecrets } from './redaction.js';
import { answerByPolicy, offerFor, type ServerRequestPolicy } from './serverRequestPolicy.js';

export interface AgentSession {
  id: string;
  /** The configured server's name, or the command or URL the person approved. */
  name: string;
  source: 'saved' | 'config' | 'approved' | 'replay';
  config?: string;
  target: Target;
  /** The target as the agent may see it (secret values and every env and header value out). */
  shown: Target;
  secrets: string[];
  /** The agent's host as it named itself. */
  host: string;
  openedAt: number;
  /** The person allowed every call on this session (the question's "remember"). */
  callsAllowed: boolean;
  /** The inspected server's questions answered by the policy, newest last (call_tool reports those of its call). */
  answered: { seq: number; method: string; outcome: string }[];
  /** Set when the person stopped it in Loupe. */
  stopped?: boolean;
  ask?: LoupeAsker;
  closeLink?: () => Promise<void>;
  /** What else ends with the session (a replay it was opened on). */
  cleanup?: () => Promise<void>;
}

/** What the live link needs to show a session in a running Loupe (liveAgent.ts). */
export interface LinkRequest {
  session: string;
  target: Target;
  host: string;
  /** The session's frames as the backend records them. */
  frames: { subscribe(listener: (frame: Frame) => void): () => void };
  /** The person pressed Stop in Loupe. */
  onStop: () => void;
}

export interface AgentLink {
  ask?: LoupeAsker;
  close(): Promise<void>;
}

export type LinkOpener = (request: LinkRequest) => AgentLink | undefined;

export interface AgentSessionsOptions {
  backend: Backend;
  serverRequests: ServerRequestPolicy;
  maxSessions: number;
  link?: LinkOpener;
}

export class AgentSessions {
  private readonly sessions = new Map<string, AgentSession>();
  private readonly frameListeners = new Map<string, Set<(frame: Frame) => void>>();
  private readonly stopped = new Set<string>();
  private answeredSeq = 0;
  private readonly unsubscribe: (() => void)[] = [];

  constructor(private readonly options: AgentSessionsOptions) {
    const { events } = options.backend;
    this.unsubscribe.push(
      events.on('onFrames', (frames, session) => {
        if (session === undefined) return;
        for (const listener of this.frameListeners.get(session) ?? [])
          for (const frame of frames) {
            // Never so here: the agent server's backend pushes whole frames (BackendOptions.wholeFrames).
            if ('rawLeft' in frame) continue;
            listener(frame);
          }
      }),
      events.on('onServerRequest', (request, session) => {
        const open = session === undefined ? undefined : this.sessions.get(session);
        if (!open) return;
        const { answer, outcome } = answerByPolicy(options.serverRequests, request);
        open.answered.push({ seq: ++this.answeredSeq, method: request.method, outcome });
        if (open.answered.length > 100) open.answered.shift();
        void this.methods(open.id, 'answerServerRequest')
          .answerServerRequest(request.requestId, answer, `${outcome} (loupe mcp's --server-requests policy)`)
          .catch(() => undefined);
      }),
    );
  }

  get size(): number {
    return this.sessions.size;
  }

  all(): AgentSession[] {
    return [...this.sessions.values()];
  }

  /** The backend's methods of one session. */
  methods(id: string, method: MethodName): BackendMethods {
    return this.options.backend.methodsFor(id, method);
  }

  /** The backend's methods that name no session (replays, snapshot parsing, settings). */
  shared(
    method: 'serveReplay' | 'stopReplay' | 'getSettings' | 'loadSnapshot' | 'checkCollection',
  ): BackendMethods {
    return this.options.backend.methodsFor(undefined, method);
  }

  /** Opens a backend session and connects it; on failure the session is closed again and the error thrown. */
  async open(
    details: Pick<AgentSession, 'name' | 'source' | 'config' | 'target' | 'host'>,
    options: SessionOptions,
    /** Runs once the session shows in a running Loupe, before it connects (a question asked there); throws to refuse. */
    approve?: (session: AgentSession) => Promise<void>,
  ): Promise<{ session: AgentSession; status: SessionStatus }> {
    if (this.sessions.size >= this.options.maxSessions)
      throw new LoupeError({
        kind: 'session-limit',
        message: `You hold ${this.sessions.size} open sessions, as many as the person allows: close_session one you are done with first.`,
        data: { limit: this.options.maxSessions, open: this.all().map((session) => session.id) },
      });
    const { backend } = this.options;
    const info = await backend.methodsFor(undefined, 'openSession').openSession();
    const { shown, secrets } = targetSecrets(details.target);
    const session: AgentSession = {
      ...details,
      id: info.id,
      shown,
      secrets,
      openedAt: Date.now(),
      callsAllowed: false,
      answered: [],
    };
    this.sessions.set(info.id, session);
    const listeners = new Set<(frame: Frame) => void>();
    this.frameListeners.set(info.id, listeners);
    const link = this.options.link?.({
      session: info.id,
      target: details.target,
      host: details.host,
      frames: {
        subscribe: (listener) => {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      },
      onStop: () => void this.stop(info.id),
    });
    if (link) {
      session.closeLink = () => link.close();
      if (link.ask) session.ask = link.ask;
    }
    try {
      await approve?.(session);
      const status = await this.methods(info.id, 'connect').connect(details.target, {
        ...options,
        ...offerFor(this.options.serverRequests),
      });
      return { session, status };
    } catch (error) {
      await this.close(info.id);
      // The failure names what the server said (stderr lines, an HTTP body): its secrets stay out of it too.
      throw new LoupeError(scrubSecrets(toErrorData(error), secrets), { cause: error });
    }
  }

  /** The session of that id, or the error the agent can act on (closed, stopped by the person, never opened). */
  get(id: unknown): AgentSession {
    if (typeof id !== 'string' || id === '')
      throw new LoupeError({
        kind: 'usage',
        message: 'Name the session: the "session" that open_session returned.',
      });
    const session = this.sessions.get(id);
    if (session) return session;
    if (this.stopped.has(id))
      throw new LoupeError({
        kind: 'session-stopped',
        message: `The person stopped session ${id} in Loupe. Do not open it again unless the person asks you to.`,
        data: { session: id },
      });
    throw new LoupeError({
      kind: 'no-session',
      message: `There is no open session ${JSON.stringify(id.slice(0, 40))}: it was closed, or never opened. list_sessions shows the open ones.`,
      data: { session: id.slice(0, 40), open: this.all().map((session) => session.id) },
    });
  }

  /** A value with the session's secrets replaced by "[redacted]" (in any JSON escaping, at any depth). */
  scrub<T>(session: AgentSession, value: T): T {
    return scrubSecrets(value, session.secrets);
  }

  async close(id: string): Promise<void> {
    const session = this.sessions.get(id);
    this.sessions.delete(id);
    await this.methods(id, 'closeSession')
      .closeSession()
      .catch(() => undefined);
    this.frameListeners.delete(id);
    await session?.closeLink?.().catch(() => undefined);
    await session?.cleanup?.().catch(() => undefined);
  }

  /** The person pressed Stop in Loupe: the session ends, and the agent hears 'session-stopped' from then on. */
  async stop(id: string): Promise<void> {
    if (!this.sessions.has(id)) return;
    this.stopped.add(id);
    const session = this.sessions.get(id);
    if (session) session.stopped = true;
    await this.close(id);
  }

  async dispose(): Promise<void> {
    for (const stop of this.unsubscribe) stop();
    await Promise.all(this.all().map((session) => this.close(session.id)));
  }
}
