import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { JsonObject } from '../../shared/json';
import { itemKey, type ListKind } from '../../shared/lists';
import { buildHaystacks, filterHaystacks } from '../lib/toolFilter';
import { selectItem, setListFilter } from '../store/appActions';
import { selectList, selectListSource } from '../store/selectors';
import { useLoupeStore } from '../store/store';
import { ErrorNotice } from './ErrorNotice';
import { ListHeader } from './ListHeader';
import { VirtualList } from './VirtualList';

interface ItemListPaneProps {
  kind: ListKind;
  noun: string;
  label: string;
  /** Fields searched by the filter, and the secondary line of a row. */
  fields: string[];
  secondary: (item: JsonObject) => string;
}

function text(item: JsonObject, field: string): string {
  const value = item[field];
  return typeof value === 'string' ? value : '';
}

/** A list of resources, templates or prompts: header, filter, virtualised rows. */
export function ItemListPane({ kind, noun, label, fields, secondary }: ItemListPaneProps) {
  const { list, filter, selected, source } = useLoupeStore(
    useShallow((state) => ({
      list: selectList(kind)(state),
      filter: state.filters[kind],
      selected: state.selected[kind],
      source: selectListSource(state),
    })),
  );
  const items = useMemo(() => list.result?.items ?? [], [list.result]);
  const haystacks = useMemo(() => buildHaystacks(items, fields), [items, fields]);
  const positions = useMemo(() => filterHaystacks(haystacks, filter), [haystacks, filter]);
  const marks = new Set([...(list.diff?.added ?? []), ...(list.diff?.changed ?? [])]);
  const open = (row: number) => {
    const index = positions[row];
    selectItem(kind, index, itemKey(kind, items[index]));
  };
  return (
    <section className="list-pane" aria-label={`${label} list`}>
      <ListHeader state={list} noun={noun} shown={filter ? positions.length : undefined} />
      {list.error ? <ErrorNotice error={list.error} context={`Listing ${noun}s failed`} /> : null}
      <input
        className="search"
        type="search"
        aria-label={`Filter ${noun}s`}
        placeholder={`Filter ${noun}s`}
        value={filter}
        onChange={(event) => setListFilter(kind, event.target.value)}
      />
      {list.unsupported ? <p className="empty">Not offered by this server.</p> : null}
      {list.result && positions.length === 0 ? (
        <p className="empty">{filter ? `Nothing matches “${filter}”.` : `No ${noun}s listed.`}</p>
      ) : null}
      <VirtualList
        key={source}
        label={label}
        idPrefix={kind}
        count={positions.length}
        rowHeight={52}
        activeIndex={selected ? positions.indexOf(selected.index) : -1}
        onMove={open}
        onOpen={open}
        renderRow={(row) => {
          const item = items[positions[row]];
          const key = itemKey(kind, item);
          return (
            <div className="item-row">
              <div className="item-line">
                <span className="item-name">{key || text(item, 'name') || '(unnamed)'}</span>
                <span className="spacer" />
                {marks.has(key) ? <span className="badge badge-changed">changed</span> : null}
              </div>
              <div className="item-description">{secondary(item) || '—'}</div>
            </div>
          );
        }}
      />
    </section>
  );
}
