import { describe, expect, it } from 'vitest';
import { StreamCutter } from './streamCutter.js';

const event = (data: string): string => `data: ${data}\n\n`;

/** Feeds the stream in pieces of `size` bytes: what passed before the cut, whether it was cut, and the most held. */
function run(stream: string, size: number, cutAfter: number, limit: number) {
  const cutter = new StreamCutter(cutAfter, limit);
  const bytes = Buffer.from(stream, 'latin1');
  let passed = '';
  let fed = 0;
  let mostHeld = 0;
  for (let at = 0; at < bytes.length; at += size) {
    const step = cutter.push(bytes.subarray(at, at + size));
    fed += Math.min(size, bytes.length - at);
    for (const part of step.pass) passed += part.toString('latin1');
    mostHeld = Math.max(mostHeld, fed - passed.length);
    if (step.cut) return { passed, cut: true, mostHeld };
  }
  passed += cutter.rest()?.toString('latin1') ?? '';
  return { passed, cut: false, mostHeld };
}

describe('StreamCutter (drop-stream)', () => {
  it('passes whole events and cuts after the given number of events carrying data, a priming event uncounted', () => {
    const stream = 'id: 0\ndata: \n\n' + event('one') + event('two') + event('three');
    for (const size of [1, 3, 7, 1000]) {
      const result = run(stream, size, 2, 1024);
      expect(result.cut).toBe(true);
      expect(result.passed).toBe('id: 0\ndata: \n\n' + event('one') + event('two'));
    }
  });

  it('passes an event past the limit as it comes, never holding it whole, and still cuts after it', () => {
    const big = event('x'.repeat(100_000));
    const stream = event('one') + big + event('three') + event('four');
    for (const size of [1000, 4096]) {
      const result = run(stream, size, 2, 8192);
      expect(result.cut).toBe(true);
      expect(result.passed).toBe(event('one') + big);
      expect(result.mostHeld).toBeLessThanOrEqual(8192 + size);
    }
    // Cut before it: the big event is not passed at all.
    expect(run(stream, 1000, 1, 8192).passed).toBe(event('one'));
  });
});
