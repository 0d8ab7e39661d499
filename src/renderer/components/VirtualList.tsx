import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

interface VirtualListProps {
  label: string;
  count: number;
  rowHeight: number;
  /** Position (0…count-1) of the highlighted row, or -1. */
  activeIndex: number;
  /** Arrow keys, Home/End, PageUp/PageDown move here. */
  onMove: (index: number) => void;
  /** Enter or a click opens the row. */
  onOpen: (index: number) => void;
  renderRow: (index: number, active: boolean) => ReactNode;
  idPrefix: string;
  /** Keep the last row in view as rows arrive (the traffic tail), unless the user scrolled up. */
  follow?: boolean;
  className?: string;
}

/** Few rows beyond the viewport: each one is rendered, laid out and painted on every keystroke and scroll jump. */
const overscan = 4;

/** The scroller's offset and height, read in its scroll and resize callbacks (never while rendering). */
interface Viewport {
  top: number;
  height: number;
}

/**
 * A virtualised listbox: only the rows in view are in the DOM (10,000 tools, 100,000 frames), with keyboard
 * movement through aria-activedescendant so focus stays on the list. Rows are of one fixed height, so which rows are
 * in view is arithmetic on the scroll offset: nothing per row is measured or kept, and a list that grows by a page
 * costs nothing beyond the rows on screen (a measuring virtualiser rebuilds an entry per row on every count change).
 */
export function VirtualList(props: VirtualListProps) {
  const { count, rowHeight, activeIndex, onMove, onOpen, follow } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const [viewport, setViewport] = useState<Viewport>({ top: 0, height: 0 });

  // The size now and whenever it changes (the pane is resized, a notice above it comes or goes).
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () =>
      setViewport((shown) =>
        shown.top === element.scrollTop && shown.height === element.clientHeight
          ? shown
          : { top: element.scrollTop, height: element.clientHeight },
      );
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Bring the highlighted row into view when it changes — not when rows arrive, or a growing traffic log
  // would pull the view back to the selection on every batch.
  const shownActive = useRef(-1);
  useEffect(() => {
    if (activeIndex === shownActive.current) return;
    shownActive.current = activeIndex;
    const element = scroller.current;
    if (!element || activeIndex < 0 || activeIndex >= count) return;
    const top = activeIndex * rowHeight;
    if (top < element.scrollTop) element.scrollTop = top;
    else if (top + rowHeight > element.scrollTop + element.clientHeight)
      element.scrollTop = top + rowHeight - element.clientHeight;
  }, [activeIndex, count, rowHeight]);

  // Following the tail: rows are of fixed height, so the end is a plain scrollTop.
  useEffect(() => {
    const element = scroller.current;
    if (follow && atBottom.current && element && count > 0) element.scrollTop = count * rowHeight;
  }, [follow, count, rowHeight]);

  const page = Math.max(1, Math.floor((viewport.height || rowHeight * 10) / rowHeight) - 1);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (count === 0) return;
    const moves: Record<string, number> = {
      ArrowDown: activeIndex + 1,
      ArrowUp: activeIndex - 1,
      PageDown: activeIndex + page,
      PageUp: activeIndex - page,
      Home: 0,
      End: count - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      onMove(
        Math.min(count - 1, Math.max(0, activeIndex < 0 && event.key === 'ArrowDown' ? 0 : moves[event.key])),
      );
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (activeIndex >= 0) onOpen(activeIndex);
    }
  };

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    atBottom.current = element.scrollTop + element.clientHeight >= element.scrollHeight - rowHeight;
    const next = { top: element.scrollTop, height: element.clientHeight };
    setViewport((shown) => (shown.top === next.top && shown.height === next.height ? shown : next));
  };

  const first = Math.max(0, Math.min(count, Math.floor(viewport.top / rowHeight)) - overscan);
  const last = Math.min(count, Math.ceil((viewport.top + viewport.height) / rowHeight) + overscan);
  const rows: number[] = [];
  for (let index = first; index < last; index += 1) rows.push(index);

  return (
    <div
      ref={scroller}
      className={`virtual-list ${props.className ?? ''}`}
      role="listbox"
      aria-label={props.label}
      tabIndex={0}
      aria-activedescendant={
        activeIndex >= 0 && activeIndex < count ? `${props.idPrefix}-${activeIndex}` : undefined
      }
      onKeyDown={onKeyDown}
      onScroll={onScroll}
    >
      <div style={{ height: count * rowHeight, position: 'relative' }}>
        {rows.map((index) => (
          <div
            key={index}
            id={`${props.idPrefix}-${index}`}
            role="option"
            aria-selected={index === activeIndex}
            className={`virtual-row${index === activeIndex ? ' active' : ''}`}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              right: 0,
              height: rowHeight,
              transform: `translateY(${index * rowHeight}px)`,
            }}
            onClick={() => {
              onMove(index);
              onOpen(index);
            }}
          >
            {props.renderRow(index, index === activeIndex)}
          </div>
        ))}
      </div>
    </div>
  );
}
