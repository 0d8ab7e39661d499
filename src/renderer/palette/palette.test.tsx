/**
 * The command palette against the whole App on a fake backend: Ctrl+K opens it, typing ranks the matches, the
 * arrow keys choose, Enter jumps (tool, frame, view), Escape closes and focus returns to where it was. And the
 * ranking itself.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { JsonObject } from '../../shared/json';
import { itemKey, type ListResult } from '../../shared/lists';
import { connect } from '../store/sessionActions';
import { resetStore, useLoupeStore } from '../store/store';
import { bootApp, stopApp } from '../testing/bootApp';
import { fakeBackend, frame, giveElementsASize, listResult, makeTools } from '../testing/fakeBackend';
import { paletteScore, rankPalette } from './paletteRank';

beforeAll(() => giveElementsASize(2000));
beforeEach(() => resetStore());
afterEach(() => {
  stopApp();
  cleanup();
});

const tools: JsonObject[] = [
  ...makeTools(40),
  { name: 'finder', description: 'finds', inputSchema: { type: 'object' } },
  {
    name: 'find',
    description: 'exact',
    inputSchema: { type: 'object', properties: { query: { type: 'string' } } },
  },
  {
    name: 'weather',
    description: 'a field with a default',
    inputSchema: {
      type: 'object',
      properties: { city: { type: 'string', default: 'Utrecht' } },
      required: ['city'],
    },
  },
];

async function boot() {
  const backend = fakeBackend({ lists: { tools: listResult('tools', tools) } });
  await bootApp(backend);
  await waitFor(() => expect(useLoupeStore.getState().status.state).toBe('connected'));
  await waitFor(() => expect(useLoupeStore.getState().lists.tools.result?.items).toHaveLength(43));
  return backend;
}

function pressPaletteKey(): void {
  act(() => {
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
  });
}

function paletteOptions(): HTMLElement[] {
  return within(screen.getByRole('listbox', { name: 'Matches' })).queryAllByRole('option');
}

function optionLabels(): string[] {
  return paletteOptions().map((option) => option.querySelector('.palette-label')?.textContent ?? '');
}

describe('command palette', () => {
  it('opens on Ctrl+K with the input focused, ranks the exact name first, and Enter jumps to the tool', async () => {
    await boot();
    pressPaletteKey();
    const input = screen.getByRole('combobox', { name: 'Go to' });
    expect(document.activeElement).toBe(input);
    fireEvent.change(input, { target: { value: 'find' } });
    expect(optionLabels().slice(0, 2)).toEqual(['find', 'finder']);
    expect(paletteOptions()[0].getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(paletteOptions()[1].getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.queryByRole('dialog', { name: 'Command palette' })).toBeNull();
    expect(useLoupeStore.getState().tab).toBe('Tools');
    expect(useLoupeStore.getState().selected.tools).toEqual({ index: 41, key: 'find' });
    // Focus moves into the tool's form.
    await waitFor(() => expect(document.activeElement?.closest('.tool-call-panel')).not.toBeNull(), {
      timeout: 8000,
    });
  });

  it('a jump to a tool selects its first field’s default, so typing replaces it', async () => {
    await boot();
    pressPaletteKey();
    const input = screen.getByRole('combobox', { name: 'Go to' });
    fireEvent.change(input, { target: { value: 'weather' } });
    expect(optionLabels()[0]).toBe('weather');
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(
      () => expect(document.activeElement?.closest('.tool-call-panel .arguments-form')).not.toBeNull(),
      { timeout: 8000 },
    );
    const city = document.activeElement as HTMLInputElement;
    expect(city.value).toBe('Utrecht');
    expect([city.selectionStart, city.selectionEnd]).toEqual([0, 'Utrecht'.length]);
  });

  it('opened while the tools are still being listed, it offers them once the listing ends', async () => {
    let settle: (result: ListResult) => void = () => undefined;
    const walk = new Promise<ListResult>((resolve) => (settle = resolve));
    const backend = fakeBackend({
      initialTarget: () => Promise.resolve(null),
      list: (kind) => (kind === 'tools' ? walk : Promise.resolve(listResult(kind, []))),
    });
    await bootApp(backend);
    let connected: Promise<void> = Promise.resolve();
    act(() => {
      connected = connect({ transport: 'demo' });
    });
    await waitFor(() => expect(useLoupeStore.getState().lists.tools.loading).toBe(true));
    pressPaletteKey();
    const input = screen.getByRole('combobox', { name: 'Go to' });
    fireEvent.change(input, { target: { value: 'weather' } });
    expect(optionLabels()).toEqual([]);
    expect(screen.getByText('Nothing matches “weather”.')).toBeTruthy();
    // Enter with nothing matching does nothing: the palette stays open for the match to come.
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByRole('dialog', { name: 'Command palette' })).toBeTruthy();

    await act(async () => {
      settle(listResult('tools', tools));
      await connected;
    });
    await waitFor(() => expect(optionLabels()[0]).toBe('weather'));
    expect(paletteOptions()[0].getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(useLoupeStore.getState().selected.tools).toEqual({ index: 42, key: 'weather' });
  });

  it('keeps the chosen match in range when the matches change under it', async () => {
    const backend = await boot();
    pressPaletteKey();
    const input = screen.getByRole('combobox', { name: 'Go to' });
    fireEvent.change(input, { target: { value: 'tool_3' } });
    const before = optionLabels();
    expect(before.slice(0, 11)).toEqual(['tool_3', ...Array.from({ length: 10 }, (_, n) => `tool_3${n}`)]);
    // The last match chosen (ArrowUp from the first wraps around).
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(paletteOptions()[before.length - 1].getAttribute('aria-selected')).toBe('true');
    // The server's list changes to the first five tools: the cursor goes back to the first match.
    const removed = tools.slice(5).map((tool) => itemKey('tools', tool));
    act(() =>
      backend.emit('onListChanged', {
        diff: { kind: 'tools', added: [], removed, changed: [] },
        result: listResult('tools', tools.slice(0, 5)),
      }),
    );
    await waitFor(() => expect(optionLabels()).toEqual(['tool_3']));
    expect(paletteOptions()[0].getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(useLoupeStore.getState().selected.tools).toEqual({ index: 3, key: 'tool_3' });
  });

  it('Escape closes it and gives focus back to where it was', async () => {
    await boot();
    const filter = screen.getByRole('searchbox', { name: 'Filter tools' });
    filter.focus();
    pressPaletteKey();
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Go to' }));
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Go to' }), { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Command palette' })).toBeNull();
    expect(document.activeElement).toBe(filter);
  });

  it('jumps to a frame by method and id, to a tab, and offers the actions of the moment', async () => {
    const backend = await boot();
    act(() =>
      backend.emit('onFrames', [
        frame(7, { method: 'tools/call', id: 12 }),
        frame(8, { method: 'ping', id: 13 }),
      ]),
    );
    await waitFor(() => expect(useLoupeStore.getState().frameLog.length).toBe(2));
    pressPaletteKey();
    const input = screen.getByRole('combobox', { name: 'Go to' });
    fireEvent.change(input, { target: { value: 'tools/call id 12' } });
    expect(optionLabels()[0]).toBe('tools/call id 12');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(useLoupeStore.getState().tab).toBe('Traffic');
    expect(useLoupeStore.getState().selectedFrameSeq).toBe(7);

    pressPaletteKey();
    const again = screen.getByRole('combobox', { name: 'Go to' });
    fireEvent.change(again, { target: { value: 'timings' } });
    expect(optionLabels()[0]).toBe('Timings view');
    fireEvent.keyDown(again, { key: 'Enter' });
    expect(useLoupeStore.getState().tab).toBe('Timings');

    pressPaletteKey();
    fireEvent.change(screen.getByRole('combobox', { name: 'Go to' }), { target: { value: 'disconn' } });
    expect(optionLabels()).toEqual(['Disconnect']);
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Go to' }), { key: 'Enter' });
    await waitFor(() => expect(useLoupeStore.getState().status.state).toBe('closed'));
    pressPaletteKey();
    fireEvent.change(screen.getByRole('combobox', { name: 'Go to' }), { target: { value: 'zzzz-nothing' } });
    expect(optionLabels()).toEqual([]);
    expect(screen.getByText('Nothing matches “zzzz-nothing”.')).toBeTruthy();
  });
});

describe('paletteScore and rankPalette', () => {
  it('orders exact, prefix, word start, substring, characters in order, then detail; ties keep their order', () => {
    const entries = [
      { label: 'get_echo_log', detail: '' },
      { label: 'xechoy' },
      { label: 'e_c_h_o' },
      { label: 'unrelated', detail: 'mentions echo' },
      { label: 'echo' },
      { label: 'echo_all' },
      { label: 'Echo twice' },
      { label: 'nothing' },
    ];
    expect(rankPalette(entries, 'ECHO').map((entry) => entry.label)).toEqual([
      'echo',
      'echo_all',
      'Echo twice',
      'get_echo_log',
      'xechoy',
      'e_c_h_o',
      'unrelated',
    ]);
    expect(paletteScore({ label: 'nothing' }, 'echo')).toBeUndefined();
    expect(rankPalette(entries, '', 3).map((entry) => entry.label)).toEqual([
      'get_echo_log',
      'xechoy',
      'e_c_h_o',
    ]);
  });
});
