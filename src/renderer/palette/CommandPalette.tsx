/**
 * The command palette (Ctrl/Cmd+K): type to find any action, tab, saved server, tool, resource, prompt or
 * frame, or session; ArrowUp/ArrowDown choose, Enter runs, Escape closes. Focus returns to where it was, and a jump then
 * moves it into the view it opened.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ListKind } from '../../shared/lists';
import { selectList } from '../store/selectors';
import { useLoupeStore } from '../store/store';
import { paletteEntries, type PaletteEntry } from './paletteEntries';
import { rankPalette } from './paletteRank';
import { useReturnFocus } from './useReturnFocus';
import { setPaletteOpen, togglePalette } from '../workbench/workbenchActions';
import './palette.css';

function isPaletteKey(event: KeyboardEvent): boolean {
  return (
    (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k'
  );
}

/** The entries while `session` is shown (the arguments only key the memo: the store is read whole). */
function entriesOf(session: string | null, ..._lists: unknown[]): PaletteEntry[] {
  return session === useLoupeStore.getState().shownSession ? paletteEntries(useLoupeStore.getState()) : [];
}

/** A list's walked result: the palette is built again when one arrives while it is open. */
function useListResult(kind: ListKind): unknown {
  return useLoupeStore((state) => selectList(kind)(state).result);
}

function PaletteBody({ onClose }: { onClose: () => void }) {
  // Built once per opening, per session shown (Alt+Shift+] / [ switch sessions with the palette open) and per
  // list walked meanwhile: a palette opened while the first listing is still going offers its tools once they
  // are listed, not only at the next opening.
  const shownSession = useLoupeStore((state) => state.shownSession);
  const tools = useListResult('tools');
  const prompts = useListResult('prompts');
  const resources = useListResult('resources');
  const templates = useListResult('templates');
  const entries = useMemo(
    () => entriesOf(shownSession, tools, prompts, resources, templates),
    [shownSession, tools, prompts, resources, templates],
  );
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const shown = useMemo(() => rankPalette(entries, query), [entries, query]);
  // The matches may change under the cursor (a list arrived): keep it on one of them.
  const current = active < shown.length ? active : 0;
  const container = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  useReturnFocus(true, container, input);
  useEffect(() => {
    // jsdom has no scrollIntoView.
    const option: Partial<HTMLElement> | null = document.getElementById(`palette-option-${current}`);
    option?.scrollIntoView?.({ block: 'nearest' });
  }, [current]);

  const run = (entry: PaletteEntry | undefined): void => {
    if (!entry) return;
    onClose();
    entry.run();
  };
  const onKeyDown = (event: React.KeyboardEvent): void => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive(shown.length === 0 ? 0 : (current + step + shown.length) % shown.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      run(shown[current]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
    }
  };

  return (
    <div className="palette-backdrop" onMouseDown={onClose}>
      <div
        ref={container}
        className="palette"
        role="dialog"
        aria-modal="true"
        aria-label="Command palette"
        onMouseDown={(event) => event.stopPropagation()}
      >
        <input
          ref={input}
          className="palette-input"
          role="combobox"
          aria-expanded="true"
          aria-controls="palette-options"
          aria-activedescendant={shown.length > 0 ? `palette-option-${current}` : undefined}
          aria-label="Go to"
          placeholder="Go to a tool, resource, prompt, frame, server or action…"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        <ul id="palette-options" className="palette-options" role="listbox" aria-label="Matches">
          {shown.map((entry, index) => (
            <li
              key={entry.id}
              id={`palette-option-${index}`}
              role="option"
              aria-selected={index === current}
              className={index === current ? 'palette-option active' : 'palette-option'}
              onMouseMove={() => setActive(index)}
              onClick={() => run(entry)}
            >
              <span className="palette-group">{entry.group}</span>
              <span className="palette-label">{entry.label}</span>
              {entry.detail ? <span className="palette-detail muted">{entry.detail}</span> : null}
            </li>
          ))}
        </ul>
        {shown.length === 0 ? <p className="muted small palette-empty">Nothing matches “{query}”.</p> : null}
      </div>
    </div>
  );
}

export function CommandPalette() {
  const open = useLoupeStore((state) => state.paletteOpen);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      if (!isPaletteKey(event)) return;
      event.preventDefault();
      togglePalette();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return open ? <PaletteBody onClose={() => setPaletteOpen(false)} /> : null;
}
