/** The Compare view's actions: choosing sides, running the backend's diff, filters, selection and the history. */
import type { ChangeClass, ItemChangeKind, SnapshotDiff } from '../../shared/diff';
import type { CompareSource } from '../../shared/compare';
import { toErrorData } from '../../shared/errors';
import type { ListDiff, ListResult } from '../../shared/lists';
import { setTab } from '../store/appActions';
import { maxHistoryEntries, type CompareChoice, type OpenComparison } from '../store/compareSlice';
import { apiOf, shownSessionId, shownStore, type ScopedStore } from '../sessions/sessionStore';
import { showSession } from '../sessions/sessionsActions';
import { useLoupeStore } from '../store/store';
import { sideLabel, utcTime } from './compareLabels';
import type { CompareRow } from './compareRows';

/** Synchronous actions act on the session shown now. */
const { getState, setState } = useLoupeStore;

/** Bumped per session by every comparison started, so one that answers after a newer one is dropped. */
const generations = new Map<string, number>();
function nextGeneration(store: ScopedStore): number {
  const next = (generations.get(store.session ?? '') ?? 0) + 1;
  generations.set(store.session ?? '', next);
  return next;
}
function isLatest(store: ScopedStore, mine: number): boolean {
  return generations.get(store.session ?? '') === mine;
}
let nextHistoryId = 1;

function source(choice: CompareChoice): CompareSource {
  return choice.source === 'live' ? { source: 'live' } : { source: 'snapshot', text: choice.text };
}

function fileName(choice: CompareChoice): string | undefined {
  return choice.source === 'snapshot' ? choice.fileName : undefined;
}

/** Runs the comparison of the two chosen sides (when both are chosen). */
export async function runCompare(): Promise<void> {
  const store = shownStore();
  const { compareLeft: left, compareRight: right } = store.getState();
  if (!left || !right) return;
  const mine = nextGeneration(store);
  store.setState({ compareBusy: true, compareError: null });
  try {
    const result = await apiOf(store).compareSnapshots(source(left), source(right));
    if (!isLatest(store, mine)) return;
    store.setState({
      comparison: {
        left: sideLabel(result.left, fileName(left)),
        right: sideLabel(result.right, fileName(right)),
        diff: result.diff,
      },
      compareSelected: null,
    });
  } catch (error) {
    if (!isLatest(store, mine)) return;
    const detail = toErrorData(error);
    store.setState({ compareError: `Cannot compare (${detail.kind}): ${detail.message}`, comparison: null });
  } finally {
    if (isLatest(store, mine)) store.setState({ compareBusy: false });
  }
}

export function chooseSide(side: 'left' | 'right', choice: CompareChoice): void {
  setState(side === 'left' ? { compareLeft: choice } : { compareRight: choice });
  void runCompare();
}

export async function chooseSideFile(side: 'left' | 'right', file: File): Promise<void> {
  chooseSide(side, { source: 'snapshot', text: await file.text(), fileName: file.name });
}

/** The opened snapshot as a side to compare, or null when none is open. */
function openedSnapshotChoice(): CompareChoice | null {
  const snapshot = getState().snapshotView?.snapshot;
  if (!snapshot) return null;
  const server = typeof snapshot.serverInfo?.name === 'string' ? snapshot.serverInfo.name : 'server';
  return {
    source: 'snapshot',
    text: JSON.stringify(snapshot),
    fileName: `opened snapshot of ${server} (${utcTime(snapshot.testedAt)})`,
  };
}

/** The opened snapshot (left) against the live session (right), in the Compare tab. */
export function compareOpenedSnapshot(): void {
  const left = openedSnapshotChoice();
  if (!left) return;
  setState({ compareLeft: left, compareRight: { source: 'live' } });
  setTab('Compare');
  void runCompare();
}

/**
 * `left` against the live listing of another open session (one of the snapshot's own server): that session is
 * shown, with the comparison in its Compare tab. The session left behind keeps its opened snapshot.
 */
export async function compareWithSession(left: CompareChoice, session: string): Promise<void> {
  await showSession(session);
  if (shownSessionId() !== session) return;
  setState({ compareLeft: left, compareRight: { source: 'live' } });
  setTab('Compare');
  await runCompare();
}

/** The opened snapshot against the live listing of another open session. */
export function compareOpenedSnapshotWith(session: string): void {
  const left = openedSnapshotChoice();
  if (left) void compareWithSession(left, session);
}

