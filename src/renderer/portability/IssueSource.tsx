/** A rule's source under an issue: whose page, the day it was read, the address, what it says, and why not the provider's. */
import type { RuleSource } from '../../shared/portability';
import { publisherLabel } from './verdicts';

export function IssueSource({ source }: { source: RuleSource }) {
  return (
    <div className="muted small issue-source">
      Source ({publisherLabel(source)}, read {source.read}): <span className="mono">{source.url}</span> —{' '}
      {source.says}
      {source.note ? <div>{source.note}</div> : null}
    </div>
  );
}
