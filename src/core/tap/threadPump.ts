/**
 * One direction of a stdio tap on its fast path: a forwarding thread (forwardWorker.ts) passes the bytes from the
 * source descriptor to the sink descriptor, and stores a copy of each chunk in a shared ring; this side, on the main
 * thread, takes them from the ring and records them line by line.
 *
 * Recording waits until the direction has been quiet a moment (or holds bytes for maxHoldMs, or half the ring):
 * during a burst — a listing of 200 pages — the parsing and the journal neither delay the bytes (they are on another
 * thread) nor wake this thread per chunk. Every byte is recorded, in order, timed by its arrival.
 */
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { Direction } from '../../shared/frames.js';
import type { FrameRecorder } from '../recorder/frameRecorder.js';
import { LineSplitter } from '../wire/lineSplitter.js';
import { ByteRing, type RingChunk } from './byteRing.js';
import type { ForwardWorkerData } from './forwardWorker.js';

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
}

export class ThreadPump {
  private readonly ring = new ByteRing(ringBytes);
  private readonly control = new Int32Array(new SharedArrayBuffer(4));
  private readonly splitter: LineSplitter;
  private worker: Worker | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private firstHeld = 0;
  private arrived = { t: 0, wall: 0 };
  private finished = false;

  constructor(private readonly options: ThreadPumpOptions) {
    this.splitter = new LineSplitter((text, exactBytes) => {
      options.recorder.record(options.direction, text, {
        ...(exactBytes ? { rawBase64: exactBytes.toString('base64') } : {}),
        ...this.arrived,
      });
    });
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
    this.worker = worker;
    if (!this.options.keepsAlive) worker.unref();
    worker.on('message', (message: unknown) => {
      if (message === 'end') return this.end(onEnd);
      this.watch();
    });
    worker.on('error', () => this.end(onEnd));
    this.idle();
  }

  /** Stops passing bytes to the sink (what still arrives is recorded, not passed on). */
  shut(): void {
    Atomics.store(this.control, 0, 1);
  }

  /** Records what the ring holds now (the tap is finishing: nothing waits for a quiet moment any more). */
  flush(): void {
    this.record(this.ring.take());
  }

  private end(onEnd: () => void): void {
    if (this.finished) return;
    this.finished = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.flush();
    this.splitter.end();
    onEnd();
  }

  /** Nothing held: sleep until the forwarding thread stores a chunk (it then posts one 'wake'). */
  private idle(): void {
    if (this.finished) return;
    if (this.ring.sleep()) return;
    this.watch();
  }

  /** Bytes are held: check every few ms for a quiet moment, then record them. */
  private watch(): void {
    if (this.finished || this.timer) return;
    this.firstHeld = performance.timeOrigin + performance.now();
    this.timer = setTimeout(() => this.check(), quietMs);
  }

  private check(): void {
    this.timer = undefined;
    if (this.finished) return;
    const now = performance.timeOrigin + performance.now();
    const quiet = now - this.ring.lastTime() >= quietMs;
    if (quiet || now - this.firstHeld >= maxHoldMs || this.ring.used() >= ringBytes / 2) {
      this.record(this.ring.take());
      return this.idle();
    }
    this.timer = setTimeout(() => this.check(), quietMs);
  }

  private record(chunks: readonly RingChunk[]): void {
    if (chunks.length === 0) return;
    // The ring's times are on the shared clock; frames are on the recorder's.
    const offset = this.options.recorder.now() - (performance.timeOrigin + performance.now());
    for (const { bytes, at } of chunks) {
      this.arrived = { t: Math.round((at + offset) * 1000) / 1000, wall: Math.round(at) };
      this.splitter.push(bytes);
    }
  }
}
