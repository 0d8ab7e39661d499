/** `loupe lint` output: the findings, then the server summary like reference/tools-list-field-reference.txt. */
import type { Finding, ToolSummary } from '../../shared/lint.js';
import { namingConventions, summaryFields } from '../../shared/lint.js';
import { formatCount, plural, printable, printableCell, truncate } from '../terminal.js';

const severityOrder = { error: 0, warning: 1, info: 2 } as const;

/** Info findings of one code on more tools than this print as one line with a count (errors and warnings never). */
const groupAbove = 3;

interface FindingRow {
  finding: Finding;
  /** How many findings of this code the row stands for (1 unless grouped). */
  count: number;
}

/** One row per finding, except info codes found on many tools: one row each, in the place of the first. */
function findingRows(sorted: readonly Finding[]): FindingRow[] {
  const infoCounts = new Map<string, number>();
  for (const finding of sorted) {
    if (finding.severity === 'info' && finding.tool !== undefined)
      infoCounts.set(finding.code, (infoCounts.get(finding.code) ?? 0) + 1);
  }
  const rows: FindingRow[] = [];
  const grouped = new Set<string>();
  for (const finding of sorted) {
    const count =
      finding.severity === 'info' && finding.tool !== undefined ? (infoCounts.get(finding.code) ?? 1) : 1;
    if (count <= groupAbove) rows.push({ finding, count: 1 });
    else if (!grouped.has(finding.code)) {
      grouped.add(finding.code);
      rows.push({ finding, count });
    }
  }
  return rows;
}

export function findingLines(findings: readonly Finding[]): string[] {
  if (findings.length === 0) return ['No findings.'];
  // Session-level findings (no tool) first, then by severity and list position.
  const sorted = [...findings].sort(
    (a, b) => severityOrder[a.severity] - severityOrder[b.severity] || (a.index ?? -1) - (b.index ?? -1),
  );
  const rows = findingRows(sorted);
  const tools = rows.map(({ finding, count }) =>
    count > 1 ? `${formatCount(count)} tools` : printableCell(finding.tool ?? '-', 40),
  );
  // A loop, not Math.max(...tools): a list of 200,000 tools has more findings than a call takes arguments.
  let toolWidth = 4;
  for (const tool of tools) toolWidth = Math.max(toolWidth, tool.length);
  toolWidth = Math.min(40, toolWidth);
  return rows.map(({ finding, count }, index) => {
    const tool = truncate(tools[index] ?? '-', toolWidth).padEnd(toolWidth);
    const more = count > 1 ? ` (and ${formatCount(count - 1)} more tools alike; --json lists each)` : '';
    return `${finding.severity.padEnd(7)}  ${finding.code.padEnd(23)}  ${tool}  ${printable(finding.message)}${more}`;
  });
}

function share(count: number, total: number): string {
  return total === 0 ? '-' : `${Math.round((count / total) * 100)}%`;
}

export function summaryLines(summary: ToolSummary): string[] {
  const total = summary.toolCount;
  const lines = [`Summary of ${plural(total, 'tool')}`, '', 'FIELD                    TOOLS  SHARE'];
  for (const field of summaryFields) {
    const count = summary.fields[field];
    lines.push(`${field.padEnd(23)}  ${formatCount(count).padStart(5)}  ${share(count, total).padStart(5)}`);
  }
  lines.push('', 'NAMING                   TOOLS  SHARE');
  for (const convention of namingConventions) {
    const count = summary.naming[convention];
    lines.push(
      `${convention.padEnd(23)}  ${formatCount(count).padStart(5)}  ${share(count, total).padStart(5)}`,
    );
  }
  const length = summary.nameLength;
  lines.push(
    '',
    length
      ? `Name length: min ${length.min}, median ${length.median}, max ${length.max}`
      : 'Name length: no tools',
  );
  return lines;
}

export function countBySeverity(findings: readonly Finding[]): Record<Finding['severity'], number> {
  const counts = { error: 0, warning: 0, info: 0 };
  for (const finding of findings) counts[finding.severity] += 1;
  return counts;
}

export function findingsHeadline(findings: readonly Finding[]): string {
  const counts = countBySeverity(findings);
  return `${plural(counts.error, 'error')}, ${plural(counts.warning, 'warning')}, ${formatCount(counts.info)} info`;
}
