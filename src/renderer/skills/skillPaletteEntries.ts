/** The command palette's skill entries: each listed skill jumps to the Skills tab with it selected. */
import { setTab } from '../store/appActions';
import type { LoupeState } from '../store/store';
import { selectSkill } from './skillsActions';

export function skillPaletteEntries(state: LoupeState) {
  return (state.skills.listing?.skills ?? []).map((skill) => ({
    id: `skill:${skill.uri}`,
    group: 'Skill' as const,
    label: skill.name,
    detail: skill.uri,
    run: () => {
      setTab('Skills');
      selectSkill(skill.uri);
    },
  }));
}
