import type { Finding } from '../../shared/lint';

/** What a security finding is about, in a few words: `tool get_weather`, `instructions`. */
export function itemLabel(finding: Finding): string {
  const item = finding.security?.item;
  if (!item) return finding.tool ?? 'server';
  return item.kind === 'instructions' || item.kind === 'server' ? item.kind : `${item.kind} ${item.name}`;
}
