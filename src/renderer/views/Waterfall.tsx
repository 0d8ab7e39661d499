/**
 * The Timings view's waterfall, as in a browser's Network panel: one row per answered request, in the order they
 * went out, a bar from the request to its answer on the session's time axis, the method's colour, the round trip
 * in words. A row opens its answer in Traffic. The latest requests are drawn (a long session keeps its table of
 * every method above; the waterfall is for seeing what overlapped and what waited).
 */
import { useMemo, type CSSProperties } from 'react';
import { methodPalette, timeAxis } from '../lib/chartScale';
import { formatMs, plural } from '../lib/format';
import type { TimingPoint } from '../lib/timings';
import { selectFrame, setTab } from '../store/appActions';

const maxRows = 300;

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms < 10_000 && ms % 1000 !== 0 ? 1 : 0)} s`;
}

export function Waterfall({ points, methods }: { points: TimingPoint[]; methods: string[] }) {
  const rows = useMemo(
    () =>
      points
        .slice(-maxRows)
        .map((point) => ({ ...point, start: point.t - point.rttMs }))
        .sort((a, b) => a.start - b.start || a.seq - b.seq),
    [points],
  );
  const colour = new Map(
    methods.map((method, index) => [method, methodPalette[index % methodPalette.length]]),
  );
  const from = Math.min(...rows.map((row) => row.start));
  const to = Math.max(...rows.map((row) => row.t));
  const { origin, span, ticks } = timeAxis(from, to);
  const at = (ms: number) => `${((ms - origin) / span) * 100}%`;
  const open = (seq: number) => {
    setTab('Traffic');
    selectFrame(seq);
  };
  return (
    <figure className="waterfall">
      <figcaption className="waterfall-caption">
        <span>
          {rows.length < points.length
            ? `The last ${rows.length} of ${plural(points.length, 'answered request')}`
            : plural(points.length, 'answered request')}
          , each from its request to its answer; a row opens the answer in Traffic.
        </span>
        <span className="legend">
          {methods.slice(0, 12).map((method) => (
            <span key={method} className="legend-item">
              <span className="swatch" style={{ background: colour.get(method) }} />
              <span className="mono">{method}</span>
            </span>
          ))}
        </span>
      </figcaption>
      <div className="waterfall-scale" aria-hidden="true">
        <span />
        <span className="waterfall-ticks">
          {ticks.map((tick) => (
            <span key={tick} className="waterfall-tick" style={{ left: `${(tick / span) * 100}%` }}>
              {seconds(origin + tick)}
            </span>
          ))}
        </span>
        <span />
      </div>
      <ol
        className="waterfall-rows"
        aria-label="Requests over time"
        // The track's grid lines fall on the scale's ticks.
        style={
          { '--waterfall-tick': `${ticks.length > 1 ? (ticks[1] / span) * 100 : 100}%` } as CSSProperties
        }
      >
        {rows.map((row) => (
          <li key={row.seq}>
            <button type="button" className="waterfall-row" onClick={() => open(row.seq)}>
              <span className="waterfall-method mono">{row.method}</span>
              <span className="waterfall-track" aria-hidden="true">
                <span
                  className="waterfall-bar"
                  style={{
                    left: at(row.start),
                    width: `max(2px, ${(row.rttMs / span) * 100}%)`,
                    background: colour.get(row.method),
                  }}
                />
              </span>
              <span className="waterfall-ms">{formatMs(row.rttMs)}</span>
            </button>
          </li>
        ))}
      </ol>
    </figure>
  );
}
