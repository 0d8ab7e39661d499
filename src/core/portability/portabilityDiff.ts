/**
 * What a change to a tool does to its portability: a host that took the tool before and refuses it now is a
 * breaking change for that host's users (the Anthropic API, for one, fails every request that carries it); one that
 * refused it and takes it now is compatible. Count rules are the list's business and names need the server's config
 * key, so both are left to lint: this compares the tool alone.
 */
import type { FieldChange } from '../../shared/diff.js';
import type { JsonObject } from '../../shared/json.js';
import type { PortabilityIssue } from '../../shared/portability.js';
import { checkTool } from './checkTools.js';
import { currentProfiles } from './profiles/index.js';

function described(issue: PortabilityIssue | undefined): string {
  return issue === undefined ? '' : `: ${issue.message} (rule ${issue.rule} at ${issue.path})`;
}

export function portabilityChanges(before: JsonObject, after: JsonObject): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const profile of currentProfiles) {
    const old = checkTool(before, 0, profile);
    const now = checkTool(after, 0, profile);
    const path = `portability.${profile.id}`;
    if (now.verdict === 'refused' && old.verdict !== 'refused') {
      const issue = now.issues.find((candidate) => candidate.verdict === 'refused');
      changes.push({
        path,
        class: 'breaking',
        summary: `now refused by ${profile.name}${described(issue)}`,
        before: old.verdict,
        after: now.verdict,
      });
    } else if (old.verdict === 'refused' && now.verdict !== 'refused') {
      changes.push({
        path,
        class: 'compatible',
        summary: `no longer refused by ${profile.name}`,
        before: old.verdict,
        after: now.verdict,
      });
    }
  }
  return changes;
}
