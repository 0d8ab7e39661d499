/**
 * One direction of a stdio tap on its fast path: a forwarding thread (forwardWorker.ts) passes the bytes from the
 * source descriptor to the sink descriptor, and stores a copy of each chunk in a shared ring; this side, on the main
 * thread, takes them from the ring and records them line by line.
 *
 * Recording waits until the tap has been quiet a moment (or holds bytes for maxHoldMs, or half a ring): during a
 * burst — a listing of 200 pages — the parsing and the journal neither delay the bytes (they are on other threads)
 * nor wake this thread per chunk. Both directions are recorded together (TapRecording), their chunks in the order
 * they arrived, so a request is recorded before its answer; every byte is recorded, timed by its arrival.
 */
import { Worker } from 'node:worker_threads';
import type { Direction } from '../../shared/frames.js';
import type { FrameRecorder } from '../recorder/frameRecorder.js';
import { ByteRing, monotonicMs, type RingChunk } from './byteRing.js';
import type { ForwardWorkerData } from './forwardWorker.js';
import { TapLines } from './tapLines.js';

const ringBytes = 16 * 1024 * 1024;
const quietMs = 20;
const maxHoldMs = 1000;

export interface ThreadPumpOptions {
  direction: Direction;
  /** How the forwarding thread reads the source (see forwardWorker.ts). */
  reads: 'blocking' | 'events';
  source: number;
  sink: number;
  closeSink: boolean;
  recorder: FrameRecorder;
  /** Whether the process may exit while this direction still waits for bytes (the host's stdin: yes). */
  keepsAlive: boolean;
  /** The recording limit of one line (frameCapture.ts). */
  maxFrameBytes: number;
}

export class ThreadPump {
  readonly ring = new ByteRing(ringBytes);
  private readonly control = new Int32Array(new SharedArrayBuffer(4));
  private readonly splitter: TapLines;
  private arrived = { t: 0, wall: 0 };
  private finished = false;

  constructor(
    private readonly options: ThreadPumpOptions,
    private readonly recording: TapRecording,
  ) {
    this.splitter = new TapLines(
      options.recorder,
      options.direction,
      options.maxFrameBytes,
      options.direction === 'in' ? 'A stdout line' : 'A stdin line',
      () => this.arrived,
      true,
    );
    recording.add(this);
  }

  /** Starts the forwarding thread; onEnd once the source has ended and everything from it is passed and recorded. */
  start(onEnd: () => void): void {
    const data: ForwardWorkerData = {
      reads: this.options.reads,
      source: this.options.source,
      sink: this.options.sink,
      closeSink: this.options.closeSink,
      ring: this.ring.buffer,
      control: this.control.buffer,
    };
    const worker = new Worker(new URL('./forwardWorker.js', import.meta.url), {
      workerData: data,
      trackUnmanagedFds: false,
    });
    if (!this.options.keepsAlive) worker.unref();
    worker.on('message', (message: unknown) => {
      if (message === 'end') return this.end(onEnd);
      this.recording.wake();
    });
    worker.on('error', () => this.end(onEnd));
    this.recording.idle();
  }

  /** Stops passing bytes to the sink (what still arrives is recorded, not passed on). */
  shut(): void {
    Atomics.store(this.control, 0, 1);
  }

  /** Records a chunk taken from the ring; the offsets turn its time into the recorder's clock and the wall clock. */
  push(chunk: RingChunk, offsets: { recorder: number; wall: number }): void {
    this.arrived = {
      t: Math.round((chunk.at + offsets.recorder) * 1000) / 1000,
      wall: Math.round(chunk.at + offsets.wall),
    };
    this.splitter.push(chunk.bytes);
  }

  private end(onEnd: () => void): void {
    if (this.finished) return;
    this.finished = true;
    this.recording.flush();
    this.splitter.end();
    // The other direction may go on: its chunks still wake the recording.
    this.recording.idle();
    onEnd();
  }
}

/** When the pumps of one tap record: together, once the tap is quiet (or holds bytes too long or too many). */
export class TapRecording {
  private readonly pumps: ThreadPump[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private firstHeld = 0;

  constructor(private readonly recorder: FrameRecorder) {}

  add(pump: ThreadPump): void {
    this.pumps.push(pump);
  }

  /** A forwarding thread stored a chunk while this side slept: check every few ms for a quiet moment. */
  wake(): void {
    if (this.timer) return;
    this.firstHeld = monotonicMs();
    this.timer = setTimeout(() => this.check(), quietMs);
  }

  /** Records everything the rings hold now, in the order it arrived. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    // The chunks are views of the rings (a copy of each, 64 KiB at a time, was garbage the size of everything that
    // passed: a 256 MiB line grew the tap's peak by 60+ MiB on Node 24, whose collector waits longer on external
    // memory); what is kept past this flush (a line within the limit) is copied by the capture.
    const taken = this.pumps.flatMap((pump) => pump.ring.borrow().map((chunk) => ({ pump, chunk })));
    if (taken.length === 0) return;
    taken.sort((a, b) => a.chunk.at - b.chunk.at);
    // The rings' times are on the shared monotonic clock; frames are on the recorder's and the wall clock.
    const now = monotonicMs();
    const clocks = { recorder: this.recorder.now() - now, wall: Date.now() - now };
    try {
      for (const { pump, chunk } of taken) pump.push(chunk, clocks);
    } finally {
      for (const pump of this.pumps) pump.ring.release();
    }
  }

  /** Nothing held: sleep until a forwarding thread stores a chunk (it then posts one 'wake'). */
  idle(): void {
    let sleeping = true;
    for (const pump of this.pumps) sleeping = pump.ring.sleep() && sleeping;
    if (!sleeping) this.wake();
  }

  private check(): void {
    this.timer = undefined;
    const now = monotonicMs();
    const last = Math.max(...this.pumps.map((pump) => pump.ring.lastTime()));
    const full = this.pumps.some((pump) => pump.ring.used() >= ringBytes / 2);
    if (now - last >= quietMs || now - this.firstHeld >= maxHoldMs || full) {
      this.flush();
      return this.idle();
    }
    this.timer = setTimeout(() => this.check(), quietMs);
  }
}
