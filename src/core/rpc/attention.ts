/**
 * Attention: the time a session spends on the person's side rather than the server's. While Loupe waits on the
 * person, the request timers that wait with it stand still and resume with what they had left:
 * - session-wide: a sign-in (the browser step and consent, with the authorization server's exchanges, each of
 *   which has its own limit). Every request of the session waits on it, so every timer stops;
 * - for some requests: a form or prompt answering a server request holds the timers of the requests that caused
 *   it (the call it came during), not those of unrelated ones; a wait for no request (a modern input round, a
 *   task's input, where no request is pending meanwhile) holds none but is still a wait on the person.
 * Waits nest and overlap: a timer runs again only when no wait holds it. One Attention per session (connect()
 * makes it, or takes the caller's), shared by the peer, the wires and the auth layer of every attempt.
 */

type RequestId = string | number;

interface Wait {
  what: string;
  /** The requests it holds; undefined: all of them (session-wide). */
  requests: ReadonlySet<RequestId> | undefined;
}

export class Attention {
  private readonly open = new Map<number, Wait>();
  private readonly listeners = new Set<() => void>();
  private next = 1;

  /** Whether Loupe is waiting on the person now (for anything). */
  get waiting(): boolean {
    return this.open.size > 0;
  }

  /** What Loupe waits on the person for, oldest first (for messages and tests). */
  get reasons(): string[] {
    return [...this.open.values()].map((wait) => wait.what);
  }

  /** Whether a wait holds this request's timers (any request's, without an id). */
  holds(request?: RequestId): boolean {
    for (const wait of this.open.values()) {
      if (!wait.requests) return true;
      if (request !== undefined && wait.requests.has(request)) return true;
    }
    return false;
  }

  /**
   * Starts a wait on the person, holding the timers of `requests` (absent: every request of the session); the
   * function returned ends it (calling it again does nothing).
   */
  enter(what: string, requests?: readonly RequestId[]): () => void {
    const id = this.next++;
    this.open.set(id, { what, requests: requests ? new Set(requests) : undefined });
    this.tell();
    return () => {
      if (this.open.delete(id)) this.tell();
    };
  }

  /** Runs work as a wait on the person (see enter). */
  async during<T>(what: string, work: () => Promise<T>, requests?: readonly RequestId[]): Promise<T> {
    const leave = this.enter(what, requests);
    try {
      return await work();
    } finally {
      leave();
    }
  }

  /** Told whenever a wait starts or ends (timers then ask holds()). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private tell(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

/** The longest delay setTimeout accepts (longer ones fire at once). */
const maxTimerMs = 2_147_483_647;

/**
 * A one-shot timer that stands still while a wait of its Attention holds it (every wait session-wide, a wait for
 * its request) and then goes on with the time it had left: never restarted from zero, never run down by the
 * person's time. No limit (0, negative, not finite) never fires.
 */
export class RequestTimer {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private remaining: number;
  private startedAt = 0;
  private stopped = false;
  private readonly unsubscribe: () => void;

  constructor(
    private limitMs: number,
    private readonly run: () => void,
    private readonly attention?: Attention,
    /** The request it times (a wait for that request holds it). */
    private readonly request?: RequestId,
  ) {
    this.remaining = limitMs;
    this.unsubscribe = attention?.onChange(() => this.follow()) ?? noop;
    this.follow();
  }

  /** Starts the whole limit again (a request's idle timer after progress). */
  restart(limitMs = this.limitMs): void {
    if (this.stopped) return;
    this.pause();
    this.limitMs = limitMs;
    this.remaining = limitMs;
    this.follow();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.unsubscribe();
  }

  /** How much of the limit is left, ms (Infinity without a limit). */
  get left(): number {
    if (!limited(this.limitMs)) return Infinity;
    return this.timer === undefined ? this.remaining : this.remaining - (performance.now() - this.startedAt);
  }

  /** Runs unless a wait holds it. */
  private follow(): void {
    if (this.attention?.holds(this.request)) this.pause();
    else this.resume();
  }

  private pause(): void {
    if (this.timer === undefined) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.remaining = Math.max(0, this.remaining - (performance.now() - this.startedAt));
  }

  private resume(): void {
    if (this.stopped || this.timer !== undefined || !limited(this.limitMs)) return;
    this.startedAt = performance.now();
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.remaining = 0;
        if (this.stopped) return;
        this.stop();
        this.run();
      },
      Math.min(this.remaining, maxTimerMs),
    );
  }
}

function limited(ms: number): boolean {
  return Number.isFinite(ms) && ms > 0;
}

function noop(): void {}
