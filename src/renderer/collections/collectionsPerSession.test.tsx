/**
 * A collection belongs to the session it was opened or saved in: another session shows its own (none at first),
 * "Run all" runs the shown session's collection on that session, and a report that comes back after the person
 * switched lands in the session it ran on, not the one on screen.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CollectionReport } from '../../shared/collections';
import { stashedPart } from '../sessions/sessionStore';
import { showSession } from '../sessions/sessionsActions';
import { setTab } from '../store/appActions';
import { resetStore, useLoupeStore } from '../store/store';
import { bootApp, stopApp } from '../testing/bootApp';
import { fakeSessionsBackend, giveElementsASize } from '../testing/fakeBackend';
import { heldSession } from '../testing/heldSession';
import { addDraftToCollection, draftFromCall } from './collectionActions';

beforeAll(() => giveElementsASize());
beforeEach(() => {
  resetStore();
  window.sessionStorage.clear();
});
afterEach(() => {
  stopApp();
  cleanup();
});

const editor = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Collection JSON' });
const collectionOf = (text: string) => JSON.parse(text) as { steps: { name: string; tool?: string }[] };

function reportFor(text: string, server: string): CollectionReport {
  const steps = collectionOf(text).steps.map((step) => ({
    name: step.name,
    method: 'tools/call' as const,
    status: 'passed' as const,
    ms: 1,
    assertions: [{ name: `ran on ${server}`, passed: true }],
  }));
  return {
    name: 'Saved calls',
    startedAt: '2026-12-02T00:00:00.000Z',
    ms: 2,
    steps,
    counts: { passed: steps.length, failed: 0, error: 0, skipped: 0 },
  };
}

describe('collections per session', () => {
  it('keeps each session its own collection, runs it on that session, and lands a late report where it ran', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const ran: { session: string; text: string }[] = [];
    const backend = fakeSessionsBackend(
      (id) =>
        heldSession(id, 1, 2, {
          // Drafting is sessionless (the backend's draftStep); scripted here as a step that calls the tool.
          draftCollectionStep: (call) =>
            Promise.resolve({
              step: {
                name: `call ${call.tool}`,
                method: 'tools/call',
                tool: call.tool,
                arguments: call.arguments,
                expect: { isError: false },
              },
              leaves: [],
              compares: 'none',
            }),
          runCollection: async (text) => {
            ran.push({ session: id, text });
            // s1's run answers only when the test says so (after the person switched away).
            if (id === 's1') await gate;
            return reportFor(text, id);
          },
        }),
      2,
    );
    await bootApp(backend);
    expect(useLoupeStore.getState().shownSession).toBe('s1');

    // Save a call of s1 to a collection.
    await act(async () => {
      await draftFromCall({ tool: 's1_tool_0', arguments: { a: 1 }, result: { content: [] } });
      addDraftToCollection();
    });
    // The view is its own chunk (lazyViews.tsx), shown once loaded. Loaded here first: on a loaded machine, vitest's
    // first transform of it can take longer than findByRole waits, and the chunk's loading is not what is tested.
    await import('./CollectionsView');
    act(() => setTab('Collections'));
    const s1Text = (await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Collection JSON' })).value;
    expect(collectionOf(s1Text).steps.map((step) => step.tool)).toEqual(['s1_tool_0']);

    // Another session shows no collection of s1's.
    await act(async () => showSession('s2'));
    await waitFor(() => expect(useLoupeStore.getState().shownSession).toBe('s2'));
    expect(screen.getByText(/No collection open/)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Collection JSON' })).toBeNull();

    // s2 gets its own.
    await act(async () => {
      await draftFromCall({ tool: 's2_tool_1', arguments: {}, result: { content: [] } });
      addDraftToCollection();
    });
    await waitFor(() =>
      expect(collectionOf(editor().value).steps.map((step) => step.tool)).toEqual(['s2_tool_1']),
    );

    // Back on s1: its collection as it was left. Run all: it runs on s1, with s1's text.
    await act(async () => showSession('s1'));
    await waitFor(() => expect(editor().value).toBe(s1Text));
    fireEvent.click(screen.getByRole('button', { name: 'Run all' }));
    await waitFor(() => expect(ran).toHaveLength(1));
    expect(ran[0]).toEqual({ session: 's1', text: s1Text });
    expect(screen.getByRole('button', { name: 'Running…' })).toBeTruthy();

    // The person switches to s2 before s1's report comes back: s2 is not running and gets no report.
    await act(async () => showSession('s2'));
    await waitFor(() => expect(useLoupeStore.getState().shownSession).toBe('s2'));
    expect(screen.getByRole('button', { name: 'Run all' })).toBeTruthy();
    await act(async () => {
      release();
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(useLoupeStore.getState().collectionReport).toBeNull();
    expect(screen.queryByLabelText('Run summary')).toBeNull();
    // It landed in s1's kept state…
    expect(stashedPart('s1')?.collectionReport?.steps[0].assertions[0].name).toBe('ran on s1');
    expect(stashedPart('s1')?.collectionRunning).toBeNull();

    // …and shows when s1 is shown again.
    await act(async () => showSession('s1'));
    await waitFor(() =>
      expect(screen.getByLabelText('Run summary').textContent).toBe('1 passed, 0 failed, 0 errors, 0 skipped'),
    );
    const step = screen.getByRole('listitem', { name: `Step ${collectionOf(s1Text).steps[0].name}` });
    expect(within(step).getByText(/ran on s1/)).toBeTruthy();
  });
});
