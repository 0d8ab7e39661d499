/** The Conformance tab's actions: load the choices, tick scenarios, run (installing the suite if the user agreed), follow progress. */
import type { LoupeApi } from '../../shared/contract';
import type { ConformChoices, ConformReport } from '../../shared/conform';
import type { ConformPanel } from './conformSlice';
import { toErrorData } from '../../shared/errors';
import { apiOf, sessionStore, shownStore, type ScopedStore } from '../sessions/sessionStore';
import { selectFrame, setTab } from '../store/appActions';

function patch(store: ScopedStore, change: Partial<ConformPanel>): void {
  store.setState((state) => ({ conform: { ...state.conform, ...change } }));
}

export async function loadConformChoices(store: ScopedStore = shownStore()): Promise<void> {
  patch(store, { loading: true, error: null });
  try {
    patch(store, { choices: await apiOf(store).conformChoices(), loading: false });
  } catch (error) {
    patch(store, { loading: false, error: toErrorData(error) });
  }
}

/**
 * The requirement set as the suite runs it: the scenarios it requires and those it runs without scoring. What is
 * ticked by default, what the Run button counts, and what a default run runs are this one list.
 */
export function requirementSet(choices: ConformChoices | null | undefined): string[] {
  return (choices?.scenarios ?? []).filter((item) => item.required || item.inRequirementSet === true).map((item) => item.name);
}

/** The scenarios a run would run now: those ticked, or the requirement set. */
export function pickedScenarios(store: ScopedStore = shownStore()): string[] {
  const { conform } = store.getState();
  return conform.picked ?? requirementSet(conform.choices);
}

/** Ticks or unticks a scenario; the first change starts from the requirement set. */
export function toggleScenario(name: string, store: ScopedStore = shownStore()): void {
  const start = pickedScenarios(store);
  patch(store, { picked: start.includes(name) ? start.filter((item) => item !== name) : [...start, name] });
}

export function pickRequired(store: ScopedStore = shownStore()): void {
  patch(store, { picked: null });
}

export async function runConform(install = false, store: ScopedStore = shownStore()): Promise<void> {
  const { conform } = store.getState();
  if (conform.running) return;
  const set = requirementSet(conform.choices);
  // The requirement set as ticked by default runs as one: its not-scored scenarios are then marked as such.
  const same = conform.picked === null || (conform.picked.length === set.length && set.every((name) => conform.picked?.includes(name)));
  patch(store, { running: true, progress: null, finished: [], installLog: [], report: null, previous: conform.report ?? conform.previous, error: null });
  try {
    const report = await apiOf(store).runConformance({ ...(same ? {} : { scenarios: conform.picked ?? [] }), install });
    patch(store, { report, running: false, progress: null });
    if (install) await loadConformChoices(store);
  } catch (error) {
    patch(store, { running: false, progress: null, error: toErrorData(error) });
  }
}

/** Each check's status in a report, by scenario, check id and its position among checks of that id. */
export function statusesOf(report: ConformReport | null): Map<string, string> {
  const statuses = new Map<string, string>();
  for (const scenario of report?.scenarios ?? []) {
    const seen = new Map<string, number>();
    for (const check of scenario.checks) {
      const nth = seen.get(check.id) ?? 0;
      seen.set(check.id, nth + 1);
      statuses.set(`${scenario.name}/${check.id}/${nth}`, check.status);
    }
  }
  return statuses;
}

/** A check's frames in Traffic: the first one selected (the others are listed beside the check). */
export function showConformFrames(seq: number): void {
  setTab('Traffic');
  selectFrame(seq);
}

/** onConformProgress into the session's panel. */
export function bindConformEvents(api: LoupeApi): () => void {
  return api.on('onConformProgress', (event, session) => {
    const store = sessionStore(session);
    if (event.kind === 'install') {
      store.setState((state) => ({ conform: { ...state.conform, installLog: [...state.conform.installLog, event.line].slice(-20) } }));
      return;
    }
    if (event.kind === 'start') {
      patch(store, { progress: { scenario: event.scenario, index: event.index, total: event.total } });
      return;
    }
    store.setState((state) => ({ conform: { ...state.conform, finished: [...state.conform.finished, event.scenario] } }));
  });
}
