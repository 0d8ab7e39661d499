/**
 * Portability: every tool × every host profile (accepted, changed, limited, refused), filterable to the refusals and
 * limits, with each definition's token cost; a cell opens its rules, paths, workarounds and sources. The verdicts and
 * costs come from the backend (the same judgement as `loupe board` and `lint --hosts all`).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { HostVerdict, ToolPortability } from '../../shared/portability';
import { selectList } from '../store/selectors';
import { useLoupeStore } from '../store/store';
import { refreshPortability } from './portabilityActions';
import { IssueSource } from './IssueSource';
import { formatTokens, issueLine, verdictLabel, verdictMark } from './verdicts';
import './portability.css';

interface Cell {
  tool: ToolPortability;
  host: string;
}

export function PortabilityView() {
  const { view, tools } = useLoupeStore(
    useShallow((state) => ({ view: state.portability, tools: selectList('tools')(state).result })),
  );
  const [refusedOnly, setRefusedOnly] = useState(false);
  const [heaviestFirst, setHeaviestFirst] = useState(false);
  const [open, setOpen] = useState<Cell | null>(null);
  const detail = useRef<HTMLElement>(null);
  // A cell opened: its detail comes into view below the matrix (at 700 px it would open off screen).
  useEffect(() => {
    if (open) detail.current?.scrollIntoView({ block: 'nearest' });
  }, [open]);
  // The tools were walked but not judged yet (a reloaded page, or the view opened first): ask once.
  useEffect(() => {
    if (tools && !view) void refreshPortability();
  }, [tools, view]);

  const costByIndex = useMemo(
    () => new Map((view?.costs.tools ?? []).map((cost) => [cost.index, cost])),
    [view],
  );
  const rows = useMemo(() => {
    if (!view) return [];
    const all = view.report.tools.filter(
      (tool) =>
        !refusedOnly ||
        Object.values(tool.hosts).some(
          (result) => result.verdict === 'refused' || result.verdict === 'limited',
        ),
    );
    if (!heaviestFirst) return all;
    return [...all].sort(
      (left, right) => (costByIndex.get(right.index)?.o200k ?? 0) - (costByIndex.get(left.index)?.o200k ?? 0),
    );
  }, [view, refusedOnly, heaviestFirst, costByIndex]);

  if (!view) {
    return (
      <p className="empty">
        {tools
          ? 'Judging the tools against the host profiles…'
          : 'No tools listed: connect to a server first.'}
      </p>
    );
  }
  const { report, costs } = view;
  const openResult = open ? open.tool.hosts[open.host] : undefined;
  const openHost = open ? report.hosts.find((host) => host.id === open.host) : undefined;
  return (
    <section className="portability" aria-label="Portability">
      <header className="portability-header">
        <h2>Portability</h2>
        <p className="muted small">
          {report.tools.length} tools against {report.hosts.length} host profiles. Tool definitions cost{' '}
          <strong>{formatTokens(costs.total.o200k)} tokens</strong> (o200k) ·{' '}
          {formatTokens(costs.total.cl100k)} (cl100k) · ~{formatTokens(costs.total.claudeEstimate)} for Claude
          (estimate).
          {view.complete ? '' : ' The tool list is incomplete: these cover only the tools read.'}
        </p>
        <div className="portability-controls">
          <label>
            <input
              type="checkbox"
              checked={refusedOnly}
              onChange={(event) => setRefusedOnly(event.target.checked)}
            />{' '}
            Refused or limited only
          </label>
          <label>
            <input
              type="checkbox"
              checked={heaviestFirst}
              onChange={(event) => setHeaviestFirst(event.target.checked)}
            />{' '}
            Heaviest first
          </label>
        </div>
      </header>
      <div className="portability-table-wrap">
        <table className="portability-table">
          <thead>
            <tr>
              <th scope="col">Tool</th>
              <th scope="col">Tokens</th>
              {report.hosts.map((host) => (
                <th
                  key={host.id}
                  scope="col"
                  title={`${host.name}, profile ${host.version}${host.standsFor ? `: ${host.standsFor}` : ''}`}
                >
                  {host.id}
                  <div className="muted small">
                    {report.counts[host.id]?.refused ?? 0} refused
                    {(report.counts[host.id]?.limited ?? 0) > 0
                      ? ` · ${report.counts[host.id]?.limited ?? 0} limited`
                      : ''}
                  </div>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((tool) => (
              <tr key={tool.index}>
                <th scope="row" className="mono">
                  {tool.name === '' ? '(no name)' : tool.name}
                </th>
                <td className="number">{formatTokens(costByIndex.get(tool.index)?.o200k ?? 0)}</td>
                {report.hosts.map((host) => {
                  const verdict: HostVerdict = tool.hosts[host.id]?.verdict ?? 'accepted';
                  return (
                    <td key={host.id} className={`verdict verdict-${verdict}`}>
                      <button
                        type="button"
                        className="verdict-button"
                        aria-label={`${tool.name} in ${host.name}: ${verdictLabel[verdict]}`}
                        aria-pressed={open?.tool.index === tool.index && open.host === host.id}
                        onClick={() => setOpen({ tool, host: host.id })}
                      >
                        <span aria-hidden="true">{verdictMark[verdict]}</span> {verdictLabel[verdict]}
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 ? (
          <p className="empty">
            {refusedOnly ? 'No host refuses or limits any tool.' : 'The server listed no tools.'}
          </p>
        ) : null}
      </div>
      {open && openResult && openHost ? (
        <aside ref={detail} className="portability-detail" aria-label="Verdict detail">
          <h3>
            <span className="mono">{open.tool.name}</span> in {openHost.name}:{' '}
            {verdictLabel[openResult.verdict]}
          </h3>
          {openHost.standsFor ? <p className="muted small">Stands for: {openHost.standsFor}.</p> : null}
          {openResult.issues.length === 0 ? (
            <p>Passed on as sent.</p>
          ) : (
            <ul className="findings">
              {openResult.issues.map((issue, position) => (
                <li
                  key={position}
                  className={`finding finding-${issue.verdict === 'refused' ? 'error' : 'info'}`}
                >
                  {issueLine(issue)}
                  {issue.workaround ? <div className="small">What to do: {issue.workaround}</div> : null}
                  <IssueSource source={issue.source} />
                </li>
              ))}
            </ul>
          )}
        </aside>
      ) : null}
      <p className="muted small">{costs.method}</p>
    </section>
  );
}
