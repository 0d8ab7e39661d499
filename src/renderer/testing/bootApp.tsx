/** Renders the whole App against a fake backend and starts the store on it, as main.tsx does; stopApp undoes it. */
import { act, render, type RenderResult } from '@testing-library/react';
import { App } from '../App';
import { setApi } from '../bridge';
import { loadViews } from '../lazyViews';
import { start } from '../store/start';
import type { LoupeApi } from '../../shared/contract';

let stop: (() => void) | undefined;

/**
 * Renders the App and begins its start without waiting on it: for tests that act while the start is under way
 * (a backend that answers when the test says). The promise settles once the start is done; stopApp undoes it.
 */
export function startApp(backend: { api: LoupeApi }): { view: RenderResult; started: Promise<void> } {
  setApi(backend.api);
  const view = render(<App />);
  let started: Promise<void> = Promise.resolve();
  // What the start sets at once (before its first answer) is inside act, as in bootApp before.
  act(() => {
    started = start(backend.api).then((unbind) => {
      stop = unbind;
    });
  });
  return { view, started };
}

/** Renders the App with every view's chunk already loaded, and waits until its start is done. */
export async function bootApp(backend: { api: LoupeApi }): Promise<RenderResult> {
  await loadViews();
  const { view, started } = startApp(backend);
  await act(() => started);
  return view;
}

/** Unbinds what bootApp or startApp started (call in afterEach, before cleanup()). */
export function stopApp(): void {
  stop?.();
  stop = undefined;
}
