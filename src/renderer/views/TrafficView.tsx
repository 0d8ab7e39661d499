import { useEffect, useMemo, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { VirtualList } from '../components/VirtualList';
import { compileFilter, FrameIndex, frameMethod, searchesText } from '../lib/frameFilter';
import { roundMarks } from '../lib/roundMarks';
import { useThrottled } from '../lib/useThrottled';
import { formatCount, plural } from '../lib/format';
import { clearTraffic, selectFrame, setTrafficFilter, togglePause } from '../store/appActions';
import { selectFrameLog, selectReadOnly } from '../store/selectors';
import { useLoupeStore } from '../store/store';
import { readFrameTexts } from '../store/frameTexts';
import { FrameDetail } from './FrameDetail';
import { FrameRow } from './FrameRow';
import { TrafficQueryBox } from './TrafficQueryBox';
import { TapFaults } from '../tap/TapFaults';
import './traffic.css';

export function TrafficView() {
  const state = useLoupeStore(
    useShallow((s) => ({
      log: selectFrameLog(s),
      version: s.frameVersion,
      filter: s.trafficFilter,
      pausedAt: s.pausedAt,
      clearedThroughSeq: s.snapshotView ? 0 : s.clearedThroughSeq,
      selectedSeq: s.selectedFrameSeq,
      stats: s.snapshotView ? null : s.recorderStats,
      dropped: s.snapshotView?.snapshot.framesDropped ?? 0,
      readOnly: selectReadOnly(s),
      calls: s.snapshotView ? null : s.calls,
      // A tapped session's faults sit with its traffic, where what they inject is marked.
      tap: !s.snapshotView && s.status.state !== 'idle' && s.status.tapped ? s.status : null,
    })),
  );
  const marks = useMemo(() => {
    const outcomes = Object.values(state.calls ?? {}).flatMap((record) =>
      record.outcome ? [record.outcome] : [],
    );
    return roundMarks(outcomes);
  }, [state.calls]);
  const { log, filter, pausedAt, clearedThroughSeq, selectedSeq, stats, readOnly } = state;
  // A flood arrives in dozens of batches a second; the list (and the virtualiser's per-row bookkeeping)
  // catches up four times a second, which reads as live and keeps 100,000 frames cheap.
  const version = useThrottled(state.version, 250);
  const index = useRef(new FrameIndex());
  const limit = pausedAt === null || readOnly ? log.length : pausedAt;
  const positions = useMemo(
    () => index.current.compute({ log, filter, clearedThroughSeq, limit }),
    // version: the log grows in place; recompute (incrementally) when it did.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [log, version, filter, clearedThroughSeq, limit],
  );
  const count = positions.length;
  // List pages crossed without their text: a text search reads them in first, then looks again (FrameIndex).
  const searching = useMemo(() => searchesText(compileFilter(filter)), [filter]);
  const unread = useMemo(
    () => (searching ? log.withoutText() : []),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [searching, log, version],
  );
  useEffect(() => {
    if (unread.length > 0) void readFrameTexts(unread);
  }, [unread]);
  const unreadable = searching ? log.missing.size : 0;
  const activeRow = useMemo(() => {
    if (selectedSeq === null) return -1;
    const at = log.indexOfSeq(selectedSeq);
    return at < 0 ? -1 : lowerBound(positions, at, count);
  }, [selectedSeq, log, positions, count]);
  const selected = selectedSeq === null ? undefined : log.bySeq(selectedSeq);
  /** A frame the user asked to see although the filter hides it (Go to request, or Show it), until the filter changes. */
  const [revealed, setRevealed] = useState<{ seq: number; filter: typeof filter } | null>(null);
  const reveal = (seq: number) => setRevealed({ seq, filter });
  const shown =
    revealed !== null &&
    selected !== undefined &&
    revealed.seq === selected.seq &&
    revealed.filter === filter;
  const jump = (seq: number) => {
    reveal(seq);
    selectFrame(seq);
  };
  const overflow = stats?.overflow ?? state.dropped;

  return (
    <div className="traffic">
      <div className="toolbar" role="toolbar" aria-label="Traffic filters">
        <input
          type="search"
          aria-label="Filter by method"
          placeholder="Method"
          value={filter.method}
          onChange={(event) => setTrafficFilter({ method: event.target.value })}
        />
        <select
          aria-label="Direction"
          value={filter.direction}
          onChange={(event) => setTrafficFilter({ direction: event.target.value as typeof filter.direction })}
        >
          <option value="all">Both directions</option>
          <option value="out">Sent (→ server)</option>
          <option value="in">Received (← server)</option>
        </select>
        <TrafficQueryBox filter={filter} />
        {readOnly ? null : (
          <>
            <button type="button" aria-pressed={pausedAt !== null} onClick={togglePause}>
              {pausedAt === null ? 'Pause' : `Resume (${formatCount(log.length - pausedAt)} new)`}
            </button>
            <button type="button" onClick={clearTraffic} title="Hides the frames so far; nothing is deleted">
              Clear
            </button>
          </>
        )}
        <span className="muted small toolbar-count">
          {plural(count, 'frame')}
          {count !== log.length ? ` of ${formatCount(log.length)}` : ''}
        </span>
      </div>
      {state.tap?.tapped && !state.tap.tapped.agent ? (
        <div className="traffic-tap">
          <TapFaults tapped={state.tap.tapped} live={state.tap.state !== 'closed'} />
        </div>
      ) : null}
      {overflow > 0 ? (
        <div className="notice notice-warning" role="status">
          {plural(overflow, 'frame')} dropped from memory (the recorder was full)
          {stats?.journalPath ? `; the journal ${stats.journalPath} has them` : ''}.
        </div>
      ) : null}
      {unread.length > 0 ? (
        <div className="muted small" role="status" data-testid="traffic-reading-texts">
          Reading the text of {plural(unread.length, 'list page')} to search it…
        </div>
      ) : unreadable > 0 ? (
        <div className="notice notice-warning" role="status">
          {plural(unreadable, 'frame')} not searched: their text could not be read from the backend.
        </div>
      ) : null}
      {clearedThroughSeq > 0 && !readOnly ? (
        <div className="muted small cleared-note">
          View cleared at frame #{clearedThroughSeq}: earlier frames are hidden, not deleted.
        </div>
      ) : null}
      <div className="traffic-body">
        <div className="frame-table">
          <div className="frame-row frame-head" aria-hidden="true">
            <span>#</span>
            <span>time</span>
            <span>dir</span>
            <span>kind</span>
            <span>method</span>
            <span>id</span>
            <span className="num">size</span>
            <span className="num">rtt</span>
          </div>
          <VirtualList
            label="Frames"
            idPrefix="frame"
            count={count}
            rowHeight={28}
            activeIndex={activeRow}
            follow={selectedSeq === null}
            onMove={(row) => selectFrame(log.frames[positions[row]].seq)}
            onOpen={(row) => selectFrame(log.frames[positions[row]].seq)}
            renderRow={(row) => (
              <FrameRow
                frame={log.frames[positions[row]]}
                method={frameMethod(log.frames[positions[row]], log)}
                mark={marks.get(log.frames[positions[row]].seq)}
              />
            )}
          />
        </div>
        <section className="frame-detail-pane" aria-label="Frame detail">
          {selected && activeRow < 0 && !shown ? (
            <p className="empty" role="status">
              Frame #{selected.seq} is hidden by {selected.seq <= clearedThroughSeq ? 'Clear' : 'the filter'}.{' '}
              <button type="button" onClick={() => reveal(selected.seq)}>
                Show it
              </button>{' '}
              <button type="button" onClick={() => selectFrame(null)}>
                Deselect it
              </button>
            </p>
          ) : selected ? (
            <FrameDetail frame={selected} log={log} mark={marks.get(selected.seq)} onJump={jump} />
          ) : (
            <p className="empty">Select a frame to see its raw text.</p>
          )}
        </section>
      </div>
    </div>
  );
}

/** First row whose log position is >= at (positions are ascending). */
function lowerBound(positions: readonly number[], at: number, count: number): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (positions[middle] < at) low = middle + 1;
    else high = middle;
  }
  return low < count && positions[low] === at ? low : -1;
}
