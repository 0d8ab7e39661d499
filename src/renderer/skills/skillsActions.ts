/** The Skills tab's actions: list the skills (no file read), select one, load (read and verify) its files. */
import { toErrorData } from '../../shared/errors';
import { apiOf, shownStore } from '../sessions/sessionStore';
import { connectionGeneration } from '../store/sessionActions';
import type { SkillsSlice } from './skillsSlice';

type SkillsLoadEntry = SkillsSlice['skills']['loads'][string];

export async function loadSkillList(): Promise<void> {
  const store = shownStore();
  const generation = connectionGeneration(store);
  store.setState((state) => ({ skills: { ...state.skills, loading: true, error: null } }));
  try {
    const listing = await apiOf(store).listSkills();
    // A listing of the previous connection is not this one's.
    if (connectionGeneration(store) !== generation) return;
    store.setState((state) => ({ skills: { ...state.skills, listing, loading: false, loads: {} } }));
  } catch (error) {
    if (connectionGeneration(store) !== generation) return;
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
  const generation = connectionGeneration(store);
  put({ loading: true });
  try {
    const load = await apiOf(store).loadSkill(uri);
    if (connectionGeneration(store) === generation) put({ loading: false, load });
  } catch (error) {
    if (connectionGeneration(store) === generation) put({ loading: false, error: toErrorData(error) });
  }
}
