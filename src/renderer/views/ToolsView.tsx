import { useDeferredValue, useEffect, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { isJsonObject, type JsonObject } from '../../shared/json';
import { itemKey } from '../../shared/lists';
import type { Finding } from '../../shared/lint';
import { ErrorNotice } from '../components/ErrorNotice';
import { ListHeader } from '../components/ListHeader';
import { SeverityBadges } from '../components/SeverityBadges';
import { VirtualList } from '../components/VirtualList';
import { findingsByIndex } from '../lib/findings';
import { filterHaystacksTyped, haystacksOf, warmFilterWhenIdle } from '../lib/toolFilter';
import { selectItem, setListFilter } from '../store/appActions';
import { selectLint, selectList, selectListSource, selectTapped } from '../store/selectors';
import { streamedItems } from '../store/listsSlice';
import { useLoupeStore } from '../store/store';
import { DeclaredCapabilities } from './DeclaredCapabilities';
import { ToolDetail } from './ToolDetail';
import { ToolsCost } from '../portability/CostSummary';
import { openConnectDialog } from '../workbench/workbenchActions';

const noFindings: Finding[] = [];
const noFindingsByIndex = new Map<number, Finding[]>();
/** Past this many tools a keystroke's filtering is left for React to do when it has time. */
const deferAbove = 200_000;

function text(item: JsonObject, field: string): string {
  const value = item[field];
  return typeof value === 'string' ? value : '';
}

export function ToolsView() {
  const { list, lint, filter, selected, source, tapped } = useLoupeStore(
    useShallow((state) => ({
      tapped: state.snapshotView === null && selectTapped(state) !== undefined,
      list: selectList('tools')(state),
      lint: selectLint(state),
      filter: state.filters.tools,
      selected: state.selected.tools,
      source: selectListSource(state),
    })),
  );
  // While the walk goes on, the rows of the pages so far; the walk's result replaces them when it ends.
  const streamed = useMemo(() => streamedItems(list), [list]);
  const items = useMemo(() => streamed ?? list.result?.items ?? [], [streamed, list.result]);
  // A deferred filter paints the keystroke in one frame and the list in a later one (two frames per key); one pass
  // over 50,000 haystacks and the rows in view fit in one, so the list follows in the same frame up to far larger
  // lists, and is deferred only past them.
  const deferred = useDeferredValue(filter);
  const deferredFilter = items.length > deferAbove ? deferred : filter;
  // Built as the rows stream in (each batch lowercases only its own rows), so a keystroke after the list is whole only
  // searches: nothing is built when the list completes or at the first keystroke.
  const haystacks = useMemo(() => haystacksOf(items), [items]);
  // Once the list is whole, the search runs over it once while the page is idle (its result thrown away): a person's
  // first keys then run compiled code, not cold code at 4-8 times the cost.
  useEffect(() => (streamed ? undefined : warmFilterWhenIdle(haystacks)), [haystacks, streamed]);
  // Null: every item in list order (no filter), without an array of 50,000 positions rebuilt per page of rows.
  const positions = useMemo(
    () => (deferredFilter.trim() !== '' ? filterHaystacksTyped(haystacks, deferredFilter) : null),
    [haystacks, deferredFilter],
  );
  const shownCount = positions ? positions.length : items.length;
  const itemAt = (row: number) => (positions ? positions[row] : row);
  // Lint comes after the walk: rows streaming in before it need no findings (nor their names mapped per page).
  const findings = useMemo(
    () =>
      lint && lint.findings.length > 0
        ? findingsByIndex(
            lint.findings,
            items.map((item) => itemKey('tools', item)),
          )
        : noFindingsByIndex,
    [lint, items],
  );
  const marks = useMemo(() => {
    const map = new Map<string, 'added' | 'changed'>();
    for (const name of list.diff?.added ?? []) map.set(name, 'added');
    for (const name of list.diff?.changed ?? []) map.set(name, 'changed');
    return map;
  }, [list.diff]);
  const activeIndex = !selected ? -1 : positions ? positions.indexOf(selected.index) : selected.index;
  const open = (row: number) => {
    const index = itemAt(row);
    selectItem('tools', index, itemKey('tools', items[index]));
  };
  const tool = selected && isJsonObject(items[selected.index]) ? items[selected.index] : null;
  const toolFindings = selected ? (findings.get(selected.index) ?? noFindings) : noFindings;
  // A keystroke in the filter changes the rows and the count, nothing else: the cost line, the capabilities note and
  // the selected tool's detail are the same elements, so React does not render them again (they read the store
  // themselves where they need it).
  const aboveFilter = useMemo(
    () => (
      <>
        <ToolsCost />
        <DeclaredCapabilities />
      </>
    ),
    [],
  );
  const selectedIndex = selected?.index;
  const detail = useMemo(
    () =>
      tool && selectedIndex !== undefined ? (
        <ToolDetail tool={tool} index={selectedIndex} findings={toolFindings} />
      ) : (
        <p className="empty">Select a tool to see every field it sent.</p>
      ),
    [tool, selectedIndex, toolFindings],
  );

  return (
    <div className="split">
      <section className="list-pane" aria-label="Tool list">
        <ListHeader
          state={list}
          noun="tool"
          shown={filter ? shownCount : undefined}
          {...(streamed ? { streamed: streamed.length } : {})}
        />
        {aboveFilter}
        <input
          className="search"
          type="search"
          aria-label="Filter tools"
          placeholder="Filter by name, title, description"
          value={filter}
          onChange={(event) => setListFilter('tools', event.target.value)}
        />
        {list.unsupported ? <p className="empty">This server does not offer tools.</p> : null}
        {list.error ? <ErrorNotice error={list.error} context="Listing tools failed" /> : null}
        {!list.result && !list.loading && !list.unsupported && !list.error ? (
          <p className="empty">
            {tapped ? (
              'The host has not listed tools yet: they show here as its tools/list passes the tap.'
            ) : (
              <>
                No tools listed:{' '}
                <button type="button" onClick={() => openConnectDialog()}>
                  Connect to a server…
                </button>{' '}
                or open a snapshot.
              </>
            )}
          </p>
        ) : null}
        {list.result && !streamed && shownCount === 0 ? (
          <p className="empty">
            {filter
              ? `No tool matches “${filter}”.`
              : list.result.complete
                ? 'The server listed no tools.'
                : 'No tools received before the listing stopped.'}
          </p>
        ) : null}
        <VirtualList
          key={source}
          label="Tools"
          idPrefix="tool"
          count={shownCount}
          rowHeight={58}
          activeIndex={activeIndex}
          onMove={open}
          onOpen={open}
          renderRow={(row) => {
            const index = itemAt(row);
            const item = items[index];
            const name = text(item, 'name');
            const mark = marks.get(name);
            return (
              <div className="item-row">
                <div className="item-line">
                  <span className="item-name">{name === '' ? '(no name)' : name}</span>
                  {text(item, 'title') ? <span className="item-title">{text(item, 'title')}</span> : null}
                  <span className="spacer" />
                  {mark ? <span className={`badge badge-${mark}`}>{mark}</span> : null}
                  <SeverityBadges findings={findings.get(index) ?? noFindings} />
                </div>
                <div className="item-description">{text(item, 'description').split('\n')[0] || '—'}</div>
              </div>
            );
          }}
        />
      </section>
      <section className="detail-pane" aria-label="Tool detail">
        {detail}
      </section>
    </div>
  );
}
