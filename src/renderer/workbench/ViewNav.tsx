/**
 * The views, by what a person is doing: Inspect, Traffic, Test, Trust, each a short vertical tab list under its
 * heading, all fourteen on screen at once (one click each). One roving tab stop for all of them: the arrow keys,
 * Home and End walk every view in order across the groups, as one list. A count (tools, frames…) is drawn beside
 * the view's name and read as the tab's description, so the tab is named by its name alone.
 */
import type { KeyboardEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { formatCount } from '../lib/format';
import { setTab } from '../store/appActions';
import { selectList } from '../store/selectors';
import { useLoupeStore } from '../store/store';
import type { Tab } from '../store/uiSlice';
import { viewGroups, viewLabels, viewOrder } from './views';

/** The counts shown beside the views (the nav subscribes itself, so a frame batch re-renders it alone). */
function useCounts(): Partial<Record<Tab, string>> {
  const { tools, resources, prompts, frames, listChanges } = useLoupeStore(
    useShallow((state) => ({
      tools: selectList('tools')(state).result?.items.length,
      resources: selectList('resources')(state).result?.items.length,
      prompts: selectList('prompts')(state).result?.items.length,
      frames: (state.snapshotView?.frameLog ?? state.frameLog).length,
      listChanges: state.listHistory.length,
    })),
  );
  const count = (value: number | undefined) => (value === undefined ? undefined : formatCount(value));
  return {
    Tools: count(tools),
    Resources: count(resources),
    Prompts: count(prompts),
    Traffic: frames > 0 ? formatCount(frames) : undefined,
    Compare: listChanges > 0 ? formatCount(listChanges) : undefined,
  };
}

/** The counts in words (not "3 tools": that is the list's own heading, which a page may be searched by). */
const countWords: Partial<Record<Tab, string>> = {
  Tools: 'tools listed',
  Resources: 'resources listed',
  Prompts: 'prompts listed',
  Traffic: 'frames recorded',
  Compare: 'list changes seen',
};

function move(current: Tab, key: string): Tab | undefined {
  const at = viewOrder.indexOf(current);
  if (key === 'ArrowDown' || key === 'ArrowRight') return viewOrder[(at + 1) % viewOrder.length];
  if (key === 'ArrowUp' || key === 'ArrowLeft')
    return viewOrder[(at - 1 + viewOrder.length) % viewOrder.length];
  if (key === 'Home') return viewOrder[0];
  if (key === 'End') return viewOrder[viewOrder.length - 1];
  return undefined;
}

export function ViewNav() {
  const current = useLoupeStore((state) => state.tab);
  const counts = useCounts();
  const onKeyDown = (event: KeyboardEvent) => {
    const next = move(current, event.key);
    if (!next) return;
    event.preventDefault();
    setTab(next);
    document.getElementById(`tab-${next}`)?.focus();
  };
  return (
    <nav className="view-nav" aria-label="Views">
      {viewGroups.map((group) => (
        <div key={group.name} className="view-group">
          <h2 className="view-group-name" id={`view-group-${group.name}`}>
            {group.name}
          </h2>
          <div
            role="tablist"
            aria-labelledby={`view-group-${group.name}`}
            aria-orientation="vertical"
            onKeyDown={onKeyDown}
          >
            {group.views.map((tab: Tab) => {
              const count = counts[tab];
              return (
                <button
                  key={tab}
                  type="button"
                  role="tab"
                  id={`tab-${tab}`}
                  className="view-tab"
                  aria-selected={tab === current}
                  aria-controls={`panel-${tab}`}
                  {...(count !== undefined ? { 'aria-describedby': `view-count-words-${tab}` } : {})}
                  tabIndex={tab === current ? 0 : -1}
                  onClick={() => setTab(tab)}
                >
                  <span className="view-name">{viewLabels[tab]}</span>
                  {count !== undefined ? (
                    <span className="view-count" aria-hidden="true">
                      {count}
                    </span>
                  ) : null}
                </button>
              );
            })}
          </div>
        </div>
      ))}
      {/* The counts in words, read as the tabs' descriptions ("163 tools"). */}
      {viewOrder.map((tab) =>
        counts[tab] !== undefined ? (
          <span key={tab} id={`view-count-words-${tab}`} hidden>
            {counts[tab]} {countWords[tab]}
          </span>
        ) : null,
      )}
    </nav>
  );
}
