/**
 * Recording after the traffic, for the HTTP tap: each piece of recording work is queued with the time its bytes
 * passed, and the queue runs once the tap has been quiet a moment (or holds work for maxHoldMs). During a burst — a
 * listing of 200 pages — the proxy only relays: parsing, classifying and journaling neither delay the host's next
 * request nor compete with the host and the server for the CPU while they talk. The work runs in order, so frames
 * keep their order; each is timed by when its bytes passed, not when it was recorded.
 */
import type { Direction } from '../../shared/frames.js';
import type { FrameRecorder, RecordExtra } from '../recorder/frameRecorder.js';

export interface Arrival {
  t: number;
  wall: number;
}

const quietMs = 20;
const maxHoldMs = 1000;

export class QuietRecording {
  private queue: { job: (at: Arrival) => void; at: Arrival }[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private firstAt = 0;
  private lastAt = 0;

  /** With `atOnce`, every piece is recorded when given (a caller that sorts frames as they come: conform). */
  constructor(
    readonly recorder: FrameRecorder,
    private readonly atOnce = false,
  ) {}

  /** Now, on the recorder's clock and the wall clock. */
  now(): Arrival {
    return { t: this.recorder.now(), wall: Date.now() };
  }

  /** Runs job later with the time of now (or of `at`). */
  defer(job: (at: Arrival) => void, at: Arrival = this.now()): void {
    this.queue.push({ job, at });
    if (this.atOnce) return this.flush();
    this.lastAt = at.t;
    if (this.timer) return;
    this.firstAt = at.t;
    this.timer = setTimeout(() => this.check(), quietMs);
  }

  /** Records raw (or the text it makes, made later) as of now. */
  record(direction: Direction, raw: string | (() => string), extra: RecordExtra = {}): void {
    this.defer((at) =>
      this.recorder.record(direction, typeof raw === 'string' ? raw : raw(), { ...extra, ...at }),
    );
  }

  /** Runs everything queued now (the tap is closing, or a recording must come first). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const queued = this.queue;
    this.queue = [];
    for (const { job, at } of queued) {
      try {
        job(at);
      } catch {
        // A piece that cannot be recorded must not stop the rest.
      }
    }
  }

  private check(): void {
    this.timer = undefined;
    const now = this.recorder.now();
    if (now - this.lastAt >= quietMs || now - this.firstAt >= maxHoldMs) return this.flush();
    this.timer = setTimeout(() => this.check(), Math.max(1, quietMs - (now - this.lastAt)));
  }
}
