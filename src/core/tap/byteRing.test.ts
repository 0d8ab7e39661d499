import { describe, expect, it } from 'vitest';
import { ByteRing } from './byteRing.js';

const chunk = (size: number, seed: number): Buffer =>
  Buffer.from(Array.from({ length: size }, (_, index) => (seed * 31 + index) % 251));

describe('ByteRing', () => {
  it('gives back every chunk, in order, with its time, across many wraps of a small ring', () => {
    const ring = new ByteRing(1024);
    const sent: { bytes: Buffer; at: number }[] = [];
    const got: { bytes: Buffer; at: number }[] = [];
    for (let n = 0; n < 500; n += 1) {
      // Sizes that are not multiples of 8, up to a third of the ring: the writer wraps often.
      const bytes = chunk(1 + ((n * 37) % 300), n);
      ring.put(bytes, bytes.length, 1000 + n / 4);
      sent.push({ bytes, at: 1000 + n / 4 });
      if (n % 2 === 1) got.push(...ring.take());
    }
    got.push(...ring.take());
    expect(got.length).toBe(sent.length);
    got.forEach((entry, index) => {
      expect(entry.bytes.equals(sent[index]?.bytes ?? Buffer.alloc(0))).toBe(true);
      expect(entry.at).toBe(sent[index]?.at);
    });
    expect(ring.used()).toBe(0);
    expect(ring.lastTime()).toBe(1000 + 499 / 4);
  });

  it('stores only the given length of a reused buffer, as a copy', () => {
    const ring = new ByteRing(256);
    const buffer = Buffer.from('hello, world');
    ring.put(buffer, 5, 1);
    buffer.write('HELLO');
    const [entry] = ring.take();
    expect(entry?.bytes.toString()).toBe('hello');
  });

  it('tells the writer to wake a sleeping reader once, and a reader with bytes waiting not to sleep', () => {
    const ring = new ByteRing(256);
    expect(ring.sleep()).toBe(true);
    expect(ring.put(Buffer.from('a'), 1, 1)).toBe(true);
    expect(ring.put(Buffer.from('b'), 1, 2)).toBe(false);
    expect(ring.sleep()).toBe(false);
    expect(ring.take().map((entry) => entry.bytes.toString())).toEqual(['a', 'b']);
    expect(ring.sleep()).toBe(true);
    expect(ring.end()).toBe(true);
    expect(ring.ended()).toBe(true);
  });

  it("lends its chunks without a copy: their room stays the reader's until release, then the writer reuses it", () => {
    const ring = new ByteRing(256);
    ring.put(chunk(100, 1), 100, 1);
    ring.put(chunk(60, 2), 60, 2);
    const lent = ring.borrow();
    expect(lent.map((entry) => [entry.bytes.length, entry.at])).toEqual([
      [100, 1],
      [60, 2],
    ]);
    expect(lent[0]?.bytes.equals(chunk(100, 1))).toBe(true);
    // A view of the ring itself, not a copy.
    expect(lent[0]?.bytes.buffer).toBe(ring.buffer);
    // Until release, the lent room is still in use.
    expect(ring.used()).toBe(200);
    ring.release();
    expect(ring.used()).toBe(0);
    // The writer wraps over the room given back: what a borrower did not copy is now other bytes.
    ring.put(chunk(100, 3), 100, 3);
    expect(ring.take().map((entry) => entry.bytes.equals(chunk(100, 3)))).toEqual([true]);
    expect(lent[0]?.bytes.equals(chunk(100, 1))).toBe(false);
    // A release with nothing lent moves nothing.
    ring.release();
    expect(ring.used()).toBe(0);
  });

  it('refuses a chunk larger than the ring instead of losing it', () => {
    const ring = new ByteRing(64);
    expect(() => ring.put(Buffer.alloc(100), 100, 1)).toThrow(/does not fit/);
  });
});
