/**
 * The connection form's "Request timeout (ms)": empty is the settings' default (its placeholder), a whole number
 * of ms is carried to connect() as timeoutMs, anything else is refused naming the field; the timeout is saved
 * with a saved server, used by Reconnect, and shown in the session's handshake details.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SessionOptions } from '../../shared/session';
import type { Target } from '../../shared/target';
import { resetStore, useLoupeStore } from '../store/store';
import { bootApp, stopApp } from '../testing/bootApp';
import { demoHandshake, fakeBackend, giveElementsASize } from '../testing/fakeBackend';
import { connectForm } from '../testing/connectForm';

beforeAll(() => giveElementsASize());
beforeEach(() => resetStore());
afterEach(() => {
  stopApp();
  cleanup();
});

const form = () => connectForm();
const timeoutField = () => within(form()).getByLabelText<HTMLInputElement>('Request timeout (ms)');

describe('the request timeout of a connection', () => {
  it('is validated, carried to connect(), saved with the server, reused by Reconnect and shown', async () => {
    const connects: SessionOptions[] = [];
    const backend = fakeBackend({
      initialTarget: () => Promise.resolve(null),
      getSettings: () =>
        Promise.resolve({ timeoutMs: 12_000, maxTotalMs: 60_000, pageLimit: 64, savedServers: [] }),
      connect: (target: Target, options) => {
        connects.push(options ?? {});
        return Promise.resolve({
          state: 'connected',
          target,
          handshake: demoHandshake,
          requestTimeoutMs: options?.timeoutMs ?? 12_000,
        });
      },
    });
    await bootApp(backend);
    expect(timeoutField().value).toBe('');
    expect(timeoutField().placeholder).toBe('12000 (default)');
    fireEvent.change(within(form()).getByLabelText('Command'), { target: { value: 'node' } });
    fireEvent.change(within(form()).getByLabelText('Arguments'), { target: { value: 'slow.mjs' } });

    for (const typed of ['soon', '0', '2.5', '3600001']) {
      fireEvent.change(timeoutField(), { target: { value: typed } });
      fireEvent.click(within(form()).getByRole('button', { name: 'Connect' }));
      expect(within(form()).getByRole('alert').textContent).toBe(
        `Request timeout (ms) must be a whole number of milliseconds from 1 to 3600000, not “${typed}”; leave it empty for the default (12000 ms).`,
      );
    }
    expect(connects).toEqual([]);

    fireEvent.change(timeoutField(), { target: { value: ' 30000 ' } });
    fireEvent.click(within(form()).getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(connects).toEqual([{ protocol: 'auto', timeoutMs: 30_000 }]));
    // Connect closed the dialog; the Server view shows the timeout the connection uses.
    expect(screen.queryByRole('form', { name: 'Connection' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Server' }));
    const timeoutShown = () => screen.getByTestId('request-timeout').textContent;
    await waitFor(() => expect(timeoutShown()).toBe('30000 ms'));
    // The form keeps it for the next attempt, and Reconnect uses it.
    expect(timeoutField().value).toBe('30000');
    fireEvent.click(screen.getByRole('button', { name: 'Reconnect' }));
    await waitFor(() => expect(connects).toHaveLength(2));
    expect(connects[1]).toEqual({ protocol: 'auto', timeoutMs: 30_000 });

    fireEvent.change(screen.getByLabelText('Name to save as'), { target: { value: 'slow' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save server' }));
    await waitFor(() => expect(useLoupeStore.getState().settings?.savedServers).toHaveLength(1));
    expect(useLoupeStore.getState().settings?.savedServers[0]).toMatchObject({
      name: 'slow',
      timeoutMs: 30_000,
    });
    const saved = screen.getByRole('button', { name: 'Connect to slow' });
    expect(saved.textContent).toBe('Connect to slownode slow.mjs · timeout 30000 ms');

    // Emptied: the default, and connect() gets no timeoutMs at all.
    fireEvent.change(timeoutField(), { target: { value: '' } });
    fireEvent.click(within(form()).getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(connects).toHaveLength(3));
    expect(connects[2]).toEqual({ protocol: 'auto' });
    await waitFor(() => expect(timeoutShown()).toBe('12000 ms'));

    // The saved server connects with its own timeout, and editing it brings the timeout back into the form.
    fireEvent.click(saved);
    await waitFor(() => expect(connects).toHaveLength(4));
    expect(connects[3]).toEqual({ protocol: 'auto', timeoutMs: 30_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Edit slow' }));
    expect(timeoutField().value).toBe('30000');
  });
});
