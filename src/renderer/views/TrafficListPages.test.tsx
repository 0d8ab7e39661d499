/**
 * Traffic with list pages that crossed without their raw text (PushedFrame): opened, a page shows its text as the
 * backend reads it back by seq, exactly; a page the backend no longer holds (its recorder dropped it) is said to be
 * gone, never shown blank or as another frame; a search finds text that lives only in a page's text.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Frame, FrameWithoutRaw } from '../../shared/frames';
import { resetStore, useLoupeStore } from '../store/store';
import { bootApp, stopApp } from '../testing/bootApp';
import { fakeBackend, frame, giveElementsASize, listResult, makeTools } from '../testing/fakeBackend';

beforeAll(() => giveElementsASize(2000));
beforeEach(() => resetStore());
afterEach(() => {
  stopApp();
  cleanup();
});

/** A frame as a list page crosses: everything but its text. */
function withoutText(whole: Frame): FrameWithoutRaw {
  const { raw: _raw, rawBase64: _bytes, ...rest } = whole;
  return { ...rest, rawLeft: true };
}

const pageText = (name: string) =>
  JSON.stringify({ jsonrpc: '2.0', id: 1, result: { tools: [{ name, inputSchema: { type: 'object' } }] } });
const request = (seq: number) => frame(seq, { id: seq });
const page = (seq: number, name: string) =>
  frame(seq, {
    direction: 'in',
    kind: 'response',
    method: undefined,
    id: seq - 1,
    pairSeq: seq - 1,
    raw: pageText(name),
    bytes: pageText(name).length,
  });

describe('Traffic: list pages read by seq', () => {
  it('opens a page with its exact text, says plainly when one is gone, and searches their text', async () => {
    const kept = page(2, 'needle_tool');
    const dropped = page(4, 'lost_tool');
    // The recorder holds 1, 2, 3 and 5: frame 4 was dropped from memory, so asking from 3 answers with 5.
    const held = [request(1), kept, request(3), request(5)];
    const backend = fakeBackend({
      lists: { tools: listResult('tools', makeTools(2)) },
      frames: (after, limit) => Promise.resolve(held.filter((item) => item.seq > after).slice(0, limit)),
    });
    await bootApp(backend);
    await waitFor(() => expect(screen.getByText('2 tools')).toBeTruthy());
    act(() =>
      backend.emit('onFrames', [request(1), withoutText(kept), request(3), withoutText(dropped), request(5)]),
    );
    await waitFor(() => expect(useLoupeStore.getState().frameLog.length).toBe(5));
    fireEvent.click(screen.getByRole('tab', { name: 'Traffic' }));
    const frames = () => within(screen.getByRole('listbox', { name: 'Frames' })).getAllByRole('option');

    fireEvent.click(frames()[1]);
    const detail = screen.getByRole('region', { name: 'Frame detail' });
    fireEvent.click(within(detail).getByRole('radio', { name: 'Raw' }));
    await waitFor(() =>
      expect(within(detail).getByLabelText('Raw frame').textContent).toBe(pageText('needle_tool')),
    );

    fireEvent.click(frames()[3]);
    const gone = await within(detail).findByRole('alert');
    expect(gone.textContent).toContain('no longer holds frame #4');
    expect(within(detail).queryByLabelText('Raw frame')).toBeNull();
    expect(within(detail).getByRole('button', { name: 'Copy frame' })).toHaveProperty('disabled', true);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter traffic' }), {
      target: { value: 'needle_tool' },
    });
    await waitFor(() => expect(frames().map((row) => row.textContent?.match(/^\d+/)?.[0])).toEqual(['2']));
  });
});
