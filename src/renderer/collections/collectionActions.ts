/**
 * The Collections view's actions: open, edit, save (a download), run one step or all on the shown session, and
 * "Save to collection" from a call (a drafted step, its volatile leaves ignorable, appended to the collection).
 */
import type { Collection, CollectionCall, CollectionStep } from '../../shared/collections';
import { toErrorData } from '../../shared/errors';
import { apiOf, shownStore } from '../sessions/sessionStore';
import { selectFrame, setTab } from '../store/appActions';
import { useLoupeStore } from '../store/store';

const { getState, setState } = useLoupeStore;

const emptyCollection = (): Collection => ({ format: 'loupe.collection/1', name: 'Saved calls', steps: [] });

export function setCollectionText(text: string): void {
  setState({ collectionText: text, collectionError: null });
}

export function newCollection(): void {
  setState({
    collectionName: 'collection.json',
    collectionText: `${JSON.stringify(emptyCollection(), null, 2)}\n`,
    collectionReport: null,
    collectionError: null,
  });
}

export async function openCollectionFile(file: File): Promise<void> {
  // Opened into the session shown when the person picked the file, even if another is shown once it is read.
  const store = shownStore();
  const text = await file.text();
  store.setState({
    collectionName: file.name,
    collectionText: text,
    collectionReport: null,
    collectionError: null,
  });
  try {
    await apiOf(store).checkCollection(text);
  } catch (error) {
    store.setState({ collectionError: toErrorData(error) });
  }
}

export function saveCollectionFile(): void {
  const { collectionText, collectionName } = getState();
  const url = URL.createObjectURL(new Blob([collectionText], { type: 'application/json' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = collectionName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Runs the steps named (with what they depend on), or all of them. */
export async function runCollection(only?: string[]): Promise<void> {
  // The session's own collection, run on that session; its report lands there even if another is shown by then.
  const store = shownStore();
  store.setState({ collectionRunning: only ?? 'all', collectionError: null });
  try {
    const report = await apiOf(store).runCollection(store.getState().collectionText, only);
    store.setState({ collectionReport: report });
  } catch (error) {
    store.setState({ collectionError: toErrorData(error) });
  } finally {
    store.setState({ collectionRunning: null });
  }
}

/** Traffic, with the step's request frame selected. */
export function showFrames(seq: number): void {
  setTab('Traffic');
  selectFrame(seq);
}

export async function draftFromCall(call: CollectionCall): Promise<void> {
  const store = shownStore();
  try {
    const draft = await apiOf(store).draftCollectionStep(call);
    // Volatile leaves are only offered: nothing is ignored until the person ticks one.
    store.setState({ stepDraft: { draft, ignored: [], text: stepText(draft.step, []) } });
  } catch (error) {
    setState({ notice: { tone: 'error', text: `Could not draft a step: ${toErrorData(error).message}` } });
  }
}

/** The step with `ignored` set on the value it compares. */
function withIgnored(step: CollectionStep, ignored: readonly string[]): CollectionStep {
  if (step.method !== 'tools/call' || !step.expect) return step;
  const expect = { ...step.expect };
  for (const key of ['structuredContent', 'jsonText'] as const) {
    const assertion = expect[key];
    if (!assertion) continue;
    const { ignore: _previous, ...rest } = assertion;
    expect[key] = ignored.length > 0 ? { ...rest, ignore: [...ignored] } : rest;
  }
  return { ...step, expect };
}

function stepText(step: CollectionStep, ignored: readonly string[]): string {
  return JSON.stringify(withIgnored(step, ignored), null, 2);
}

export function toggleIgnored(pointer: string): void {
  const draft = getState().stepDraft;
  if (!draft) return;
  const ignored = draft.ignored.includes(pointer)
    ? draft.ignored.filter((item) => item !== pointer)
    : [...draft.ignored, pointer];
  let step: CollectionStep = draft.draft.step;
  try {
    step = JSON.parse(draft.text) as CollectionStep;
  } catch {
    // An edit that is not JSON yet: start again from the draft.
  }
  setState({ stepDraft: { ...draft, ignored, text: stepText(step, ignored) } });
}

export function setDraftText(text: string): void {
  const draft = getState().stepDraft;
  if (draft) setState({ stepDraft: { ...draft, text } });
}

export function cancelDraft(): void {
  setState({ stepDraft: null });
}

/** Appends the drafted step (as edited) to the open collection, or to a new one; then shows Collections. */
export function addDraftToCollection(): void {
  const { stepDraft, collectionText } = getState();
  if (!stepDraft) return;
  let step: CollectionStep;
  try {
    step = JSON.parse(stepDraft.text) as CollectionStep;
  } catch (error) {
    setState({
      notice: {
        tone: 'error',
        text: `The step is not JSON: ${error instanceof Error ? error.message : String(error)}`,
      },
    });
    return;
  }
  let collection: Collection;
  try {
    collection =
      collectionText.trim() === '' ? emptyCollection() : (JSON.parse(collectionText) as Collection);
  } catch {
    setState({
      notice: { tone: 'error', text: 'The open collection is not JSON: fix it in Collections first.' },
    });
    return;
  }
  const steps = Array.isArray(collection.steps) ? collection.steps : [];
  const names = new Set(steps.map((item) => item.name));
  let name = step.name;
  for (let index = 2; names.has(name); index += 1) name = `${step.name} ${index}`;
  const next = { ...collection, steps: [...steps, { ...step, name }] };
  setState({
    collectionText: `${JSON.stringify(next, null, 2)}\n`,
    stepDraft: null,
    collectionError: null,
    notice: { tone: 'ok', text: `Step "${name}" added to the collection.` },
  });
}
