import type { KeyboardEvent } from 'react';
import { moveChange, selectChange } from './compareActions';
import { ClassBadge } from './ChangeDetail';
import { listLabels, type CompareRow } from './compareRows';

const kindMarks = { added: '+', removed: '−', changed: '~' } as const;

interface ChangeListProps {
  rows: readonly CompareRow[];
  selected: string | null;
  /** Enter (or a double click) opens the detail: focus moves there. */
  onOpen: () => void;
}

/** The changes shown, as a listbox: ↑/↓ or j/k move, Home/End jump, Enter opens the detail. */
export function ChangeList({ rows, selected, onOpen }: ChangeListProps) {
  const active = rows.findIndex((row) => row.id === selected);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const steps: Record<string, number> = {
      ArrowDown: 1,
      j: 1,
      ArrowUp: -1,
      k: -1,
      Home: -rows.length,
      End: rows.length,
    };
    if (event.key in steps) {
      event.preventDefault();
      event.stopPropagation();
      moveChange(rows, steps[event.key]);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (active < 0) moveChange(rows, 1);
      onOpen();
    }
  };
  return (
    <div
      className="change-list"
      role="listbox"
      aria-label="Changes"
      tabIndex={0}
      aria-activedescendant={active >= 0 ? `change-${active}` : undefined}
      onKeyDown={onKeyDown}
    >
      {rows.map((row, index) => (
        <div
          key={row.id}
          id={`change-${index}`}
          role="option"
          aria-selected={index === active}
          className={`change-row change-${row.changeClass}${index === active ? ' active' : ''}`}
          onClick={() => selectChange(row.id)}
          onDoubleClick={onOpen}
        >
          <span className={`change-mark change-mark-${row.kind}`} aria-hidden="true">
            {kindMarks[row.kind]}
          </span>
          <span className="change-name mono">{row.name || '(no name)'}</span>
          <span className="muted small">
            {listLabels[row.list]} {row.kind}
          </span>
          <span className="spacer" />
          <ClassBadge changeClass={row.changeClass} />
          {row.fields.length > 0 ? (
            <span className="change-fields muted small mono">
              {row.fields.map((field) => `${field.path} ${field.summary}`).join(' · ')}
            </span>
          ) : null}
        </div>
      ))}
    </div>
  );
}
