import type { RefObject } from 'react';
import type { CompareFilter } from '../store/compareSlice';
import { setCompareText, toggleClassFilter, toggleKindFilter } from './compareActions';
import { classOrder, kindOrder } from './compareRows';

export const classKeys = { breaking: 'b', drift: 'd', compatible: 'c' } as const;
export const kindKeys = { added: 'a', removed: 'r', changed: 'm' } as const;

interface CompareFiltersProps {
  filter: CompareFilter;
  classCounts: Map<string, number>;
  kindCounts: Map<string, number>;
  search: RefObject<HTMLInputElement | null>;
}

/** Toggle buttons per class and per kind of change (each with its key), and a text filter (/ focuses it). */
export function CompareFilters({ filter, classCounts, kindCounts, search }: CompareFiltersProps) {
  return (
    <div className="compare-filters" role="group" aria-label="Filter changes">
      {classOrder.map((changeClass) => (
        <button
          key={changeClass}
          type="button"
          className={`filter-toggle filter-${changeClass}`}
          aria-pressed={filter.classes[changeClass]}
          aria-keyshortcuts={classKeys[changeClass]}
          title={`Show or hide ${changeClass} changes (${classKeys[changeClass]})`}
          onClick={() => toggleClassFilter(changeClass)}
        >
          {changeClass} {classCounts.get(changeClass) ?? 0}
        </button>
      ))}
      <span className="filter-gap" />
      {kindOrder.map((kind) => (
        <button
          key={kind}
          type="button"
          className="filter-toggle"
          aria-pressed={filter.kinds[kind]}
          aria-keyshortcuts={kindKeys[kind]}
          title={`Show or hide ${kind} items (${kindKeys[kind]})`}
          onClick={() => toggleKindFilter(kind)}
        >
          {kind} {kindCounts.get(kind) ?? 0}
        </button>
      ))}
      <input
        ref={search}
        className="search compare-search"
        type="search"
        aria-label="Filter changes by text"
        aria-keyshortcuts="/"
        placeholder="Filter by name or field (/)"
        value={filter.text}
        onChange={(event) => setCompareText(event.target.value)}
      />
    </div>
  );
}
