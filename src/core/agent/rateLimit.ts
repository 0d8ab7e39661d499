/**
 * How fast an agent may call `loupe mcp`'s tools: a bucket of `calls` tokens, refilled evenly over `perMs`. A call
 * past it is refused at once with 'rate-limited' and the wait until the next token (data.retryAfterMs), so a runaway
 * agent loop spends neither the person's machine nor the inspected server.
 */
import { LoupeError } from '../../shared/errors.js';

export interface Rate {
  calls: number;
  perMs: number;
}

export const defaultRate: Rate = { calls: 60, perMs: 60_000 };

export class RateLimiter {
  private tokens: number;
  private last: number;

  constructor(
    private readonly rate: Rate,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = rate.calls;
    this.last = now();
  }

  /** Takes one token, or throws 'rate-limited' naming the wait. */
  take(what: string): void {
    const now = this.now();
    this.tokens = Math.min(
      this.rate.calls,
      this.tokens + ((now - this.last) * this.rate.calls) / this.rate.perMs,
    );
    this.last = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return;
    }
    const retryAfterMs = Math.ceil(((1 - this.tokens) * this.rate.perMs) / this.rate.calls);
    throw new LoupeError({
      kind: 'rate-limited',
      message: `${what} refused: the person allows ${this.rate.calls} calls every ${Math.round(this.rate.perMs / 1000)} s and they are spent. Wait ${Math.ceil(retryAfterMs / 100) / 10} s, and do fewer, larger steps (one list reads every page; one snapshot records everything).`,
      data: { retryAfterMs, calls: this.rate.calls, perMs: this.rate.perMs },
    });
  }
}

/** "60/60s", "10/s", "100/min": calls per window; undefined when it does not parse. */
export function parseRate(text: string): Rate | undefined {
  const match = /^(\d+)\s*\/\s*(\d*)\s*(ms|s|sec|m|min|h)?$/.exec(text.trim());
  if (!match) return undefined;
  const calls = Number(match[1]);
  const count = match[2] === '' || match[2] === undefined ? 1 : Number(match[2]);
  const unit = match[3] ?? 's';
  const unitMs =
    unit === 'ms' ? 1 : unit === 'm' || unit === 'min' ? 60_000 : unit === 'h' ? 3_600_000 : 1000;
  const perMs = count * unitMs;
  if (!Number.isSafeInteger(calls) || calls < 1 || !Number.isFinite(perMs) || perMs < 1) return undefined;
  return { calls, perMs };
}
