/** Words and marks for verdicts, shared by the matrix, the badges and the tests. */
import type { HostVerdict, PortabilityIssue } from '../../shared/portability';

export const verdictLabel: Record<HostVerdict, string> = {
  accepted: 'accepted',
  changed: 'changed',
  refused: 'refused',
};

/** A verdict's mark for a dense cell; the word is always beside it for screen readers. */
export const verdictMark: Record<HostVerdict, string> = { accepted: '✓', changed: '~', refused: '✕' };

/** One line per issue: "refused · top-level-combinators · inputSchema.allOf — inputSchema has allOf at the top level". */
export function issueLine(issue: PortabilityIssue): string {
  return `${issue.verdict} · ${issue.rule} · ${issue.path} — ${issue.message}`;
}

export function formatTokens(count: number): string {
  return count.toLocaleString('en-US');
}
