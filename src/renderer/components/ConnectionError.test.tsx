/**
 * A failed connection's error is shown whole in the main pane (the doctor's cause, next step and evidence), and
 * the sidebar keeps one line that names it and leads there. Connecting again clears both.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LoupeError } from '../../shared/errors';
import type { SessionStatus } from '../../shared/session';
import type { Target } from '../../shared/target';
import { resetStore } from '../store/store';
import { bootApp, stopApp } from '../testing/bootApp';
import { demoHandshake, fakeBackend, giveElementsASize } from '../testing/fakeBackend';

beforeAll(() => giveElementsASize());
beforeEach(() => resetStore());
afterEach(() => {
  stopApp();
  cleanup();
});

const nextStep =
  'Start the server, then check the port it printed; a server may listen on ::1 or 0.0.0.0 only, so try localhost, 127.0.0.1 and [::1].';

describe('a failed connection', () => {
  it('is shown whole in the main pane, with one line in the sidebar leading to it', async () => {
    let attempts = 0;
    const backend = fakeBackend({
      connect: (target: Target): Promise<SessionStatus> => {
        attempts += 1;
        if (attempts > 1) return Promise.resolve({ state: 'connected', target, handshake: demoHandshake });
        return Promise.reject(
          new LoupeError({
            kind: 'connection-refused',
            message: 'Connection refused: nothing listens at 127.0.0.1:9',
            doctor: {
              likelyCause: 'Nothing listens at that host and port.',
              nextStep,
              evidence: ['POST http://127.0.0.1:9/mcp: ECONNREFUSED'],
            },
          }),
        );
      },
    });
    await bootApp(backend);
    const pane = await screen.findByRole('region', { name: 'Connection error' });
    expect(pane.closest('main')).not.toBeNull();
    const notice = within(pane).getByRole('alert');
    expect(notice.querySelector('.notice-title')?.textContent).toBe(
      'Connection failed: Connection refusedconnection-refused',
    );
    const advice = within(pane).getByRole('region', { name: 'Connection doctor' });
    expect([...advice.querySelectorAll('dd')].map((item) => item.textContent)).toEqual([
      'Nothing listens at that host and port.',
      nextStep,
    ]);

    // The Server view's session card names it in one line, which moves focus to the whole error.
    fireEvent.click(screen.getByRole('tab', { name: 'Server' }));
    const card = screen.getByRole('region', { name: 'Session' });
    expect(within(card).queryByRole('alert')).toBeNull();
    expect(within(card).queryByText(nextStep)).toBeNull();
    const line = within(card).getByRole('button', { name: /^Connection failed: Connection refused/ });
    expect(line.textContent).toBe('Connection failed: Connection refuseddetails in the main pane →');
    fireEvent.click(line);
    expect(document.activeElement).toBe(pane);

    fireEvent.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Reconnect' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Connection error' })).toBeNull());
    expect(within(card).queryByRole('button', { name: /^Connection failed/ })).toBeNull();
  });
});
