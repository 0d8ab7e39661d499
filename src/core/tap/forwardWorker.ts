/**
 * The forwarding thread of a stdio tap's fast path (threadPump.ts): reads its source descriptor and writes each
 * chunk to its sink at once (a blocking write), unchanged, having first stored a copy in the shared ring for the
 * recorder.
 * The server's stdout is read with blocking reads: no event loop is in that byte path, so a chunk crosses the tap in
 * two system calls. The host's stdin (a pipe or socket) is read by this thread's own event loop instead, because a
 * thread blocked in read() cannot be stopped and would keep the tap from exiting while the host holds stdin open.
 *
 * A sink that is gone (EPIPE: the peer closed it) is no longer written; the source is still read, so the other
 * side is never blocked and everything it sent is recorded. A descriptor someone made non-blocking is waited on by
 * short sleeps. At the source's end the sink is closed (the peer sees end of file) and 'end' is posted.
 */
import { closeSync, readSync, writeSync } from 'node:fs';
import { Socket, type OnReadOpts, type SocketConstructorOpts } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { ByteRing, monotonicMs } from './byteRing.js';

export interface ForwardWorkerData {
  /** 'blocking': blocking reads of the source; 'events': the source read by this thread's event loop. */
  reads: 'blocking' | 'events';
  source: number;
  sink: number;
  /** Close the sink at the source's end (not for the tap's own stdout: the main thread ends it). */
  closeSink: boolean;
  ring: SharedArrayBuffer;
  /** Int32 flags the main thread sets: [0] 1 = stop writing to the sink (the tap shut this direction). */
  control: SharedArrayBuffer;
}

const chunkBytes = 64 * 1024;

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

const nap = new Int32Array(new SharedArrayBuffer(4));
const sleep = (ms: number): void => void Atomics.wait(nap, 0, 0, ms);

function readSome(fd: number, buffer: Buffer): number {
  for (;;) {
    try {
      return readSync(fd, buffer, 0, buffer.length, null);
    } catch (error) {
      const code = errorCode(error);
      if (code === 'EAGAIN') sleep(1);
      else if (code !== 'EINTR') return 0;
    }
  }
}

/** Writes all of buffer[0, length); false when the sink is gone. */
function writeAll(fd: number, buffer: Buffer, length: number): boolean {
  let at = 0;
  while (at < length) {
    try {
      at += writeSync(fd, buffer, at, length - at);
    } catch (error) {
      const code = errorCode(error);
      if (code === 'EAGAIN') sleep(1);
      else if (code !== 'EINTR') return false;
    }
  }
  return true;
}

function run(data: ForwardWorkerData): void {
  const ring = new ByteRing(data.ring);
  const control = new Int32Array(data.control);
  let sinkOpen = true;
  // Stored before it is written on: whatever the peer answers to a chunk reaches the other ring after the chunk is in
  // this one, so a flush that finds the answer finds its cause too. Stored after the write, an answer could be flushed
  // and recorded first (test/tap/stdioTapFrameCap.test.ts saw "got 48" before the line it answered, under load).
  const pass = (chunk: Buffer, length: number): void => {
    const at = monotonicMs();
    if (ring.put(chunk, length, at)) parentPort?.postMessage('wake');
    if (sinkOpen && Atomics.load(control, 0) === 0) sinkOpen = writeAll(data.sink, chunk, length);
  };
  const finish = (): void => {
    if (data.closeSink) {
      try {
        closeSync(data.sink);
      } catch {
        // Already closed.
      }
    }
    ring.end();
    parentPort?.postMessage('end');
  };
  if (data.reads === 'events') {
    // One buffer for every read (onread): each chunk is written on and copied to the ring before the next read, so
    // nothing is allocated per chunk. A 'data' Buffer each time left hundreds of MiB of garbage to a big line's
    // passage on Node 24, whose collector waits longer on external memory.
    const buffer = Buffer.allocUnsafe(chunkBytes);
    // (The constructor takes onread as connect() does; Node's types name it on connect's options only.)
    const options: SocketConstructorOpts & { onread: OnReadOpts } = {
      fd: data.source,
      readable: true,
      writable: false,
      onread: {
        buffer,
        callback: (length) => {
          pass(buffer, length);
          return true;
        },
      },
    };
    const source = new Socket(options);
    source.on('error', () => undefined);
    source.on('close', finish);
    return;
  }
  const buffer = Buffer.allocUnsafe(chunkBytes);
  for (;;) {
    const length = readSome(data.source, buffer);
    if (length === 0) break;
    pass(buffer, length);
  }
  finish();
}

run(workerData as ForwardWorkerData);
