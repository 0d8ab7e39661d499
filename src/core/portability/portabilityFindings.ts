/**
 * A portability report as lint findings, so `loupe lint --hosts` goes through the same report, JSON and exit code as
 * every other finding: a refusal is an error (the host will not pass the tool on, or fails the whole request); a limit
 * (the tool may not reach the model until a setting changes) and a change (what the model sees differs from what the
 * server declared) are info, with the workaround.
 */
import type { Finding } from '../../shared/lint.js';
import type { PortabilityReport } from '../../shared/portability.js';
import { severities } from '../lint/lintTools.js';

function label(name: string, index: number): string {
  if (name === '') return `Tool #${index + 1} (no name)`;
  const shown = [...name].length > 60 ? `${[...name].slice(0, 57).join('')}…` : name;
  return `Tool "${shown}"`;
}

/**
 * One host-refused finding per refusal (each names its host, rule and path); one host-changed finding per tool, all
 * hosts together (limits first), since the same fields are dropped by every model API and a line per host would drown
 * the report.
 */
export function portabilityFindings(report: PortabilityReport): Finding[] {
  const names = new Map(report.hosts.map((host) => [host.id, host.name]));
  const findings: Finding[] = [];
  for (const tool of report.tools) {
    const shown = label(tool.name, tool.index);
    const named = tool.name === '' ? {} : { tool: tool.name };
    const limits: string[] = [];
    const changes: string[] = [];
    const changedBy: string[] = [];
    for (const [hostId, result] of Object.entries(tool.hosts)) {
      const host = names.get(hostId) ?? hostId;
      for (const issue of result.issues.filter((candidate) => candidate.verdict === 'refused')) {
        findings.push({
          code: 'host-refused',
          severity: severities['host-refused'],
          ...named,
          index: tool.index,
          message: `${host} refuses ${shown}: ${issue.message} (rule ${hostId}/${issue.rule}, ${issue.source.url})`,
          host: hostId,
          rule: issue.rule,
          path: issue.path,
        });
      }
      const limited = result.issues.filter((candidate) => candidate.verdict === 'limited');
      for (const issue of limited) {
        limits.push(
          `${host} may not show it to the model: ${issue.message} (${hostId}/${issue.rule}${issue.workaround === undefined ? '' : `; ${issue.workaround}`})`,
        );
      }
      const changed = result.issues.filter((candidate) => candidate.verdict === 'changed');
      if (result.verdict !== 'refused' && (changed.length > 0 || limited.length > 0)) changedBy.push(hostId);
      if (result.verdict !== 'refused' && changed.length > 0) {
        // Dropped fields read as a list ("without annotations, outputSchema"); a rewrite says what it does.
        const dropped = changed.filter((issue) => issue.rule === 'dropped-fields');
        if (dropped.length > 0)
          changes.push(
            `${host} without ${dropped.map((issue) => issue.path).join(', ')} (${hostId}/dropped-fields)`,
          );
        for (const issue of changed.filter((candidate) => candidate.rule !== 'dropped-fields'))
          changes.push(`${host}: ${issue.message} (${hostId}/${issue.rule})`);
      }
    }
    if (changes.length > 0 || limits.length > 0) {
      const parts = [...limits, ...(changes.length > 0 ? [`passed on changed: ${changes.join('; ')}`] : [])];
      findings.push({
        code: 'host-changed',
        severity: severities['host-changed'],
        ...named,
        index: tool.index,
        message: `${shown}: ${parts.join('. ')}.`,
        host: changedBy.join(','),
      });
    }
  }
  return findings;
}
