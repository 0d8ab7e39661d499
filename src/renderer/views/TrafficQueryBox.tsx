/**
 * The traffic query box: type `method:tools/call dir:in kind:error rtt:>500 id:12 free text`; the valid terms
 * filter as typed, Enter turns them into chips above the list. A chip is removed by clicking it (or Enter /
 * Space on it), or with Backspace in the empty box (the last chip). Invalid tokens stay in the box, each
 * with why.
 */
import { useMemo } from 'react';
import { parseTrafficQuery, termLabel } from '../lib/trafficQuery';
import { setTrafficFilter } from '../store/appActions';
import type { TrafficFilter } from '../store/trafficSlice';

export function TrafficQueryBox({ filter }: { filter: TrafficFilter }) {
  const parsed = useMemo(() => parseTrafficQuery(filter.text), [filter.text]);
  const commit = () => {
    if (parsed.terms.length === 0) return;
    // Invalid tokens stay in the box for the user to fix; the valid ones become chips.
    setTrafficFilter({
      terms: [...filter.terms, ...parsed.terms],
      text: parsed.problems.map((problem) => problem.token).join(' '),
    });
  };
  const remove = (index: number) => setTrafficFilter({ terms: filter.terms.filter((_, at) => at !== index) });
  return (
    <div className="traffic-query">
      <input
        type="search"
        className="grow"
        aria-label="Filter traffic"
        aria-describedby="traffic-query-help"
        placeholder='method:tools/call dir:in kind:error rtt:>500 id:12 "text"'
        value={filter.text}
        onChange={(event) => setTrafficFilter({ text: event.target.value })}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          } else if (event.key === 'Backspace' && filter.text === '' && filter.terms.length > 0) {
            event.preventDefault();
            remove(filter.terms.length - 1);
          }
        }}
      />
      <span id="traffic-query-help" hidden>
        Keys: method, dir (in or out), kind, rtt (with &gt; or &lt;), id; other words search the raw text.
        Enter makes chips; Backspace in the empty box removes the last chip.
      </span>
      {filter.terms.length > 0 || parsed.problems.length > 0 ? (
        <div className="traffic-chips">
          {filter.terms.length > 0 ? (
            <ul className="chip-list" aria-label="Traffic filters in use">
              {filter.terms.map((term, index) => (
                <li key={`${index}-${termLabel(term)}`}>
                  <button
                    type="button"
                    className="chip"
                    aria-label={`Remove filter ${termLabel(term)}`}
                    title="Remove this filter"
                    onClick={() => remove(index)}
                  >
                    {termLabel(term)} <span aria-hidden="true">×</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {parsed.problems.length > 0 ? (
            <ul className="query-problems" role="alert" aria-label="Filter problems">
              {parsed.problems.map((problem, index) => (
                <li key={`${index}-${problem.token}`}>
                  <code>{problem.token}</code>: {problem.reason}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
