import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { formatCount, formatMs } from '../lib/format';
import { computeTimings } from '../lib/timings';
import { useThrottled } from '../lib/useThrottled';
import { selectFrameLog } from '../store/selectors';
import { useLoupeStore } from '../store/store';
import { Timeline } from '../timeline/Timeline';
import { TraceSettingsBar } from '../timeline/TraceSettingsBar';

export function TimingsView() {
  const { log, version, live } = useLoupeStore(
    useShallow((state) => ({
      log: selectFrameLog(state),
      version: state.frameVersion,
      live: state.snapshotView === null,
    })),
  );
  // Every response is read: at 100,000 frames that is worth doing twice a second, not per batch.
  const shownVersion = useThrottled(version, 500);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const timings = useMemo(() => computeTimings(log), [log, shownVersion]);
  if (log.length === 0)
    return (
      <div className="timings">
        <TraceSettingsBar />
        <p className="empty">No answered requests yet.</p>
      </div>
    );
  return (
    <div className="timings">
      <TraceSettingsBar />
      <div className="timeline-layout">
        <Timeline frames={log.frames} version={shownVersion} live={live} />
        <table className="data-table" aria-label="Round trips by method">
          <thead>
            <tr>
              <th>Method</th>
              <th className="num">Count</th>
              <th className="num">p50</th>
              <th className="num">p95</th>
              <th className="num">Max</th>
            </tr>
          </thead>
          <tbody>
            {timings.methods.map((row) => (
              <tr key={row.method}>
                <td className="mono">{row.method}</td>
                <td className="num">{formatCount(row.count)}</td>
                <td className="num">{formatMs(row.p50)}</td>
                <td className="num">{formatMs(row.p95)}</td>
                <td className="num">{formatMs(row.max)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
