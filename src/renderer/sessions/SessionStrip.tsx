/**
 * The session strip: one tab per session the backend holds (label, status dot with its state in words, ×),
 * then "+ New session". WAI-ARIA tabs: arrow keys, Home and End move between sessions, Delete closes the
 * focused one; Alt+Shift+] and Alt+Shift+[ switch from anywhere (useSessionKeys).
 */
import { useRef, type KeyboardEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useLoupeStore } from '../store/store';
import { nextSessionKeys, previousSessionKeys, statusWords } from './sessionLabel';
import { sessionLabels, snapshotName } from './stripFacts';
import { closeSession, openNewSession, showSession } from './sessionsActions';
import './sessions.css';

export function SessionStrip() {
  const { list, shown, shownStatus, shownSnapshot } = useLoupeStore(
    useShallow((state) => ({
      list: state.sessionList,
      shown: state.shownSession,
      shownStatus: state.status,
      shownSnapshot: snapshotName(state.snapshotView),
    })),
  );
  const labels = sessionLabels(
    { sessionList: list, shownSession: shown, status: shownStatus },
    shownSnapshot,
  );
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const focusTab = (id: string) => refs.current.get(id)?.focus();

  const onKeyDown = (event: KeyboardEvent) => {
    const at = list.findIndex((entry) => entry.id === shown);
    if (at < 0 || list.length === 0) return;
    let next = -1;
    if (event.key === 'ArrowRight') next = (at + 1) % list.length;
    else if (event.key === 'ArrowLeft') next = (at - 1 + list.length) % list.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = list.length - 1;
    else if (event.key === 'Delete') {
      event.preventDefault();
      void closeSession(list[at].id).then(() => {
        const now = useLoupeStore.getState().shownSession;
        if (now) focusTab(now);
      });
      return;
    }
    if (next < 0) return;
    event.preventDefault();
    const id = list[next].id;
    void showSession(id);
    focusTab(id);
  };

  return (
    <div className="session-strip">
      <div className="session-tabs" role="tablist" aria-label="Sessions" onKeyDown={onKeyDown}>
        {list.map((entry, index) => {
          const status = entry.id === shown ? shownStatus : entry.status;
          const { label, detail } = labels[index] ?? { label: entry.id, detail: '' };
          const named = detail ? `${label} (${detail})` : label;
          const words = statusWords(status);
          const selected = entry.id === shown;
          return (
            <div
              key={entry.id}
              className={selected ? 'session-tab selected' : 'session-tab'}
              role="presentation"
            >
              <button
                ref={(element) => {
                  if (element) refs.current.set(entry.id, element);
                  else refs.current.delete(entry.id);
                }}
                type="button"
                role="tab"
                id={`session-tab-${entry.id}`}
                aria-selected={selected}
                aria-controls="session-panel"
                tabIndex={selected ? 0 : -1}
                title={`${named} (${entry.id}, ${words}). Next session ${nextSessionKeys}, previous ${previousSessionKeys}; Delete closes it.`}
                onClick={() => void showSession(entry.id)}
              >
                <span className={`session-dot ${status.state}`} aria-hidden="true" />
                <span className="session-label">{label}</span>
                {detail ? <span className="session-detail"> · {detail}</span> : null}
                <span className="visually-hidden">, {words}</span>
              </button>
              <button
                type="button"
                className="session-close"
                tabIndex={-1}
                aria-label={`Close session ${named}`}
                title={`Close session ${named}`}
                onClick={() => void closeSession(entry.id)}
              >
                ×
              </button>
            </div>
          );
        })}
      </div>
      <button
        type="button"
        className="session-new"
        title="Open a new session (the others stay as they are)"
        onClick={() => void openNewSession()}
      >
        + New session
      </button>
    </div>
  );
}
