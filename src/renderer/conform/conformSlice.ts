/** The Conformance tab of the session on screen: the choices offered, the scenarios picked, a run's progress and its report. */
import type { ConformChoices, ConformReport, ConformScenario } from '../../shared/conform';
import type { LoupeErrorData } from '../../shared/errors';
import type { SliceCreator } from '../store/types';

export interface ConformPanel {
  choices: ConformChoices | null;
  loading: boolean;
  /** Scenarios ticked; null: the revision's requirement set (the default). */
  picked: string[] | null;
  running: boolean;
  /** The scenario running now, and how far along the run is. */
  progress: { scenario: string; index: number; total: number } | null;
  /** Scenarios finished so far in the running run (shown as they come). */
  finished: ConformScenario[];
  installLog: string[];
  report: ConformReport | null;
  /** The run before `report` on this session: what changed since is shown beside each check. */
  previous: ConformReport | null;
  error: LoupeErrorData | null;
}

export interface ConformSlice {
  conform: ConformPanel;
}

export const emptyConform = (): ConformPanel => ({
  choices: null,
  loading: false,
  picked: null,
  running: false,
  progress: null,
  finished: [],
  installLog: [],
  report: null,
  previous: null,
  error: null,
});

export const createConformSlice: SliceCreator<ConformSlice> = () => ({ conform: emptyConform() });
