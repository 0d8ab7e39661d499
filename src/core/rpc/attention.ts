/**
 * Attention: the time a session spends on the person's side rather than the server's. While Loupe waits on the
 * person (a sign-in: the browser step and consent, with the authorization server's exchanges, each of which has
 * its own limit; a form or prompt answering a server's request; a modern input round; a task's input), no
 * request timer runs: every RequestTimer of the session is paused and resumes with what it had left.
 *
 * Waits nest and overlap: the clock runs again only when the last one has ended. One Attention per session
 * (connect() makes it, or takes the caller's), shared by the peer, the wires and the auth layer of every attempt.
 */

type Listener = (waiting: boolean) => void;

export class Attention {
  private readonly open = new Map<number, string>();
  private readonly listeners = new Set<Listener>();
  private next = 1;

  /** Whether Loupe is waiting on the person now. */
  get waiting(): boolean {
    return this.open.size > 0;
  }

  /** What Loupe waits on the person for, oldest first (for messages and tests). */
  get reasons(): string[] {
    return [...this.open.values()];
  }

  /** Starts a wait on the person; the function returned ends it (calling it again does nothing). */
  enter(what: string): () => void {
    const id = this.next++;
    const was = this.waiting;
    this.open.set(id, what);
    if (!was) this.tell(true);
    return () => {
      if (!this.open.delete(id)) return;
      if (!this.waiting) this.tell(false);
    };
  }

  /** Runs work as a wait on the person. */
  async during<T>(what: string, work: () => Promise<T>): Promise<T> {
    const leave = this.enter(what);
    try {
      return await work();
    } finally {
      leave();
    }
  }

  /** Told true when the first wait opens and false when the last one ends. */
  onChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private tell(waiting: boolean): void {
    for (const listener of [...this.listeners]) listener(waiting);
  }
}

/** The longest delay setTimeout accepts (longer ones fire at once). */
const maxTimerMs = 2_147_483_647;

/**
 * A one-shot timer that stands still while its Attention is waiting on the person and then goes on with the time
 * it had left: never restarted from zero, never run down by the person's time. No limit (0, negative, not
 * finite) never fires.
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
  ) {
    this.remaining = limitMs;
    this.unsubscribe = attention?.onChange((waiting) => (waiting ? this.pause() : this.resume())) ?? noop;
    if (!attention?.waiting) this.resume();
  }

  /** Starts the whole limit again (a request's idle timer after progress). */
  restart(limitMs = this.limitMs): void {
    if (this.stopped) return;
    this.pause();
    this.limitMs = limitMs;
    this.remaining = limitMs;
    if (!this.attention?.waiting) this.resume();
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
