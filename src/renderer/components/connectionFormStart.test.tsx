/**
 * The connection form while the app starts: the app connects to its first target (the demo) a moment after the
 * page shows. A form nobody touched takes that target up; a form the person has begun to fill in keeps what they
 * chose and typed (it was remounted over them, back to "Embedded demo server", in CI's auth spec).
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Target } from '../../shared/target';
import { App } from '../App';
import { setApi } from '../bridge';
import { start } from '../store/start';
import { resetStore } from '../store/store';
import { demoHandshake, fakeBackend, giveElementsASize } from '../testing/fakeBackend';

let stop: (() => void) | undefined;
beforeAll(() => giveElementsASize());
beforeEach(() => resetStore());
afterEach(() => {
  stop?.();
  stop = undefined;
  cleanup();
});

/** As bootApp, but the start is awaited only once the test has released the first target. */
function bootWaiting(backend: ReturnType<typeof fakeBackend>): Promise<() => void> {
  setApi(backend.api);
  render(<App />);
  return start(backend.api);
}

const form = () => screen.getByRole('form', { name: 'Connection' });
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
    const booting = bootWaiting(backend);
    await waitFor(() => expect(transport()).toBeTruthy());
    fireEvent.change(transport(), { target: { value: 'http' } });
    fireEvent.change(within(form()).getByLabelText('URL', { exact: true }), {
      target: { value: 'http://127.0.0.1:3001/mcp' },
    });
    await act(async () => {
      release({ transport: 'demo' });
      stop = await booting;
    });
    await waitFor(() => expect(connects).toEqual([{ transport: 'demo' }]));
    expect(transport().value).toBe('http');
    expect(within(form()).getByLabelText<HTMLInputElement>('URL', { exact: true }).value).toBe(
      'http://127.0.0.1:3001/mcp',
    );
  });

  it('an untouched form takes up the first target', async () => {
    const { backend, connects, release } = slowStart();
    const booting = bootWaiting(backend);
    await waitFor(() => expect(transport()).toBeTruthy());
    expect(transport().value).toBe('stdio');
    await act(async () => {
      release({ transport: 'demo' });
      stop = await booting;
    });
    await waitFor(() => expect(connects).toEqual([{ transport: 'demo' }]));
    await waitFor(() => expect(transport().value).toBe('demo'));
  });
});
