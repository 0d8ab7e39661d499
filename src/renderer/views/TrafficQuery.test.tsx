import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetStore, useLoupeStore } from '../store/store';
import { bootApp, stopApp } from '../testing/bootApp';
import { fakeBackend, frame, giveElementsASize, listResult, makeTools } from '../testing/fakeBackend';

beforeAll(() => giveElementsASize(2000));
beforeEach(() => resetStore());
afterEach(() => {
  stopApp();
  cleanup();
});

async function bootTraffic() {
  const backend = fakeBackend({ lists: { tools: listResult('tools', makeTools(2)) } });
  await bootApp(backend);
  await waitFor(() => expect(screen.getByText('2 tools')).toBeTruthy());
  act(() =>
    backend.emit('onFrames', [
      frame(1, { method: 'tools/call', id: 12, raw: '{"jsonrpc":"2.0","id":12,"method":"tools/call"}' }),
      frame(2, {
        direction: 'in',
        kind: 'error',
        method: undefined,
        id: 12,
        pairSeq: 1,
        rttMs: 700,
        raw: '{"jsonrpc":"2.0","id":12,"error":{"code":-32000,"message":"slow"}}',
      }),
      frame(3, {
        method: 'notifications/initialized',
        id: undefined,
        kind: 'notification',
        raw: '{"jsonrpc":"2.0","method":"notifications/initialized"}',
      }),
      frame(4, {
        kind: 'http',
        method: undefined,
        id: undefined,
        raw: '',
        bytes: 0,
        http: { method: 'GET', url: 'http://127.0.0.1:1/mcp' },
      }),
      frame(5, {
        direction: 'in',
        kind: 'http',
        method: undefined,
        id: undefined,
        raw: '',
        bytes: 0,
        http: { method: 'POST', status: 202 },
      }),
    ]),
  );
  await waitFor(() => expect(useLoupeStore.getState().frameLog.length).toBe(5));
  fireEvent.click(screen.getByRole('tab', { name: 'Traffic' }));
  return backend;
}

const rows = () => within(screen.getByRole('listbox', { name: 'Frames' })).queryAllByRole('option');
const seqs = () => rows().map((row) => Number(row.textContent?.match(/^\d+/)?.[0]));
const chips = () =>
  screen.queryByRole('list', { name: 'Traffic filters in use' })
    ? within(screen.getByRole('list', { name: 'Traffic filters in use' }))
        .getAllByRole('button')
        .map((chip) => chip.getAttribute('aria-label'))
    : [];

describe('Traffic filter syntax', () => {
  it('filters as typed, makes chips on Enter, removes them by click and by Backspace in the empty box', async () => {
    await bootTraffic();
    await waitFor(() => expect(rows()).toHaveLength(5));
    const box = screen.getByRole('searchbox', { name: 'Filter traffic' });
    fireEvent.change(box, { target: { value: 'method:tools/call dir:in kind:error rtt:>500 id:12' } });
    expect(seqs()).toEqual([2]);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect((box as HTMLInputElement).value).toBe('');
    expect(chips()).toEqual([
      'Remove filter method:tools/call',
      'Remove filter dir:in',
      'Remove filter kind:error',
      'Remove filter rtt:>500',
      'Remove filter id:12',
    ]);
    expect(seqs()).toEqual([2]);
    // A click removes that chip (frame 2 is still the only error).
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter dir:in' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter rtt:>500' }));
    expect(chips()).toEqual([
      'Remove filter method:tools/call',
      'Remove filter kind:error',
      'Remove filter id:12',
    ]);
    expect(seqs()).toEqual([2]);
    // Backspace in the empty box removes the last chip, one at a time.
    fireEvent.keyDown(box, { key: 'Backspace' });
    fireEvent.keyDown(box, { key: 'Backspace' });
    expect(chips()).toEqual(['Remove filter method:tools/call']);
    expect(seqs()).toEqual([1, 2]);
    fireEvent.keyDown(box, { key: 'Backspace' });
    expect(chips()).toEqual([]);
    expect(seqs()).toEqual([1, 2, 3, 4, 5]);
    fireEvent.change(box, { target: { value: 'kind:notification' } });
    expect(seqs()).toEqual([3]);
    fireEvent.change(box, { target: { value: 'dir:out rtt:<10' } });
    expect(seqs()).toEqual([]);
  });

  it('says why an invalid token is invalid and keeps it in the box', async () => {
    await bootTraffic();
    const box = screen.getByRole('searchbox', { name: 'Filter traffic' });
    fireEvent.change(box, { target: { value: 'dir:up kind:error' } });
    expect(screen.getByRole('alert', { name: 'Filter problems' }).textContent).toBe(
      'dir:up: dir: takes in or out',
    );
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(chips()).toEqual(['Remove filter kind:error']);
    expect((box as HTMLInputElement).value).toBe('dir:up');
  });

  it('says what body-less HTTP rows are, shows the whole method, and says when the filter hides the selected frame', async () => {
    await bootTraffic();
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(rows()[3].textContent).toContain("GET: opens the server's event stream, no body");
    expect(rows()[4].textContent).toContain('202 Accepted to POST, no body');
    expect(within(rows()[2]).getByTitle('notifications/initialized')).toBeTruthy();

    fireEvent.click(rows()[2]);
    const detail = screen.getByRole('region', { name: 'Frame detail' });
    expect(within(detail).getByText(/#3 sent notification/)).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter traffic' }), {
      target: { value: 'kind:error' },
    });
    expect(within(detail).queryByText(/#3 sent notification/)).toBeNull();
    expect(within(detail).getByRole('status').textContent).toMatch(/^Frame #3 is hidden by the filter\./);
    fireEvent.click(within(detail).getByRole('button', { name: 'Deselect it' }));
    expect(within(detail).getByText('Select a frame to see its raw text.')).toBeTruthy();
  });

  it('shows a frame the filter hides when asked: Show it, or Go to request from its response', async () => {
    await bootTraffic();
    fireEvent.click(screen.getByRole('tab', { name: /Traffic/ }));
    const rows = () => screen.getByRole('listbox', { name: 'Frames' }).querySelectorAll('[role="option"]');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter traffic' }), {
      target: { value: 'kind:error' },
    });
    await waitFor(() => expect(rows().length).toBe(1));
    fireEvent.click(rows()[0]);
    const detail = screen.getByRole('region', { name: 'Frame detail' });
    fireEvent.click(within(detail).getByRole('button', { name: 'Go to request #1' }));
    expect(within(detail).getByRole('heading').textContent).toBe('#1 sent request tools/call');
    expect(within(detail).queryByText(/hidden by the filter/)).toBeNull();
    fireEvent.click(within(detail).getByRole('button', { name: 'Go to response #2' }));
    expect(within(detail).getByRole('heading').textContent).toMatch(/^#2 received error/);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter traffic' }), {
      target: { value: 'dir:out' },
    });
    expect(within(detail).getByRole('status').textContent).toMatch(/^Frame #2 is hidden by the filter\./);
    fireEvent.click(within(detail).getByRole('button', { name: 'Show it' }));
    expect(within(detail).getByRole('heading').textContent).toMatch(/^#2 received error/);
  });
});
