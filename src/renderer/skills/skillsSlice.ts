/** Skills (SEP-2640) of the session on screen: the listing, the skill selected, and each skill's loaded files. */
import type { LoupeErrorData } from '../../shared/errors';
import type { SkillLoad, SkillsListing } from '../../shared/skills';
import type { SliceCreator } from '../store/types';

export interface SkillsSlice {
  skills: {
    listing: SkillsListing | null;
    loading: boolean;
    error: LoupeErrorData | null;
    selected: string | null;
    /** By SKILL.md URI: the files read and their verdicts (only after the user asked). */
    loads: Record<string, { loading: boolean; load?: SkillLoad; error?: LoupeErrorData }>;
  };
}

export const emptySkills = (): SkillsSlice['skills'] => ({
  listing: null,
  loading: false,
  error: null,
  selected: null,
  loads: {},
});

export const createSkillsSlice: SliceCreator<SkillsSlice> = () => ({ skills: emptySkills() });
