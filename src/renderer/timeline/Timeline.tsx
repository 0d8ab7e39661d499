/**
 * The timeline: a waterfall read at a glance, as a browser's network panel. One row per request from sent to
 * answered, server→client requests, tasks (their polls as ticks) and the server's own spans nested under the span
 * that caused them, progress notifications as ticks, requests still in flight in their own lane. Zoom with the
 * buttons or by dragging across the ruler (a brush); a row opens its request frame in Traffic. Rows are virtual:
 * only those in view are drawn, so 10,000 requests scroll as 10.
 */
import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import type { PushedFrame } from '../../shared/frames';
import type { TraceSpan } from '../../shared/trace/spans';
import { framesToSpans } from '../../shared/trace/framesToSpans';
import { formatMs } from '../lib/format';
import { newServerSpans, openInTraffic } from './timelineActions';
import { timelineModel, type TimelineRow } from './timelineRows';

const rowHeight = 22;
const viewRows = 22;
const inFlightShown = 6;

interface TimelineProps {
  frames: readonly PushedFrame[];
  /** Changes when frames were appended (the log is appended in place). */
  version: number;
  /** A live session (the server's spans are fetched); false for a snapshot on screen. */
  live: boolean;
}

function Bar({ row, from, span }: { row: TimelineRow; from: number; span: number }) {
  const left = ((row.start - from) / span) * 100;
  const right = (((row.end ?? from + span) - from) / span) * 100;
  const width = Math.max(right - left, 0.15);
  return (
    <div className="timeline-track">
      <div
        className={`timeline-bar timeline-${row.kind}${row.error ? ' timeline-error' : ''}${row.end === undefined ? ' timeline-open' : ''}`}
        style={{ left: `${left}%`, width: `${width}%` }}
        title={`${row.label}: ${row.end === undefined ? 'waiting' : formatMs(row.end - row.start)}`}
      />
      {row.ticks.map((tick, index) => (
        <div key={index} className="timeline-tick" style={{ left: `${((tick - from) / span) * 100}%` }} />
      ))}
    </div>
  );
}

/** What the bar shows, in words: when it started and how long it took (or that it still waits). */
function barText(row: TimelineRow): string {
  return row.end === undefined
    ? `sent at ${formatMs(row.start)}, waiting`
    : `sent at ${formatMs(row.start)}, took ${formatMs(row.end - row.start)}`;
}

function Row({ row, from, span }: { row: TimelineRow; from: number; span: number }) {
  const seq = row.requestSeq;
  return (
    <div
      className="timeline-row"
      role="row"
      aria-label={row.label}
      data-kind={row.kind}
      data-depth={row.depth}
      style={{ height: rowHeight }}
    >
      {/* A grid's row holds cells (axe-core's aria-required-children): the name, the duration, the bar. */}
      <div role="gridcell" className="timeline-cell">
        <button
          type="button"
          className="timeline-label mono"
          style={{ paddingLeft: 6 + row.depth * 14 }}
          disabled={seq === undefined}
          onClick={() => seq !== undefined && openInTraffic(seq)}
          title={seq === undefined ? row.label : `${row.label} (frame #${seq}): open in Traffic`}
        >
          {row.label}
        </button>
      </div>
      <span role="gridcell" className="timeline-duration num">
        {row.end === undefined ? '…' : formatMs(row.end - row.start)}
      </span>
      <div role="gridcell" className="timeline-cell" aria-label={barText(row)}>
        <Bar row={row} from={from} span={span} />
      </div>
    </div>
  );
}

