/**
 * A ring of byte chunks in shared memory, one writer thread and one reader thread: how a stdio tap's forwarding
 * thread hands the bytes it passed on to the thread that records them, without waking that thread per chunk.
 *
 * Each chunk is stored with the time it arrived on monotonicMs(), the one clock every thread of the process shares
 * (each thread's performance.now() has its own origin). The writer never drops a chunk: when the ring is full it waits for the reader. Positions and
 * flags live in an Int32Array in front of the data and are read and written with Atomics.
 */

/** Header slots (Int32). */
const writeAt = 0;
const readAt = 1;
/** 1 once the writer has stored its last chunk. */
const endedAt = 2;
/** 1 while the reader sleeps until the writer stores something (the writer then wakes it once). */
const readerIdleAt = 3;
/** The time of the last chunk stored (Float64, in the second half of the header). */
const headerBytes = 32;
const lastTimeAt = 2; // Float64 index
const wrapMark = 0xffffffff;
const entryHeader = 16;

/** Milliseconds on the system's monotonic clock: the same in every thread. */
export function monotonicMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

export interface RingChunk {
  bytes: Buffer;
  /** monotonicMs() when the chunk arrived. */
  at: number;
}

export class ByteRing {
  readonly buffer: SharedArrayBuffer;
  private readonly header: Int32Array;
  private readonly times: Float64Array;
  private readonly data: Uint8Array;
  private readonly view: DataView;
  private readonly capacity: number;
  /** Where the reader's position moves on release() (the end of what borrow() handed out). */
  private borrowedTo: number | undefined;

  /** A new ring of `capacity` bytes (a multiple of 8), or the view of one made in another thread. */
  constructor(capacityOrBuffer: number | SharedArrayBuffer) {
    this.buffer =
      typeof capacityOrBuffer === 'number'
        ? new SharedArrayBuffer(headerBytes + capacityOrBuffer)
        : capacityOrBuffer;
    this.capacity = this.buffer.byteLength - headerBytes;
    this.header = new Int32Array(this.buffer, 0, 4);
    this.times = new Float64Array(this.buffer, 0, 4);
    this.data = new Uint8Array(this.buffer, headerBytes, this.capacity);
    this.view = new DataView(this.buffer, headerBytes, this.capacity);
  }

  /** Bytes stored and not yet taken. */
  used(): number {
    const write = Atomics.load(this.header, writeAt);
    const read = Atomics.load(this.header, readAt);
    return (write - read + this.capacity) % this.capacity;
  }

  ended(): boolean {
    return Atomics.load(this.header, endedAt) === 1;
  }

  /** When the last chunk was stored (0 before any). */
  lastTime(): number {
    return this.times[lastTimeAt] ?? 0;
  }

  // ——— the writer's side ———

  /**
   * Stores a copy of bytes[0, length), waiting while the ring is too full. Returns true when the reader was idle
   * (it has to be woken, e.g. by a message), false otherwise.
   */
  put(bytes: Uint8Array, length: number, at: number): boolean {
    const need = entryHeader + align(length);
    if (need + 8 > this.capacity)
      throw new Error(`a chunk of ${length} bytes does not fit a ring of ${this.capacity}`);
    let write = Atomics.load(this.header, writeAt);
    // Room to the end of the data, or a wrap to the start (its mark costs the rest of the data).
    const wraps = write + need > this.capacity;
    const wanted = wraps ? this.capacity - write + need : need;
    for (;;) {
      const read = Atomics.load(this.header, readAt);
      const free = this.capacity - ((write - read + this.capacity) % this.capacity) - 8;
      if (free >= wanted) break;
      Atomics.wait(this.header, readAt, read, 50);
    }
    if (wraps) {
      this.view.setUint32(write, wrapMark, true);
      write = 0;
    }
    this.view.setUint32(write, length, true);
    this.view.setFloat64(write + 8, at, true);
    this.data.set(bytes.subarray(0, length), write + entryHeader);
    this.times[lastTimeAt] = at;
    Atomics.store(this.header, writeAt, (write + need) % this.capacity);
    return Atomics.compareExchange(this.header, readerIdleAt, 1, 0) === 1;
  }

  /** The writer stores nothing more. Returns true when the reader was idle. */
  end(): boolean {
    Atomics.store(this.header, endedAt, 1);
    return Atomics.compareExchange(this.header, readerIdleAt, 1, 0) === 1;
  }

  // ——— the reader's side ———

  /** Takes every chunk stored so far (copies, in order). */
  take(): RingChunk[] {
    const chunks = this.borrow().map((chunk) => ({ bytes: Buffer.from(chunk.bytes), at: chunk.at }));
    this.release();
    return chunks;
  }

  /**
   * Every chunk stored so far, in order, as views of the ring itself (no copy): valid until release(), which gives
   * their room back to the writer. Whoever keeps a chunk's bytes past that copies them.
   */
  borrow(): RingChunk[] {
    const chunks: RingChunk[] = [];
    const write = Atomics.load(this.header, writeAt);
    let read = Atomics.load(this.header, readAt);
    while (read !== write) {
      const length = this.view.getUint32(read, true);
      if (length === wrapMark) {
        read = 0;
        continue;
      }
      const at = this.view.getFloat64(read + 8, true);
      const start = headerBytes + read + entryHeader;
      chunks.push({ bytes: Buffer.from(this.buffer, start, length), at });
      read = (read + entryHeader + align(length)) % this.capacity;
    }
    this.borrowedTo = read;
    return chunks;
  }

  /** The chunks borrowed last are done with: their room goes back to the writer. */
  release(): void {
    if (this.borrowedTo === undefined) return;
    Atomics.store(this.header, readAt, this.borrowedTo);
    this.borrowedTo = undefined;
    Atomics.notify(this.header, readAt);
  }

  /**
   * The reader is going to sleep until woken: true when it may (nothing stored meanwhile), false when something
   * arrived already and it should take it instead.
   */
  sleep(): boolean {
    Atomics.store(this.header, readerIdleAt, 1);
    if (this.used() === 0 && !this.ended()) return true;
    Atomics.store(this.header, readerIdleAt, 0);
    return false;
  }
}

function align(length: number): number {
  return (length + 7) & ~7;
}
