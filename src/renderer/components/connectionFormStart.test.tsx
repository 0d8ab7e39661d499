/**
 * The connection form while the app starts: the app finds or opens its session and connects it to its first target
 * (the demo) a moment after the page shows. A form nobody touched takes that target up; a form the person has begun
 * to fill in keeps what they chose and typed. It was remounted over them, back to "Embedded demo server", in CI's
 * auth spec (when the first target arrived) and in its grants spec (when the session was first shown).
 */
import { act, cleanup, fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SessionInfo } from '../../shared/sessions';
import type { Target } from '../../shared/target';
import { resetStore } from '../store/store';
import { startApp, stopApp } from '../testing/bootApp';
import { demoHandshake, fakeBackend, giveElementsASize } from '../testing/fakeBackend';
import { connectForm } from '../testing/connectForm';

beforeAll(() => giveElementsASize());
beforeEach(() => resetStore());
afterEach(() => {
  stopApp();
  cleanup();
});

const form = () => connectForm();
const transport = () => within(form()).getByLabelText<HTMLSelectElement>('Transport');

/** A backend whose first target comes when the test says, and that records what it is asked to connect to. */
function slowStart() {
  let release: (target: Target) => void = () => undefined;
  const first = new Promise<Target>((resolve) => (release = resolve));
  const connects: Target[] = [];
  const backend = fakeBackend({
    initialTarget: () => first,
    connect: (target: Target) => {
      connects.push(target);
      return Promise.resolve({
        state: 'connected',
        target,
        handshake: demoHandshake,
        requestTimeoutMs: 10_000,
      });
    },
  });
  return { backend, connects, release: (target: Target) => release(target) };
}

describe('the connection form while the app connects at start', () => {
  it('keeps the transport and URL the person chose before the first connection began', async () => {
    const { backend, connects, release } = slowStart();
    const { started } = startApp(backend);
    await waitFor(() => expect(transport()).toBeTruthy());
    fireEvent.change(transport(), { target: { value: 'http' } });
    fireEvent.change(within(form()).getByLabelText('URL', { exact: true }), {
      target: { value: 'http://127.0.0.1:3001/mcp' },
    });
    await act(async () => {
      release({ transport: 'demo' });
      await started;
    });
    await waitFor(() => expect(connects).toEqual([{ transport: 'demo' }]));
    expect(transport().value).toBe('http');
    expect(within(form()).getByLabelText<HTMLInputElement>('URL', { exact: true }).value).toBe(
      'http://127.0.0.1:3001/mcp',
    );
  });

  it('an untouched form takes up the first target', async () => {
    const { backend, connects, release } = slowStart();
    const { started } = startApp(backend);
    await waitFor(() => expect(transport()).toBeTruthy());
    expect(transport().value).toBe('stdio');
    await act(async () => {
      release({ transport: 'demo' });
      await started;
    });
    await waitFor(() => expect(connects).toEqual([{ transport: 'demo' }]));
    await waitFor(() => expect(transport().value).toBe('demo'));
  });
  it('keeps them while the app is still finding its session, and the session takes them up', async () => {
    // The backend answers which sessions it holds only when the test says: the page shows before that.
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const connects: Target[] = [];
    const backend = fakeBackend({
      sessions: (): Promise<SessionInfo[]> =>
        held.then(() => [{ id: 's1', status: { state: 'idle' }, openedAt: 0 }]),
      connect: (target: Target) => {
        connects.push(target);
        return Promise.resolve({ state: 'connected', target, handshake: demoHandshake });
      },
    });
    const { started } = startApp(backend);
    await waitFor(() => expect(transport()).toBeTruthy());
    fireEvent.change(transport(), { target: { value: 'http' } });
    fireEvent.change(within(form()).getByLabelText('URL', { exact: true }), {
      target: { value: 'http://127.0.0.1:3002/mcp' },
    });
    fireEvent.click(within(form()).getByText('Sign-in (OAuth)'));
    fireEvent.change(within(form()).getByLabelText('Client ID', { exact: true }), {
      target: { value: 'loupe-machine-basic' },
    });
    await act(async () => {
      answer();
      await started;
    });
    await waitFor(() => expect(connects).toEqual([{ transport: 'demo' }]));
    expect(transport().value).toBe('http');
    expect(within(form()).getByLabelText<HTMLInputElement>('URL', { exact: true }).value).toBe(
      'http://127.0.0.1:3002/mcp',
    );
    expect(within(form()).getByLabelText<HTMLInputElement>('Client ID', { exact: true }).value).toBe(
      'loupe-machine-basic',
    );
  });
});
