import { formatMs } from '../lib/format';
import type { TimingPoint } from '../lib/timings';

const width = 760;
const height = 260;
const margin = { top: 16, right: 16, bottom: 32, left: 56 };
const palette = ['#4f7cff', '#e0663d', '#2aa876', '#b25fd6', '#d4a017', '#1fa2b8', '#d6457a', '#7a8599'];
const maxPoints = 4000;

/** Round numbers for axis ticks; the last one is at least max, so no point is drawn above the axis. */
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

/** Round trips over session time, one colour per method: a hand-made SVG scatter. */
export function RoundTripChart({ points, methods }: { points: TimingPoint[]; methods: string[] }) {
  const stride = Math.max(1, Math.ceil(points.length / maxPoints));
  const shown = stride === 1 ? points : points.filter((_, index) => index % stride === 0);
  const maxT = Math.max(1, ...shown.map((point) => point.t));
  const yTicks = niceTicks(Math.max(1, ...shown.map((point) => point.rttMs)));
  const maxY = yTicks[yTicks.length - 1] || 1;
  const x = (t: number) => margin.left + (t / maxT) * (width - margin.left - margin.right);
  const y = (ms: number) => height - margin.bottom - (ms / maxY) * (height - margin.top - margin.bottom);
  const colour = new Map(methods.map((method, index) => [method, palette[index % palette.length]]));
  const xTicks = niceTicks(maxT / 1000).map((seconds) => seconds * 1000);
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label="Round trips over time">
        {yTicks.map((tick) => (
          <g key={`y${tick}`}>
            <line className="grid" x1={margin.left} x2={width - margin.right} y1={y(tick)} y2={y(tick)} />
            <text className="axis" x={margin.left - 6} y={y(tick) + 4} textAnchor="end">
              {tick === 0 ? '0' : formatMs(tick)}
            </text>
          </g>
        ))}
        {xTicks
          .filter((tick) => tick <= maxT)
          .map((tick) => (
            <text key={`x${tick}`} className="axis" x={x(tick)} y={height - 10} textAnchor="middle">
              {(tick / 1000).toFixed(tick < 10_000 && tick % 1000 !== 0 ? 1 : 0)} s
            </text>
          ))}
        {shown.map((point, index) => (
          <circle
            key={index}
            cx={x(point.t)}
            cy={y(point.rttMs)}
            r={3}
            fill={colour.get(point.method)}
            opacity={0.8}
          >
            <title>{`${point.method}: ${formatMs(point.rttMs)}`}</title>
          </circle>
        ))}
      </svg>
      <figcaption className="legend">
        {methods.slice(0, 12).map((method) => (
          <span key={method} className="legend-item">
            <span className="swatch" style={{ background: colour.get(method) }} />
            <span className="mono">{method}</span>
          </span>
        ))}
        {stride > 1 ? <span className="muted small">every {stride}th point shown</span> : null}
      </figcaption>
    </figure>
  );
}
