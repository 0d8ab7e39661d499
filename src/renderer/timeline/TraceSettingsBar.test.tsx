import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetStore, useLoupeStore } from '../store/store';
import { bootApp, stopApp } from '../testing/bootApp';
import { fakeBackend } from '../testing/fakeBackend';

beforeEach(() => resetStore());
afterEach(() => {
  stopApp();
  cleanup();
});

describe('trace settings in the Timings view', () => {
  it('says trace context is sent (on by default) and saves it off', async () => {
    const backend = fakeBackend();
    await bootApp(backend);
    fireEvent.click(screen.getByRole('tab', { name: 'Timings' }));
    const box = await screen.findByRole<HTMLInputElement>('checkbox', { name: /Send trace context/ });
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    await waitFor(() => expect(useLoupeStore.getState().settings?.traces?.context).toBe(false));
    expect((await backend.api.getSettings()).traces).toMatchObject({
      context: false,
      export: false,
      receive: true,
    });
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /Send trace context/ }).checked).toBe(
      false,
    );
  });
});
