// Summaries of repeated measurements: median with min–max, and percentiles for latency series.

export function percentile(values, fraction) {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[rank];
}

export function median(values) {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** { median, min, max, runs, values } of a series (values rounded to 0.01). */
export function summarize(values) {
  const round = (value) => (value === undefined ? undefined : Math.round(value * 100) / 100);
  return {
    median: round(median(values)),
    min: round(Math.min(...values)),
    max: round(Math.max(...values)),
    runs: values.length,
    values: values.map(round),
  };
}

/** Median of the per-round ratios a[i] / b[i] (rounds alternate contenders, so each pair shares machine load). */
export function pairedRatio(numerators, denominators) {
  const ratios = numerators.map((value, index) => value / denominators[index]);
  return { ...summarize(ratios), overall: Math.round((median(numerators) / median(denominators)) * 1000) / 1000 };
}

/** CPU ms (user + system, all threads) this process spent since `started` (a process.cpuUsage() value). */
export function cpuSince(started) {
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}