/** The left side of the Compare view against the live listing of another open session. */
export function compareLeftWith(session: string): void {
  const left = getState().compareLeft;
  if (left) void compareWithSession(left, session);
}

/**
 * A diff already at hand (a changed pin's) in the Compare view, in place of whatever it showed; a comparison still
 * running is dropped when it answers.
 */
export function showComparison(comparison: OpenComparison): void {
  const store = shownStore();
  nextGeneration(store);
  store.setState({ comparison, compareSelected: null, compareError: null, compareBusy: false });
  setTab('Compare');
}

export function swapSides(): void {
  const { compareLeft, compareRight } = getState();
  setState({ compareLeft: compareRight, compareRight: compareLeft });
  void runCompare();
}

/** The list before a list_changed (what the store held) and after it, kept for the Compare view. */
export function recordListChange(
  diff: ListDiff,
  result: ListResult,
  store: ScopedStore = shownStore(),
  /** Re-attaching: the list before and when it changed, as the backend kept them. */
  kept?: { before: ListResult['items']; at: number },
): void {
  const before = kept?.before ?? store.getState().lists[result.kind].result?.items ?? [];
  const entry = {
    id: nextHistoryId++,
    at: kept?.at ?? Date.now(),
    kind: result.kind,
    added: diff.added.length,
    removed: diff.removed.length,
    changed: diff.changed.length,
    undeclared: diff.undeclared === true,
    ...(diff.echoes === undefined ? {} : { echoes: diff.echoes }),
    before,
    after: result.items,
  };
  store.setState((state) => ({ listHistory: [...state.listHistory.slice(-(maxHistoryEntries - 1)), entry] }));
}

/** Opens one history entry in the Compare view: that list before and after the change. */
export async function openHistoryEntry(id: number): Promise<void> {
  const store = shownStore();
  const entry = store.getState().listHistory.find((candidate) => candidate.id === id);
  if (!entry) return;
  setTab('Compare');
  const mine = nextGeneration(store);
  store.setState({ compareBusy: true, compareError: null });
  try {
    const changes = await apiOf(store).compareLists({
      kind: entry.kind,
      before: entry.before,
      after: entry.after,
    });
    if (!isLatest(store, mine)) return;
    const diff: SnapshotDiff = {
      items: { tools: [], resources: [], templates: [], prompts: [], [entry.kind]: changes },
      handshake: [],
      incomplete: [],
    };
    const when = `list_changed at ${utcTime(entry.at)}`;
    store.setState({
      comparison: {
        left: {
          title: `${entry.kind} before`,
          detail: `${entry.before.length} items · ${when}`,
          live: false,
        },
        right: { title: `${entry.kind} after`, detail: `${entry.after.length} items · ${when}`, live: true },
        diff,
      },
      compareSelected: null,
    });
  } catch (error) {
    if (!isLatest(store, mine)) return;
    const detail = toErrorData(error);
    store.setState({ compareError: `Cannot compare (${detail.kind}): ${detail.message}`, comparison: null });
  } finally {
    if (isLatest(store, mine)) store.setState({ compareBusy: false });
  }
}

export function toggleClassFilter(changeClass: ChangeClass): void {
  setState((state) => ({
    compareFilter: {
      ...state.compareFilter,
      classes: { ...state.compareFilter.classes, [changeClass]: !state.compareFilter.classes[changeClass] },
    },
  }));
}

export function toggleKindFilter(kind: ItemChangeKind): void {
  setState((state) => ({
    compareFilter: {
      ...state.compareFilter,
      kinds: { ...state.compareFilter.kinds, [kind]: !state.compareFilter.kinds[kind] },
    },
  }));
}

export function setCompareText(text: string): void {
  setState((state) => ({ compareFilter: { ...state.compareFilter, text } }));
}

export function selectChange(id: string | null): void {
  setState({ compareSelected: id });
}

/** Moves the highlight by `step` rows among those shown (from none: the first). */
export function moveChange(rows: readonly CompareRow[], step: number): void {
  if (rows.length === 0) return;
  const current = rows.findIndex((row) => row.id === getState().compareSelected);
  const next = current < 0 ? 0 : Math.min(rows.length - 1, Math.max(0, current + step));
  setState({ compareSelected: rows[next].id });
}
