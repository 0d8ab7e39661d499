/** Words and marks for verdicts, shared by the matrix, the badges and the tests. */
import type { HostVerdict, PortabilityIssue, RuleSource } from '../../shared/portability';

export const verdictLabel: Record<HostVerdict, string> = {
  accepted: 'accepted',
  changed: 'changed',
  limited: 'limited',
  refused: 'refused',
};

/** A verdict's mark for a dense cell; the word is always beside it for screen readers. */
export const verdictMark: Record<HostVerdict, string> = {
  accepted: '✓',
  changed: '~',
  limited: '◐',
  refused: '✕',
};

/** Whose page a source is, in words: a reader weighs a provider's own page above someone else's. */
export function publisherLabel(source: RuleSource): string {
  switch (source.publisher) {
    case 'provider':
      return "provider's own page";
    case 'provider-error':
      return "the provider's error, as its users reported it";
    case 'third-party':
      return 'third-party page';
    default:
      return 'source';
  }
}

/** One line per issue: "refused · top-level-combinators · inputSchema.allOf — inputSchema has allOf at the top level". */
export function issueLine(issue: PortabilityIssue): string {
  return `${issue.verdict} · ${issue.rule} · ${issue.path} — ${issue.message}`;
}

export function formatTokens(count: number): string {
  return count.toLocaleString('en-US');
}
