/**
 * Opening a snapshot whose schema nests 100,000 levels deep, through the contract carrier (the fake backend
 * parses it and answers with the parsed value, which no carrier can serialize): the UI ends with a clear
 * error, never on "Working on the snapshot…".
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { snapshotFormat } from '../shared/snapshot';
import { App } from './App';
import { setApi } from './bridge';
import { resetStore } from './store/store';
import { start } from './store/start';
import { fakeBackend, giveElementsASize, listResult, makeTools } from './testing/fakeBackend';
import { lazyChunksHookMs, loadLazyChunks } from './testing/lazyChunks';

let stop: (() => void) | undefined;

beforeAll(() => giveElementsASize());
beforeAll(() => loadLazyChunks(), lazyChunksHookMs);
beforeEach(() => resetStore());
afterEach(() => {
  stop?.();
  cleanup();
});

describe('a snapshot nested 100,000 deep', () => {
  it('ends in a clear error naming the cause, and the live session stays usable', async () => {
    const backend = fakeBackend({ lists: { tools: listResult('tools', makeTools(3)) } });
    setApi(backend.api);
    render(<App />);
    await act(async () => {
      stop = await start(backend.api);
    });
    await waitFor(() => expect(screen.getByText('3 tools')).toBeTruthy());

    const depth = 100_000;
    const schema = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const text = `{"format":${JSON.stringify(snapshotFormat)},"tools":[{"name":"deep","inputSchema":${schema}}]}`;
    fireEvent.change(screen.getByTestId('snapshot-file'), {
      target: { files: [new File([text], 'deep.json')] },
    });

    const error = await screen.findByText(
      /deep\.json is not a Loupe snapshot Loupe can open/,
      {},
      { timeout: 10_000 },
    );
    expect(error.textContent).toContain('(internal)');
    expect(error.textContent).toContain(
      'The result of loadSnapshot could not be sent to the UI: it is nested too deeply (RangeError: ',
    );
    expect(screen.queryByText(/Working on the snapshot/)).toBeNull();
    expect(backend.calls).toContain('loadSnapshot');

    fireEvent.change(screen.getByLabelText('Filter tools'), { target: { value: 'tool_1' } });
    await waitFor(() => expect(screen.getByText(/1 shown/)).toBeTruthy());
  });
});
