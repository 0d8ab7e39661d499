import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

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

/**
 * A virtualised listbox: only the rows in view are in the DOM (10,000 tools, 100,000 frames), with
 * keyboard movement through aria-activedescendant so focus stays on the list.
 */
export function VirtualList(props: VirtualListProps) {
  const { count, rowHeight, activeIndex, onMove, onOpen, follow } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    // Few rows beyond the viewport: each one is rendered, laid out and painted on every keystroke and scroll jump.
    overscan: 4,
  });

  // Bring the highlighted row into view when it changes — not when rows arrive, or a growing traffic log
  // would pull the view back to the selection on every batch.
  const shownActive = useRef(-1);
  useEffect(() => {
    if (activeIndex === shownActive.current) return;
    shownActive.current = activeIndex;
    if (activeIndex >= 0 && activeIndex < count) virtualizer.scrollToIndex(activeIndex, { align: 'auto' });
  }, [activeIndex, count, virtualizer]);

  // Following the tail: rows are of fixed height, so the end is a plain scrollTop (scrollToIndex re-measures
  // the whole list, which at 100,000 frames costs more than the batch itself).
  useEffect(() => {
    const element = scroller.current;
    if (follow && atBottom.current && element && count > 0) element.scrollTop = count * rowHeight;
  }, [follow, count, rowHeight]);

  const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? rowHeight * 10) / rowHeight) - 1);
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
    if (element)
      atBottom.current = element.scrollTop + element.clientHeight >= element.scrollHeight - rowHeight;
  };

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
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => (
          <div
            key={row.key}
            id={`${props.idPrefix}-${row.index}`}
            role="option"
            aria-selected={row.index === activeIndex}
            className={`virtual-row${row.index === activeIndex ? ' active' : ''}`}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              right: 0,
              height: rowHeight,
              transform: `translateY(${row.start}px)`,
            }}
            onClick={() => {
              onMove(row.index);
              onOpen(row.index);
            }}
          >
            {props.renderRow(row.index, row.index === activeIndex)}
          </div>
        ))}
      </div>
    </div>
  );
}
