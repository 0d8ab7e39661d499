import type { FrameLog } from './frameLog';
import { frameMethod } from './frameFilter';

export interface MethodTiming {
  method: string;
  count: number;
  p50: number;
  p95: number;
  max: number;
}

export interface TimingPoint {
  /** The response frame's seq (Traffic opens it). */
  seq: number;
  /** Session time of the response, ms (the request went out rttMs before). */
  t: number;
  rttMs: number;
  method: string;
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil(fraction * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

/** Round trips of every answered request, grouped by method, and the points for the chart. */
export function computeTimings(log: FrameLog): { methods: MethodTiming[]; points: TimingPoint[] } {
  const byMethod = new Map<string, number[]>();
  const points: TimingPoint[] = [];
  for (const frame of log.frames) {
    if ((frame.kind !== 'response' && frame.kind !== 'error') || frame.rttMs === undefined) continue;
    const method = frameMethod(frame, log) ?? '(unknown)';
    let values = byMethod.get(method);
    if (!values) byMethod.set(method, (values = []));
    values.push(frame.rttMs);
    points.push({ seq: frame.seq, t: frame.t, rttMs: frame.rttMs, method });
  }
  const methods = [...byMethod].map(([method, values]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return {
      method,
      count: sorted.length,
      p50: percentile(sorted, 0.5),
      p95: percentile(sorted, 0.95),
      max: sorted[sorted.length - 1],
    };
  });
  methods.sort((a, b) => b.count - a.count || a.method.localeCompare(b.method));
  return { methods, points };
}
