import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bootApp, stopApp } from './testing/bootApp';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LoupeError } from '../shared/errors';
import type { JsonObject } from '../shared/json';
import { resetStore, useLoupeStore } from './store/store';
import { fakeBackend, frame, giveElementsASize, listResult, makeTools } from './testing/fakeBackend';

beforeAll(() => giveElementsASize());
beforeEach(() => resetStore());
afterEach(() => {
  stopApp();
  cleanup();
});

describe('the app shell', () => {
  it('connects to the initial target on start and shows the count and pages', async () => {
    const backend = fakeBackend({ lists: { tools: listResult('tools', makeTools(1000), 40) } });
    await bootApp(backend);
    expect(backend.calls.slice(0, 4)).toEqual(['getSettings', 'sessions', 'initialTarget', 'connect']);
    const list = screen.getByRole('region', { name: 'Tool list' });
    await waitFor(() => expect(within(list).getByText('1,000 tools')).toBeTruthy());
    expect(within(list).getByText(/40 pages/)).toBeTruthy();
    expect(within(list).queryByText('incomplete')).toBeNull();
    expect(screen.getByRole('listbox', { name: 'Tools' })).toBeTruthy();
    // Once in the header, once as the session's tab in the side bar.
    expect(screen.getAllByText('fake-server')).toHaveLength(2);
    expect(screen.getByRole('tab', { name: 'fake-server, connected' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    for (const name of ['Tools', 'Resources', 'Prompts', 'Traffic', 'Timings'])
      expect(screen.getByRole('tab', { name })).toBeTruthy();
    for (const name of ['Connect…', 'Disconnect', 'Reconnect', 'Save snapshot', 'Open snapshot'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
  });

  it('says loudly when a listing stopped at the page limit', async () => {
    const tools = listResult('tools', makeTools(640), 64, {
      complete: false,
      error: { kind: 'page-limit', message: 'Stopped after 64 pages; the server still sent nextCursor.' },
    });
    await bootApp(fakeBackend({ lists: { tools } }));
    const list = screen.getByRole('region', { name: 'Tool list' });
    await waitFor(() => expect(within(list).getByText('640 tools')).toBeTruthy());
    expect(within(list).getByText('incomplete')).toBeTruthy();
    expect(within(list).getByText(/Listing incomplete: stopped at the page limit/)).toBeTruthy();
    expect(within(list).getByText('Stopped after 64 pages; the server still sent nextCursor.')).toBeTruthy();
  });

  it('filters over name, title and description', async () => {
    const tools = makeTools(30, (index) => ({
      name: `tool_${index}`,
      ...(index === 7 ? { title: 'Weather lookup' } : {}),
      description: index === 21 ? 'Finds the WEATHER' : `plain ${index}`,
      inputSchema: { type: 'object' },
    }));
    await bootApp(fakeBackend({ lists: { tools: listResult('tools', tools) } }));
    await waitFor(() => expect(screen.getByText('30 tools')).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Filter tools'), { target: { value: 'weather' } });
    const options = within(screen.getByRole('listbox', { name: 'Tools' })).getAllByRole('option');
    expect(options.map((option) => option.querySelector('.item-name')?.textContent)).toEqual([
      'tool_7',
      'tool_21',
    ]);
    expect(screen.getByText(/2 shown/)).toBeTruthy();
  });

  it('renders hostile server text as text, never as markup', async () => {
    const hostile =
      '<img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:alert(3)">x</a>';
    const tools = [
      {
        name: 'evil',
        title: hostile,
        description: hostile,
        inputSchema: { type: 'object' },
        annotations: { title: hostile },
      },
    ];
    const { container } = await bootApp(fakeBackend({ lists: { tools: listResult('tools', tools) } }));
    await waitFor(() => expect(screen.getByText('1 tool')).toBeTruthy());
    fireEvent.click(within(screen.getByRole('listbox', { name: 'Tools' })).getByRole('option'));
    const detail = screen.getByRole('region', { name: 'Tool detail' });
    expect(within(detail).getAllByText(hostile).length).toBeGreaterThan(0);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('a[href^="javascript"]')).toBeNull();
    expect(within(detail).getByText(/claims by the server — untrusted/)).toBeTruthy();
  });

  it('shows every field of a tool, unknown ones included, and keyboard moves through the list', async () => {
    const tools: JsonObject[] = [
      {
        name: 'first',
        description: 'line one\n  indented line two',
        inputSchema: { type: 'object' },
        extraThing: { vendor: 42 },
      },
      {
        name: 'second',
        inputSchema: { type: 'object' },
        _meta: { origin: 'x' },
        icons: [{ src: 'https://example.com/a.png' }],
      },
    ];
    await bootApp(fakeBackend({ lists: { tools: listResult('tools', tools) } }));
    await waitFor(() => expect(screen.getByText('2 tools')).toBeTruthy());
    const listbox = screen.getByRole('listbox', { name: 'Tools' });
    fireEvent.keyDown(listbox, { key: 'ArrowDown' });
    const detail = screen.getByRole('region', { name: 'Tool detail' });
    expect(within(detail).getByRole('heading', { name: 'first' })).toBeTruthy();
    expect(
      within(detail).getByText('line one\n  indented line two', { normalizer: (text) => text }),
    ).toBeTruthy();
    expect(within(detail).getByLabelText('Other fields').textContent).toContain('"vendor": 42');
    fireEvent.keyDown(listbox, { key: 'ArrowDown' });
    expect(within(detail).getByRole('heading', { name: 'second' })).toBeTruthy();
    expect(within(detail).getByText('https://example.com/a.png')).toBeTruthy();
    expect(detail.querySelector('img')).toBeNull();
  });

  it('shows why a connection failed and keeps working', async () => {
    const backend = fakeBackend({
      connect: () =>
        Promise.reject(
          new LoupeError({
            kind: 'command-not-found',
            message: 'spawn no-such-server ENOENT',
            data: { command: 'no-such-server' },
          }),
        ),
    });
    await bootApp(backend);
    const alert = await screen.findByText('spawn no-such-server ENOENT');
    expect(alert.closest('[role="alert"]')?.textContent).toContain('Command not found');
    fireEvent.click(screen.getByRole('tab', { name: 'Traffic' }));
    expect(screen.getByRole('tab', { name: 'Traffic' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('button', { name: 'Connect…' })).toBeTruthy();
  });

  it('without a usable access token shows one page naming the address to open, and nothing of the app', async () => {
    await bootApp(fakeBackend());
    const reasons: string[] = [];
    for (const link of ['no-credential', 'refused', 'unreachable'] as const) {
      act(() => useLoupeStore.setState({ backendLink: link }));
      const page = screen.getByRole('main', { name: 'Open the address Loupe printed' });
      reasons.push(within(page).getByTestId('access-reason').textContent ?? '');
      expect(within(page).getByLabelText('The line to look for').textContent).toBe(
        `Loupe is at ${window.location.origin}/?token=…`,
      );
      expect(screen.queryByRole('complementary', { name: 'Connections' })).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
    }
    expect(reasons).toEqual([
      'This page was opened without Loupe’s access token.',
      'Loupe runs at this address but did not accept this tab’s access token: it is not the token of this run. Each run of Loupe makes a new one, and a token ends with its run.',
      'Nothing answers at this address: Loupe has stopped, or it runs at another address now.',
    ]);
    act(() => useLoupeStore.setState({ backendLink: 'closed' }));
    expect(screen.getByRole('alert').textContent).toBe('Backend disconnected — trying to reconnect…');
    expect(screen.getByRole('complementary', { name: 'Connections' })).toBeTruthy();
  });

  it('shows a session that ended with the server exiting, with its stderr', async () => {
    const backend = fakeBackend({ lists: { tools: listResult('tools', makeTools(2)) } });
    await bootApp(backend);
    await waitFor(() => expect(screen.getByText('2 tools')).toBeTruthy());
    act(() => {
      backend.emit('onFrames', [
        frame(1, {
          direction: 'in',
          kind: 'stderr',
          method: undefined,
          raw: 'Traceback (most recent call last):',
        }),
        frame(2, { direction: 'in', kind: 'stderr', method: undefined, raw: 'KeyError: <b>config</b>' }),
      ]);
      backend.emit('onStatus', {
        state: 'closed',
        target: { transport: 'demo' },
        reason: {
          kind: 'server-exited',
          code: 1,
          message: 'Server exited with code 1: KeyError: <b>config</b>',
        },
      });
    });
    const stderr = await screen.findByLabelText('Server stderr');
    expect(stderr.textContent).toBe('Traceback (most recent call last):\nKeyError: <b>config</b>');
    expect(stderr.closest('[role="alert"]')?.textContent).toContain('Session ended: Server exited');
    expect(stderr.querySelector('b')).toBeNull();
    expect(screen.getByText('2 tools')).toBeTruthy();
  });

  it('marks added and changed tools on list_changed and lists the removed ones', async () => {
    const backend = fakeBackend({ lists: { tools: listResult('tools', makeTools(3)) } });
    await bootApp(backend);
    await waitFor(() => expect(screen.getByText('3 tools')).toBeTruthy());
    const next = listResult('tools', [
      ...makeTools(2),
      { name: 'brand_new', inputSchema: { type: 'object' } },
    ]);
    act(() =>
      backend.emit('onListChanged', {
        diff: { kind: 'tools', added: ['brand_new'], removed: ['tool_2'], changed: ['tool_0'] },
        result: next,
      }),
    );
    await waitFor(() => expect(screen.getByText('List changed: 1 added, 1 changed, 1 removed')).toBeTruthy());
    expect(screen.getByText('Removed: tool_2')).toBeTruthy();
    const rows = within(screen.getByRole('listbox', { name: 'Tools' })).getAllByRole('option');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('changed'),
      expect.not.stringContaining('added'),
      expect.stringContaining('added'),
    ]);
  });
});
