import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { FrameRecorder } from '../recorder/frameRecorder.js';
import { QuietRecording } from './quietRecording.js';

/** Holds the thread about a millisecond, as parsing one large page does. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spinning
  }
}

let server: Server | undefined;
let client: Socket | undefined;
afterEach(() => {
  client?.destroy();
  server?.close();
});

/** A loopback echo: bytes written to the client come back to it through the event loop's I/O. */
async function echo(): Promise<Socket> {
  server = createServer((socket) => socket.pipe(socket));
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  return socket;
}

describe('QuietRecording', () => {
  it('records held work in slices, so I/O arriving meanwhile is handled between them, and keeps the order', async () => {
    client = await echo();
    const recorder = new FrameRecorder();
    const later = new QuietRecording(recorder);
    const order: string[] = [];
    const echoed = new Promise<void>((resolve) =>
      client?.once('data', () => {
        order.push('echo');
        resolve();
      }),
    );
    let allDone: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (allDone = resolve));
    for (let n = 0; n < 60; n += 1) {
      later.defer(() => {
        // The first piece sends a byte to the echo, as a host's next request would arrive.
        if (n === 0) client?.write('x');
        busy(1);
        order.push(`job ${n}`);
        if (n === 59) allDone();
      });
    }
    await Promise.all([echoed, done]);
    const jobs = order.filter((entry) => entry !== 'echo');
    expect(jobs).toEqual(Array.from({ length: 60 }, (_, n) => `job ${n}`));
    // One piece of about 1 ms, a slice of 2 ms: the echo is handled after a few pieces (at most half, on a busy
    // machine), not after all 60.
    const at = order.indexOf('echo');
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(30);
  });

  it('flush records everything held at once, in order (the tap is closing)', () => {
    const later = new QuietRecording(new FrameRecorder());
    const order: number[] = [];
    for (let n = 0; n < 5000; n += 1) later.defer(() => order.push(n));
    expect(order).toEqual([]);
    later.flush();
    expect(order).toHaveLength(5000);
    expect(order.every((value, index) => value === index)).toBe(true);
  });

  it('records into the recorder with the time the bytes passed, not the time of recording', async () => {
    const recorder = new FrameRecorder();
    const later = new QuietRecording(recorder);
    const passed = later.now();
    await new Promise((resolve) => setTimeout(resolve, 50));
    later.record('in', '{"jsonrpc":"2.0","id":1,"result":{}}');
    later.defer((at) => recorder.record('out', '{"jsonrpc":"2.0","method":"ping"}', at), passed);
    expect(recorder.frames()).toEqual([]);
    later.flush();
    const frames = recorder.frames();
    expect(frames.map((frame) => frame.kind)).toEqual(['response', 'notification']);
    expect(frames[1]?.t).toBe(passed.t);
    expect((frames[0]?.t ?? 0) - passed.t).toBeGreaterThanOrEqual(45);
  });
});
