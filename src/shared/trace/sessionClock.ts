/**
 * A session's clock as span times: Frame.t is milliseconds since the session started (monotonic, to the
 * microsecond) and Frame.wall the epoch milliseconds when it was recorded. The session's origin is read from its
 * first frame, so every frame's time becomes Unix nanoseconds without the jitter of each frame's own wall time.
 */
import type { Frame } from '../frames.js';

export interface SessionClock {
  /** Epoch microseconds of t = 0. */
  originMicros: bigint;
}

export function clockOf(frames: readonly Pick<Frame, 't' | 'wall'>[]): SessionClock {
  const first = frames[0];
  return { originMicros: BigInt(first ? Math.round((first.wall - first.t) * 1000) : 0) };
}

/** The Unix nanoseconds of session time `t` (ms), as a decimal string. */
export function nanoAt(clock: SessionClock, t: number): string {
  return (clock.originMicros * 1000n + BigInt(Math.round(t * 1_000_000))).toString();
}

/** Session time (ms) of Unix nanoseconds given as a decimal string; NaN when it is not one. */
export function sessionTimeOf(clock: SessionClock, unixNano: string): number {
  if (!/^\d{1,20}$/.test(unixNano)) return Number.NaN;
  return Number(BigInt(unixNano) - clock.originMicros * 1000n) / 1_000_000;
}

/** Two FNV-1a hashes of 32 bits (different offsets), as 16 hex digits, never all zero: ids no traceparent named. */
export function hashHex16(text: string): string {
  let high = 0x811c9dc5;
  let low = 0x050c5d1f;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    high = Math.imul(high ^ code, 0x01000193);
    low = Math.imul(low ^ code, 0x01000193);
  }
  const hex = `${(high >>> 0).toString(16).padStart(8, '0')}${(low >>> 0).toString(16).padStart(8, '0')}`;
  return hex === '0000000000000000' ? '0000000000000001' : hex;
}

/** A 32-hex trace id made from a text (two 64-bit hashes). */
export function hashHex32(text: string): string {
  return `${hashHex16(`t:${text}`)}${hashHex16(`u:${text}`)}`;
}
