/** Renders the whole App against a fake backend and starts the store on it, as main.tsx does; stopApp undoes it. */
import { act, render, type RenderResult } from '@testing-library/react';
import { App } from '../App';
import { setApi } from '../bridge';
import { start } from '../store/start';
import type { LoupeApi } from '../../shared/contract';

let stop: (() => void) | undefined;

export async function bootApp(backend: { api: LoupeApi }): Promise<RenderResult> {
  setApi(backend.api);
  const view = render(<App />);
  await act(async () => {
    stop = await start(backend.api);
  });
  return view;
}

/** Unbinds what bootApp started (call in afterEach, before cleanup()). */
export function stopApp(): void {
  stop?.();
  stop = undefined;
}
