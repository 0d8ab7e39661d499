import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoupeError } from '../../shared/errors';
import { resetStore } from '../store/store';
import { bootApp, stopApp } from '../testing/bootApp';
import { fakeBackend, giveElementsASize, listResult, makeTools } from '../testing/fakeBackend';
import { connectForm } from '../testing/connectForm';

beforeAll(() => {
  giveElementsASize(2000);
  // jsdom has no object URLs; the download itself is the browser's business.
  URL.createObjectURL = () => 'blob:fake';
  URL.revokeObjectURL = () => undefined;
});
beforeEach(() => resetStore());
afterEach(() => {
  stopApp();
  cleanup();
  vi.restoreAllMocks();
});

const lastAction = () => screen.getByRole('status', { name: 'Last action' });

describe('save feedback', () => {
  it('says the snapshot file name, and the server name saved, then clears on Dismiss', async () => {
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await bootApp(
      fakeBackend({
        lists: { tools: listResult('tools', makeTools(2)) },
        createSnapshot: () => Promise.resolve({ fileName: 'loupe-demo-2026.json', text: '{}' }),
      }),
    );
    await waitFor(() => expect(screen.getByText('2 tools')).toBeTruthy());
    expect(lastAction().textContent).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Save snapshot' }));
    await waitFor(() =>
      expect(lastAction().textContent).toContain(
        "Snapshot saved as loupe-demo-2026.json (to your browser's downloads).",
      ),
    );

    const form = connectForm();
    fireEvent.change(within(form).getAllByRole('combobox')[0], { target: { value: 'stdio' } });
    fireEvent.change(within(form).getByLabelText('Command'), { target: { value: 'node' } });
    fireEvent.change(within(form).getByLabelText('Name to save as'), { target: { value: 'mine' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save server' }));
    await waitFor(() => expect(lastAction().textContent).toContain('Server saved as "mine".'));
    fireEvent.click(within(form).getByRole('button', { name: 'Save server' }));
    await waitFor(() =>
      expect(lastAction().textContent).toContain('Server saved as "mine" (replacing the one of that name).'),
    );

    fireEvent.click(within(lastAction()).getByRole('button', { name: 'Dismiss' }));
    expect(lastAction().textContent).toBe('');
  });

  it('says why a save failed', async () => {
    await bootApp(
      fakeBackend({
        lists: { tools: listResult('tools', makeTools(2)) },
        createSnapshot: () => Promise.reject(new LoupeError({ kind: 'internal', message: 'disk full' })),
        saveSettings: () =>
          Promise.reject(new LoupeError({ kind: 'internal', message: 'settings file is read-only' })),
      }),
    );
    await waitFor(() => expect(screen.getByText('2 tools')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Save snapshot' }));
    await waitFor(() => expect(lastAction().textContent).toContain('Could not save the snapshot: disk full'));

    const form = connectForm();
    fireEvent.change(within(form).getAllByRole('combobox')[0], { target: { value: 'stdio' } });
    fireEvent.change(within(form).getByLabelText('Command'), { target: { value: 'node' } });
    fireEvent.change(within(form).getByLabelText('Name to save as'), { target: { value: 'mine' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save server' }));
    await waitFor(() =>
      expect(lastAction().textContent).toContain(
        'Could not save the server "mine": settings file is read-only',
      ),
    );
  });
});
