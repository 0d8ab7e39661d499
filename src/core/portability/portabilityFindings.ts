/**
 * A portability report as lint findings, so `loupe lint --hosts` goes through the same report, JSON and exit code as
 * every other finding: a refusal is an error (the host will not pass the tool on, or fails the whole request), a
 * change is info (what the model sees differs from what the server declared).
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
 * hosts together, since the same fields are dropped by every model API and a line per host would drown the report.
 */
export function portabilityFindings(report: PortabilityReport): Finding[] {
  const names = new Map(report.hosts.map((host) => [host.id, host.name]));
  const findings: Finding[] = [];
  for (const tool of report.tools) {
    const shown = label(tool.name, tool.index);
    const named = tool.name === '' ? {} : { tool: tool.name };
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
      const changed = result.issues.filter((candidate) => candidate.verdict === 'changed');
      if (result.verdict === 'changed' && changed.length > 0) {
        changedBy.push(hostId);
        const rules = [...new Set(changed.map((issue) => `${hostId}/${issue.rule}`))].join(', ');
        changes.push(`${host} without ${changed.map((issue) => issue.path).join(', ')} (${rules})`);
      }
    }
    if (changes.length > 0) {
      findings.push({
        code: 'host-changed',
        severity: severities['host-changed'],
        ...named,
        index: tool.index,
        message: `${shown} is passed on changed: ${changes.join('; ')}.`,
        host: changedBy.join(','),
      });
    }
  }
  return findings;
}
