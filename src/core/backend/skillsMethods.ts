/**
 * The backend's Skills methods (SEP-2640): listSkills walks skills/list (the session's page limit), loadSkill reads
 * and verifies one listed skill's files. The last listing of each session is kept for its snapshot. Reading happens
 * only on loadSkill: listing never fetches a file.
 */
import { LoupeError } from '../../shared/errors.js';
import type { SkillLoad, SkillsListing } from '../../shared/skills.js';
import { listSkills } from '../skills/listSkills.js';
import { loadSkill } from '../skills/loadSkill.js';
import type { McpSession } from '../types.js';

export interface SkillsContext {
  session: McpSession;
  pageLimit?: number;
  timeoutMs?: number;
}

export function createSkillsMethods(context: () => SkillsContext): {
  methods: { listSkills(): Promise<SkillsListing>; loadSkill(uri: string): Promise<SkillLoad> };
  kept(session: McpSession | undefined): SkillsListing | undefined;
} {
  const listings = new WeakMap<McpSession, SkillsListing>();
  const methods = {
    async listSkills(): Promise<SkillsListing> {
      const { session, pageLimit, timeoutMs } = context();
      const listing = await listSkills(session, {
        ...(pageLimit !== undefined ? { pageLimit } : {}),
        ...(timeoutMs !== undefined ? { timeoutMs } : {}),
      });
      listings.set(session, listing);
      return listing;
    },
    async loadSkill(uri: string): Promise<SkillLoad> {
      if (typeof uri !== 'string' || uri === '')
        throw new LoupeError({ kind: 'usage', message: 'loadSkill wants a SKILL.md URI.' });
      const { session, timeoutMs } = context();
      // Verified against the entry the session holds: list first when it has none.
      const listing = listings.get(session) ?? (await methods.listSkills());
      const skill = listing.skills.find((entry) => entry.uri === uri);
      if (!skill)
        throw new LoupeError({
          kind: 'skill-not-found',
          message: `No listed skill has the URI ${uri}; list the skills again.`,
        });
      return loadSkill(session, skill, timeoutMs === undefined ? {} : { timeoutMs });
    },
  };
  return { methods, kept: (session) => (session ? listings.get(session) : undefined) };
}
