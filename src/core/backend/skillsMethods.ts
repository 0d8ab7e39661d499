/**
 * The backend's Skills methods (SEP-2640): listSkills walks skills/list (the session's page limit), loadSkill reads
 * and verifies one listed skill's files. The last listing of each session is kept for its snapshot. Reading happens
 * only on loadSkill: listing never fetches a file. The verified texts of loaded files are kept too, for the security
 * lens (which scans what the user fetched and never fetches anything itself).
 */
import { LoupeError } from '../../shared/errors.js';
import type { SkillLoad, SkillsListing } from '../../shared/skills.js';
import { listSkills } from '../skills/listSkills.js';
import type { SkillsReader } from '../security/readSurface.js';
import type { SkillFileText } from '../security/surface.js';
import type { McpSession } from '../types.js';

/** Reading and verifying a skill's files (YAML for the frontmatter): loaded on the first loadSkill, not at start. */
const skillLoader = () => import('../skills/loadSkill.js');

export interface SkillsContext {
  session: McpSession;
  pageLimit?: number;
  timeoutMs?: number;
}

export function createSkillsMethods(context: () => SkillsContext): {
  methods: { listSkills(): Promise<SkillsListing>; loadSkill(uri: string): Promise<SkillLoad> };
  kept(session: McpSession | undefined): SkillsListing | undefined;
  /** The security lens's view: the kept listing (listed now if none) and the texts of files already loaded. */
  reader(session: McpSession): SkillsReader;
} {
  const listings = new WeakMap<McpSession, SkillsListing>();
  const loaded = new WeakMap<McpSession, Map<string, SkillFileText>>();
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
      const { loadSkill } = await skillLoader();
      const load = await loadSkill(session, skill, timeoutMs === undefined ? {} : { timeoutMs });
      const texts = loaded.get(session) ?? new Map<string, SkillFileText>();
      loaded.set(session, texts);
      for (const file of load.files)
        if (file.text !== undefined)
          texts.set(file.uri, { skill: skill.uri, uri: file.uri, text: file.text });
      return load;
    },
  };
  return {
    methods,
    kept: (session) => (session ? listings.get(session) : undefined),
    reader: (session) => ({
      list: async () => listings.get(session) ?? (await methods.listSkills()),
      files: () => [...(loaded.get(session)?.values() ?? [])],
    }),
  };
}
