/** `loupe lint --hosts` and `loupe list` output for portability: per-host verdict counts and the context cost. */
import type { ContextCost, PortabilityReport } from '../../shared/portability.js';
import { formatCount, plural, printableCell } from '../terminal.js';

export function hostSummaryLines(report: PortabilityReport): string[] {
  const width = Math.max(4, ...report.hosts.map((host) => host.id.length));
  const lines = [
    `Portability of ${plural(report.tools.length, 'tool')} to ${plural(report.hosts.length, 'host')}`,
    '',
  ];
  lines.push(`${'HOST'.padEnd(width)}  ${'VERSION'.padEnd(12)}  ACCEPTED  CHANGED  LIMITED  REFUSED  NAME`);
  for (const host of report.hosts) {
    const counts = report.counts[host.id];
    lines.push(
      `${host.id.padEnd(width)}  ${host.version.padEnd(12)}  ${formatCount(counts.accepted).padStart(8)}  ${formatCount(counts.changed).padStart(7)}  ${formatCount(counts.limited).padStart(7)}  ${formatCount(counts.refused).padStart(7)}  ${host.name}`,
    );
  }
  lines.push(
    '',
    'changed: the host passes the tool on without some of it or rewritten; limited: it may not reach the model until a setting changes (both in the host-changed findings, with the workaround); refused: the host fails the request or leaves the tool out.',
  );
  return lines;
}

/** One line: the list's total, and the three heaviest tools. */
export function costLine(cost: ContextCost): string {
  const heaviest = cost.tools
    .slice(0, 3)
    .map((tool) => `${printableCell(tool.name, 40)} ${formatCount(tool.o200k)}`)
    .join(', ');
  const partial = cost.partialTools
    ? ` · ${plural(cost.partialTools, 'tool')} scaled or not counted (too large or too deep)`
    : '';
  return `Context cost: ${formatCount(cost.total.o200k)} tokens (o200k) · ${formatCount(cost.total.cl100k)} (cl100k) · ~${formatCount(cost.total.claudeEstimate)} for Claude (estimate)${heaviest === '' ? '' : ` · heaviest: ${heaviest}`}${partial}`;
}

/** The heaviest tools first, at most `limit` rows. */
export function costLines(cost: ContextCost, limit = 10): string[] {
  const rows = cost.tools.slice(0, limit);
  const width = Math.min(40, Math.max(4, ...rows.map((tool) => printableCell(tool.name, 40).length)));
  const lines = [costLine(cost), '', `${'TOOL'.padEnd(width)}   O200K  CL100K  CLAUDE~`];
  for (const tool of rows) {
    lines.push(
      `${printableCell(tool.name, width).padEnd(width)}  ${formatCount(tool.o200k).padStart(6)}  ${formatCount(tool.cl100k).padStart(6)}  ${formatCount(tool.claudeEstimate).padStart(7)}`,
    );
  }
  if (cost.tools.length > rows.length)
    lines.push(`… and ${plural(cost.tools.length - rows.length, 'lighter tool')} (--json lists each)`);
  lines.push(`(${cost.method})`);
  return lines;
}
