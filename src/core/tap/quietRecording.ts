/**
 * Recording after the traffic, for the HTTP tap: each piece of recording work is queued with the time its bytes
 * passed, and the queue runs once the tap has been quiet a moment (or holds work for maxHoldMs). During a burst — a
 * listing of 200 pages — the proxy only relays: parsing, classifying and journaling neither delay the host's next
 * request nor compete with the host and the server for the CPU while they talk. The work runs in order, so frames
 * keep their order; each is timed by when its bytes passed, not when it was recorded.
 *
 * The relay and the recording share one thread, so a held second of traffic is recorded in slices of a few
 * milliseconds, with the event loop turned between them: a request arriving meanwhile is relayed after one slice,
 * not after the whole second's parsing (which held a 10,000-tool listing's last pages for ~100 ms).
 *
 * Work that holds bytes (a chunk to read later) says how many: past maxHeldBytes the queue is worked through at once,
 * so traffic that never pauses (a 1 GB event) is recorded as it flows instead of piling up in memory.
 */
import type { Direction } from '../../shared/frames.js';
import type { FrameRecorder, RecordExtra } from '../recorder/frameRecorder.js';

export interface Arrival {
  t: number;
  wall: number;
}

const quietMs = 20;
const maxHoldMs = 1000;
/** How long one slice of recording may hold the thread before the relay gets its turn. */
const sliceMs = 2;
/** Bytes the queued work may hold before it is run at once. */
const maxHeldBytes = 8 * 1024 * 1024;

export class QuietRecording {
  private queue: { job: (at: Arrival) => void; at: Arrival; bytes: number }[] = [];
  /** Bytes the queued work holds. */
  private heldBytes = 0;
  /** The queue's first piece not yet run (pieces before it are done). */
  private next = 0;
  /** A slice is due (setImmediate): the queue is being worked through. */
  private draining = false;
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

  /** Runs job later with the time of now (or of `at`); `bytes`: how many bytes the job holds until it runs. */
  defer(job: (at: Arrival) => void, at: Arrival = this.now(), bytes = 0): void {
    this.queue.push({ job, at, bytes });
    this.heldBytes += bytes;
    if (this.atOnce || this.heldBytes > maxHeldBytes) return this.flush();
    this.lastAt = at.t;
    if (this.timer || this.draining) return;
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
    this.run(Infinity);
  }

  /** Runs queued pieces in order until the queue is empty or `until` (performance.now()) has passed. */
  private run(until: number): void {
    const queue = this.queue;
    while (this.next < queue.length) {
      const { job, at, bytes } = queue[this.next];
      this.next += 1;
      this.heldBytes -= bytes;
      try {
        job(at);
      } catch {
        // A piece that cannot be recorded must not stop the rest.
      }
      if (performance.now() >= until) break;
    }
    if (this.next >= queue.length) {
      this.queue = [];
      this.next = 0;
    } else if (this.next >= 4096) {
      // Traffic that never pauses: the pieces done are let go of as the slices go on.
      queue.splice(0, this.next);
      this.next = 0;
    }
  }

  /** One slice, then the event loop's turn (its I/O first), then the next slice, until the queue is empty. */
  private slice(): void {
    this.draining = false;
    this.run(performance.now() + sliceMs);
    if (this.next === 0) return;
    this.draining = true;
    setImmediate(() => this.slice());
  }

  private check(): void {
    this.timer = undefined;
    const now = this.recorder.now();
    if (now - this.lastAt >= quietMs || now - this.firstAt >= maxHoldMs) return this.slice();
    this.timer = setTimeout(() => this.check(), Math.max(1, quietMs - (now - this.lastAt)));
  }
}
