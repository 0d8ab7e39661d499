/** Scales shared by the charts: round tick values for an axis, and one colour per method. */

/** Method colours, told apart in light and dark (a bar or a swatch, never text). */
export const methodPalette = [
  '#4f7cff',
  '#e0663d',
  '#2aa876',
  '#b25fd6',
  '#d4a017',
  '#1fa2b8',
  '#d6457a',
  '#7a8599',
];

/** Round numbers for axis ticks; the last one is at least max, so nothing is drawn past the axis. */
export function niceTicks(max: number, count = 4): number[] {
  if (max <= 0) return [0];
  const raw = max / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? raw;
  const ticks: number[] = [];
  for (let index = 0; ; index += 1) {
    const value = index * step;
    ticks.push(value);
    if (value >= max) return ticks;
  }
}
