/** In the tool detail: one badge per host with its verdict, and each refusal, limit or change with its rule and path. */
import type { ToolCost, ToolPortability, HostSummary } from '../../shared/portability';
import { formatTokens, issueLine, publisherLabel, verdictLabel } from './verdicts';

interface HostBadgesProps {
  hosts: HostSummary[];
  tool: ToolPortability;
  cost?: ToolCost;
}

export function HostBadges({ hosts, tool, cost }: HostBadgesProps) {
  const issues = hosts.flatMap((host) =>
    (tool.hosts[host.id]?.issues ?? []).map((issue) => ({ host, issue })),
  );
  return (
    <div className="portability-badges">
      <div className="badge-row" aria-label="Verdicts by host">
        {hosts.map((host) => {
          const verdict = tool.hosts[host.id]?.verdict ?? 'accepted';
          return (
            <span
              key={host.id}
              className={`badge host-badge host-${verdict}`}
              title={`${host.name} (profile ${host.version})`}
            >
              {host.id}: {verdictLabel[verdict]}
            </span>
          );
        })}
      </div>
      {cost ? (
        <div className="muted small">
          Definition: {formatTokens(cost.o200k)} tokens (o200k) · {formatTokens(cost.cl100k)} (cl100k) · ~
          {formatTokens(cost.claudeEstimate)} for Claude (estimate)
        </div>
      ) : null}
      {issues.some(({ issue }) => issue.verdict === 'refused' || issue.verdict === 'limited') ? (
        <ul className="findings">
          {issues
            .filter(({ issue }) => issue.verdict === 'refused' || issue.verdict === 'limited')
            .map(({ host, issue }, position) => (
              <li
                key={position}
                className={`finding ${issue.verdict === 'refused' ? 'finding-error' : 'finding-warning'}`}
              >
                <span className="mono small">{host.id}</span> {issueLine(issue)}{' '}
                {issue.workaround ? <span className="small">What to do: {issue.workaround} </span> : null}
                <span className="muted small">
                  ({publisherLabel(issue.source)}: {issue.source.url}, read {issue.source.read})
                </span>
              </li>
            ))}
        </ul>
      ) : null}
      {issues.some(({ issue }) => issue.verdict === 'changed') ? (
        <details>
          <summary className="small">What the hosts drop or rewrite</summary>
          <ul className="findings">
            {issues
              .filter(({ issue }) => issue.verdict === 'changed')
              .map(({ host, issue }, position) => (
                <li key={position} className="finding finding-info">
                  <span className="mono small">{host.id}</span> {issueLine(issue)}
                </li>
              ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
