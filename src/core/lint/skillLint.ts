/**
 * Lint of a skills/list listing (SEP-2640), from the entries alone: no file is read (listing never prefetches).
 * Frontmatter findings are errors (the SEP's MUSTs: a name and a description, the name equal to the URI's final
 * segment); so are broken URIs, names and resources; a repeated name is a warning (hosts must disambiguate).
 */
import type { JsonObject } from '../../shared/json.js';
import type { Finding } from '../../shared/lint.js';
import { entryProblems, skillNameOfUri } from '../skills/skillEntry.js';
import { severities } from './lintTools.js';

export function lintSkills(items: readonly JsonObject[]): Finding[] {
  const findings: Finding[] = [];
  const byName = new Map<string, string[]>();
  for (const [index, item] of items.entries()) {
    const uri = typeof item.uri === 'string' ? item.uri : `skills[${index}]`;
    for (const problem of entryProblems(item)) {
      const code = problem.about === 'frontmatter' ? 'skill-frontmatter' : 'skill-entry-invalid';
      findings.push({
        code,
        severity: severities[code],
        skill: uri,
        index,
        message: `Skill ${uri} ${problem.message}.`,
      });
    }
    const name = typeof item.uri === 'string' ? skillNameOfUri(item.uri) : undefined;
    if (name !== undefined) byName.set(name, [...(byName.get(name) ?? []), uri]);
  }
  for (const [name, uris] of byName) {
    if (uris.length < 2) continue;
    findings.push({
      code: 'skill-name-duplicate',
      severity: severities['skill-name-duplicate'],
      skill: uris[0] ?? name,
      message: `${uris.length} skills are named "${name}" (${uris.join(', ')}): a host must tell them apart by URI.`,
    });
  }
  return findings;
}
