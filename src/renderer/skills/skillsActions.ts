/** The Skills tab's actions: list the skills (no file read), select one, load (read and verify) its files. */
import { toErrorData } from '../../shared/errors';
import { apiOf, shownStore } from '../sessions/sessionStore';
import type { SkillsSlice } from './skillsSlice';

type SkillsLoadEntry = SkillsSlice['skills']['loads'][string];

export async function loadSkillList(): Promise<void> {
  const store = shownStore();
  store.setState((state) => ({ skills: { ...state.skills, loading: true, error: null } }));
  try {
    const listing = await apiOf(store).listSkills();
    store.setState((state) => ({ skills: { ...state.skills, listing, loading: false, loads: {} } }));
  } catch (error) {
    store.setState((state) => ({ skills: { ...state.skills, loading: false, error: toErrorData(error) } }));
  }
}

export function selectSkill(uri: string): void {
  shownStore().setState((state) => ({ skills: { ...state.skills, selected: uri } }));
}

/** Reads and verifies the skill's files: only here does Loupe fetch them. */
export async function loadSkillFiles(uri: string): Promise<void> {
  const store = shownStore();
  const put = (entry: SkillsLoadEntry) =>
    store.setState((state) => ({
      skills: { ...state.skills, loads: { ...state.skills.loads, [uri]: entry } },
    }));
  put({ loading: true });
  try {
    put({ loading: false, load: await apiOf(store).loadSkill(uri) });
  } catch (error) {
    put({ loading: false, error: toErrorData(error) });
  }
}
