/**
 * The sessions, one row each in the side bar: label and state (sessions/sessionLabel.ts), then what tells them
 * apart (target, era, live/tapped/snapshot/replay), a × to close. It holds twenty as well as two: a filter from
 * five on, the list scrolls within its part of the side bar, and the shown session is always in the list (even
 * when the filter does not match it) and scrolled into view.
 *
 * WAI-ARIA tabs, vertical: arrow keys, Home and End move between sessions, Delete closes the focused one;
 * Alt+Shift+] and Alt+Shift+[ switch from anywhere (sessions/useSessionKeys.ts). The tablist holds only its tabs:
 * each row's second line and its × are drawn over the row from a layer beside the tablist (a tab may hold no
 * button, and a tablist no other control), the line read as the tab's description.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { isServedReplay } from '../replay/replayActions';
import { nextSessionKeys, previousSessionKeys, statusWords } from '../sessions/sessionLabel';
import { closeSession, showSession } from '../sessions/sessionsActions';
import { stashedPart } from '../sessions/sessionStore';
import { sessionLabels, snapshotName } from '../sessions/stripFacts';
import { useLoupeStore } from '../store/store';
import { newSessionToConnect } from './workbenchActions';
import { factsLine, sessionFacts, type SessionKind } from './sessionFacts';

/** From this many sessions on, the list has a filter. */
const filterFrom = 5;

interface Row {
  id: string;
  label: string;
  /** What tells it from the sessions of the same label (kind, target, era, #n); '' when none has its label. */
  detail: string;
  words: string;
  state: string;
  kind: SessionKind;
  line: string;
  fullTarget: string | undefined;
  selected: boolean;
}

function useRows(): Row[] {
  const { list, shown, shownStatus, shownView } = useLoupeStore(
    useShallow((state) => ({
      list: state.sessionList,
      shown: state.shownSession,
      shownStatus: state.status,
      shownView: state.snapshotView,
    })),
  );
  return useMemo(() => {
    const shownSnapshot = shownView?.snapshot ?? null;
    const labels = sessionLabels(
      { sessionList: list, shownSession: shown, status: shownStatus },
      snapshotName(shownView),
    );
    return list.map((entry, index) => {
      const selected = entry.id === shown;
      const status = selected ? shownStatus : entry.status;
      // A background session's opened snapshot is in the page's stash of it.
      const snapshot = selected ? shownSnapshot : (stashedPart(entry.id)?.snapshotView?.snapshot ?? null);
      const facts = sessionFacts(status, snapshot, isServedReplay);
      const { label, detail } = labels[index] ?? { label: entry.id, detail: '' };
      return {
        id: entry.id,
        label,
        detail,
        words: statusWords(status),
        state: status.state,
        kind: facts.kind,
        line: factsLine(facts),
        fullTarget: facts.fullTarget,
        selected,
      };
    });
  }, [list, shown, shownStatus, shownView]);
}

function matches(row: Row, query: string): boolean {
  const haystack =
    `${row.label} ${row.detail} ${row.line} ${row.fullTarget ?? ''} ${row.id} ${row.words}`.toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

export function SessionSidebar() {
  const rows = useRows();
  const [query, setQuery] = useState('');
  const filtering = rows.length >= filterFrom && query.trim() !== '';
  const shownRows = filtering ? rows.filter((row) => row.selected || matches(row, query)) : rows;
  const matched = filtering ? shownRows.filter((row) => !row.selected || matches(row, query)).length : 0;
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const focusTab = (id: string) => refs.current.get(id)?.focus();
  const shownId = rows.find((row) => row.selected)?.id;

  // The shown session in view: after a switch (a shortcut, the palette) its row is scrolled to.
  useEffect(() => {
    if (shownId === undefined) return;
    // jsdom has no scrollIntoView.
    const element: Partial<HTMLElement> | undefined = refs.current.get(shownId);
    element?.scrollIntoView?.({ block: 'nearest' });
  }, [shownId, rows.length]);

  const onKeyDown = (event: KeyboardEvent) => {
    const at = shownRows.findIndex((row) => row.selected);
    if (at < 0) return;
    let next = -1;
    if (event.key === 'ArrowDown' || event.key === 'ArrowRight') next = (at + 1) % shownRows.length;
    else if (event.key === 'ArrowUp' || event.key === 'ArrowLeft')
      next = (at - 1 + shownRows.length) % shownRows.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = shownRows.length - 1;
    else if (event.key === 'Delete') {
      event.preventDefault();
      void closeSession(shownRows[at].id).then(() => {
        const now = useLoupeStore.getState().shownSession;
        if (now) focusTab(now);
      });
      return;
    }
    if (next < 0) return;
    event.preventDefault();
    const id = shownRows[next].id;
    void showSession(id);
    focusTab(id);
  };

  return (
    <section className="session-sidebar" aria-labelledby="sessions-heading">
      <div className="sidebar-head">
        <h2 className="sidebar-title" id="sessions-heading">
          Sessions <span className="sidebar-count">{rows.length}</span>
        </h2>
        <button
          type="button"
          className="session-new"
          title="Open a new session (the others stay as they are)"
          onClick={() => void newSessionToConnect()}
        >
          + New session
        </button>
      </div>
      {rows.length >= filterFrom ? (
        <input
          className="session-filter"
          type="search"
          aria-label="Filter sessions"
          placeholder="Filter sessions"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      ) : null}
      {filtering ? (
        <p className="muted small session-matches" role="status">
          {matched} of {rows.length} match
        </p>
      ) : null}
      <div className="session-rows">
        <div
          className="session-tabs"
          role="tablist"
          aria-label="Sessions"
          aria-orientation="vertical"
          onKeyDown={onKeyDown}
        >
          {shownRows.map((row) => (
            <button
              key={row.id}
              ref={(element) => {
                if (element) refs.current.set(row.id, element);
                else refs.current.delete(row.id);
              }}
              type="button"
              role="tab"
              id={`session-tab-${row.id}`}
              className={`session-row kind-${row.kind}`}
              aria-selected={row.selected}
              aria-controls="session-panel"
              aria-describedby={`session-facts-${row.id}`}
              tabIndex={row.selected ? 0 : -1}
              title={`${row.label} (${row.id}, ${row.words})${row.fullTarget ? `: ${row.fullTarget}` : ''}. Next session ${nextSessionKeys}, previous ${previousSessionKeys}; Delete closes it.`}
              onClick={() => void showSession(row.id)}
            >
              <span className={`session-dot ${row.state}`} aria-hidden="true" />
              <span className="session-label">
                <span className="session-name">{row.label}</span>
                {row.detail ? <span className="session-detail"> · {row.detail}</span> : null}
              </span>
              <span className="visually-hidden">, {row.words}</span>
            </button>
          ))}
        </div>
        {/* Drawn over the rows: each one's facts (the tab's description) and its ×. */}
        <div className="session-extras">
          {shownRows.map((row) => (
            <div key={row.id} className="session-extra">
              <span className="session-facts" id={`session-facts-${row.id}`} aria-hidden="true">
                {row.line}
              </span>
              <button
                type="button"
                className="session-close"
                tabIndex={-1}
                aria-label={`Close session ${row.detail ? `${row.label} (${row.detail})` : row.label}`}
                title={`Close session ${row.detail ? `${row.label} (${row.detail})` : row.label}`}
                onClick={() => void closeSession(row.id)}
              >
                ×
              </button>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