export function Timeline({ frames, version, live }: TimelineProps) {
  const [serverSpans, setServerSpans] = useState<TraceSpan[]>([]);
  const [range, setRange] = useState<{ from: number; to: number } | null>(null);
  const [scroll, setScroll] = useState(0);
  const [brush, setBrush] = useState<{ start: number; end: number } | null>(null);
  const ruler = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!live) return;
    let known = -1;
    let stopped = false;
    const poll = async () => {
      const spans = await newServerSpans(known);
      if (stopped || !spans) return;
      known = spans.length;
      setServerSpans(spans);
    };
    void poll();
    const timer = setInterval(() => void poll(), 1000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [live]);

  const model = useMemo(
    () => timelineModel([...framesToSpans(frames), ...(live ? serverSpans : [])], frames),
    // frames is appended in place: version says when it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [frames, version, serverSpans, live],
  );
  const from = range?.from ?? model.from;
  const to = range?.to ?? model.to;
  const span = Math.max(to - from, 0.001);

  const zoom = (factor: number) => {
    const middle = (from + to) / 2;
    const half = ((to - from) * factor) / 2;
    setRange({ from: Math.max(model.from, middle - half), to: Math.min(model.to, middle + half) });
  };
  const timeAt = (event: MouseEvent) => {
    const box = ruler.current?.getBoundingClientRect();
    if (!box || box.width === 0) return from;
    return from + ((event.clientX - box.left) / box.width) * span;
  };
  const endBrush = () => {
    if (brush && Math.abs(brush.end - brush.start) > span / 500)
      setRange({ from: Math.min(brush.start, brush.end), to: Math.max(brush.start, brush.end) });
    setBrush(null);
  };

  if (model.rows.length === 0) return <p className="empty">No requests yet.</p>;
  const first = Math.floor(scroll / rowHeight);
  const shown = model.rows.slice(first, first + viewRows + 2);
  const ticks = [0, 0.25, 0.5, 0.75, 1];
  return (
    <section className="timeline" aria-label="Timeline">
      <div className="timeline-tools">
        <span className="small">
          {model.rows.length.toLocaleString()} rows · {formatMs(span)} shown
        </span>
        <button type="button" onClick={() => zoom(0.5)}>
          Zoom in
        </button>
        <button type="button" onClick={() => zoom(2)} disabled={range === null}>
          Zoom out
        </button>
        <button type="button" onClick={() => setRange(null)} disabled={range === null}>
          Whole session
        </button>
        <span className="small muted">
          Drag across the ruler to zoom to a span of time; a row opens its frame in Traffic.
        </span>
      </div>
      <div
        className="timeline-ruler"
        ref={ruler}
        aria-label="Ruler: drag to zoom"
        onMouseDown={(event) => {
          const at = timeAt(event);
          setBrush({ start: at, end: at });
        }}
        onMouseMove={(event) => brush && setBrush({ ...brush, end: timeAt(event) })}
        onMouseUp={endBrush}
        onMouseLeave={() => brush && endBrush()}
      >
        {ticks.map((tick) => (
          <span key={tick} className="timeline-ruler-label" style={{ left: `${tick * 100}%` }}>
            {formatMs(from + tick * span)}
          </span>
        ))}
        {brush && (
          <div
            className="timeline-brush"
            style={{
              left: `${((Math.min(brush.start, brush.end) - from) / span) * 100}%`,
              width: `${(Math.abs(brush.end - brush.start) / span) * 100}%`,
            }}
          />
        )}
      </div>
      {model.inFlight.length > 0 && (
        <div className="timeline-lane" role="grid" aria-label="In flight">
          <div className="timeline-lane-title small">
            In flight ({model.inFlight.length.toLocaleString()})
          </div>
          {model.inFlight.slice(0, inFlightShown).map((row) => (
            <Row key={row.key} row={{ ...row, depth: 0 }} from={from} span={span} />
          ))}
        </div>
      )}
      <div
        className="timeline-rows"
        role="grid"
        aria-label="Requests"
        style={{ height: Math.min(model.rows.length, viewRows) * rowHeight }}
        onScroll={(event) => setScroll(event.currentTarget.scrollTop)}
      >
        <div style={{ height: model.rows.length * rowHeight, position: 'relative' }}>
          <div style={{ position: 'absolute', top: first * rowHeight, left: 0, right: 0 }}>
            {shown.map((row) => (
              <Row key={row.key} row={row} from={from} span={span} />
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}
