/**
 * The request timers of one peer on one shared clock: each pending request has an idle limit (restarted by
 * progress) and a total limit, and one setTimeout stands for the earliest deadline of them all. A request adds
 * no timer of its own: a new request's deadlines come after the ones already armed (same limits, later start),
 * so a run of calls arms the clock once and leaves it; a request that ends removes nothing but its entry. When
 * the clock fires it settles what is due and arms itself for the next deadline.
 *
 * The same rules as RequestTimer: a request's clocks stand still while a wait of the Attention holds it (a sign-in
 * holds every request, a form the ones that caused it) and go on with what they had left; no limit (0, negative,
 * not finite) never fires. The shared timeout keeps the process alive only while a request is pending.
 */
import type { Attention } from './attention.js';

type RequestId = string | number;
export type DeadlineKind = 'idle' | 'total';

interface Clocks {
  idleLimit: number;
  idleLeft: number;
  totalLeft: number;
  /** When the clocks last started running (performance.now()); undefined while a wait holds them. */
  since: number | undefined;
}

/** The longest delay setTimeout accepts (longer ones fire at once). */
const maxTimerMs = 2_147_483_647;

export class RequestDeadlines {
  private readonly clocks = new Map<RequestId, Clocks>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** When the armed timeout fires (performance.now() clock). */
  private armedFor = Infinity;
  /** Subscribed to the Attention while a request is pending. */
  private unsubscribe: (() => void) | undefined;
  private readonly followAttention = (): void => this.follow();

  constructor(
    private readonly attention: Attention,
    /** A request's limit ran out (its entry is already gone). */
    private readonly onExpired: (id: RequestId, kind: DeadlineKind) => void,
  ) {}

  /** Starts both clocks of a request. */
  add(id: RequestId, idleMs: number, totalMs: number): void {
    const held = this.attention.waiting && this.attention.holds(id);
    const now = performance.now();
    const clocks: Clocks = {
      idleLimit: limitOf(idleMs),
      idleLeft: limitOf(idleMs),
      totalLeft: limitOf(totalMs),
      since: held ? undefined : now,
    };
    this.clocks.set(id, clocks);
    if (this.clocks.size === 1) this.engage();
    if (clocks.since !== undefined) this.armBy(now + Math.min(clocks.idleLeft, clocks.totalLeft));
  }

  /** Gives a request's idle clock its whole limit again (progress came). */
  restartIdle(id: RequestId): void {
    const clocks = this.clocks.get(id);
    if (!clocks) return;
    if (clocks.since !== undefined) {
      const now = performance.now();
      clocks.totalLeft -= now - clocks.since;
      clocks.since = now;
    }
    // A later deadline than before: the armed timeout fires early at worst, and re-arms.
    clocks.idleLeft = clocks.idleLimit;
  }

  /** The request ended: its clocks stop. */
  remove(id: RequestId): void {
    if (this.clocks.delete(id) && this.clocks.size === 0) this.disengage();
  }

  /** What is left of a request's limits, ms (Infinity without a limit); undefined for an unknown request. */
  left(id: RequestId): { idle: number; total: number } | undefined {
    const clocks = this.clocks.get(id);
    if (!clocks) return undefined;
    const ran = clocks.since === undefined ? 0 : performance.now() - clocks.since;
    return { idle: clocks.idleLeft - ran, total: clocks.totalLeft - ran };
  }

  /** Stops every clock (the connection ended). */
  close(): void {
    this.clocks.clear();
    this.disengage();
    clearTimeout(this.timer);
    this.timer = undefined;
    this.armedFor = Infinity;
  }

  /** The first pending request: waits on the person now concern the clock, and its timeout keeps the process up. */
  private engage(): void {
    this.unsubscribe ??= this.attention.onChange(this.followAttention);
    this.timer?.ref();
  }

  /**
   * Nothing pending: the armed timeout stays (the next request will most likely want it, and it re-arms when it
   * fires early) but keeps no one alive.
   */
  private disengage(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.timer?.unref();
  }

  /** A wait started or ended: each request's clocks stop or go on, and the timeout follows the earliest. */
  private follow(): void {
    const now = performance.now();
    const waiting = this.attention.waiting;
    for (const [id, clocks] of this.clocks) {
      const held = waiting && this.attention.holds(id);
      if (held && clocks.since !== undefined) {
        charge(clocks, now);
        clocks.since = undefined;
      } else if (!held && clocks.since === undefined) clocks.since = now;
    }
    this.rearm(now);
  }

  /** Arms the timeout for `deadline` unless it already fires by then. */
  private armBy(deadline: number): void {
    if (deadline >= this.armedFor || deadline === Infinity) return;
    this.arm(deadline, performance.now());
  }

  private arm(deadline: number, now: number): void {
    clearTimeout(this.timer);
    this.armedFor = deadline;
    this.timer = setTimeout(() => this.fire(), Math.min(Math.max(1, Math.ceil(deadline - now)), maxTimerMs));
    if (this.clocks.size === 0) this.timer.unref();
  }

  private fire(): void {
    this.timer = undefined;
    this.armedFor = Infinity;
    const now = performance.now();
    const due: [RequestId, DeadlineKind][] = [];
    for (const [id, clocks] of this.clocks) {
      if (clocks.since === undefined) continue;
      const ran = now - clocks.since;
      if (clocks.totalLeft - ran <= 0) due.push([id, 'total']);
      else if (clocks.idleLeft - ran <= 0) due.push([id, 'idle']);
    }
    for (const [id] of due) this.clocks.delete(id);
    if (this.clocks.size === 0) this.disengage();
    this.rearm(now);
    for (const [id, kind] of due) this.onExpired(id, kind);
  }

  /** Arms the timeout for the earliest running deadline (none: no timeout). */
  private rearm(now: number): void {
    let earliest = Infinity;
    for (const clocks of this.clocks.values()) {
      if (clocks.since === undefined) continue;
      earliest = Math.min(earliest, clocks.since + Math.min(clocks.idleLeft, clocks.totalLeft));
    }
    if (earliest === this.armedFor) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.armedFor = Infinity;
    if (earliest !== Infinity) this.arm(earliest, now);
  }
}

function charge(clocks: Clocks, now: number): void {
  if (clocks.since === undefined) return;
  const ran = now - clocks.since;
  clocks.idleLeft -= ran;
  clocks.totalLeft -= ran;
}

/** A limit in ms; no limit (0, negative, not finite) is Infinity. */
function limitOf(ms: number): number {
  return Number.isFinite(ms) && ms > 0 ? ms : Infinity;
}
