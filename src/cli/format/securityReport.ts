/** The text report of `loupe scan`: per server, each finding with its evidence, why, and the reference. */
import type { Finding, Severity } from '../../shared/lint.js';
import type { PinCheck } from '../../shared/security.js';
import { listKinds } from '../../shared/lists.js';
import { printable } from '../terminal.js';

const order: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

export function findingBlock(finding: Finding): string[] {
  const detail = finding.security;
  const lines = [`  ${finding.severity.padEnd(7)} ${finding.code}  ${printable(finding.message)}`];
  if (!detail) return lines;
  const { evidence } = detail;
  if (evidence.span !== '' && evidence.end > evidence.start)
    lines.push(
      `          evidence: ${printable(evidence.before)}[${printable(evidence.span)}]${printable(evidence.after)}`,
    );
  if (evidence.characters?.length)
    lines.push(
      `          characters: ${evidence.characters.map((entry) => `${entry.codePoint} ${entry.name} ×${entry.count}`).join(', ')}`,
    );
  if (evidence.decoded !== undefined) lines.push(`          decoded: ${printable(evidence.decoded)}`);
  lines.push(`          why: ${detail.why}`);
  lines.push(
    `          see: ${detail.reference.url} (${detail.reference.published ? `published ${detail.reference.published}, ` : ''}read ${detail.reference.read})`,
  );
  return lines;
}

export function pinLines(check: PinCheck, accepted: boolean): string[] {
  if (check.state === 'new') return [`  pin: first use, pinned now (${check.pin.digest.slice(0, 19)}…)`];
  if (check.state === 'same') return [`  pin: unchanged since ${check.pin.pinnedAt}`];
  const lines = [
    `  pin: ${check.changes} change${check.changes === 1 ? '' : 's'} since ${check.pin.pinnedAt}${accepted ? ' — accepted as the new pin' : ' — not accepted (loupe scan --pin … --accept after review)'}`,
  ];
  for (const field of check.diff.handshake)
    lines.push(`    ${field.class.padEnd(10)} ${printable(field.path)}: ${printable(field.summary)}`);
  for (const kind of listKinds) {
    for (const change of check.diff.items[kind]) {
      if (change.kind !== 'changed')
        lines.push(
          `    ${(change.kind === 'removed' ? 'breaking' : 'compatible').padEnd(10)} ${kind} ${printable(change.name)}: ${change.kind}`,
        );
      for (const field of change.fields)
        lines.push(
          `    ${field.class.padEnd(10)} ${kind} ${printable(change.name)} ${printable(field.path)}: ${printable(field.summary)}`,
        );
    }
  }
  return lines;
}

export function sortFindings(findings: readonly Finding[]): Finding[] {
  return [...findings].sort((left, right) => order[left.severity] - order[right.severity]);
}

export function countLine(findings: readonly Finding[]): string {
  const counts = { error: 0, warning: 0, info: 0 };
  for (const finding of findings) counts[finding.severity] += 1;
  return `${counts.error} error${counts.error === 1 ? '' : 's'}, ${counts.warning} warning${counts.warning === 1 ? '' : 's'}, ${counts.info} info`;
}
