/**
 * The workbench against the whole App on a fake backend: the views by activity walked with the keyboard across their
 * groups, the place kept in the address (and an address opened before its list arrived), the sessions' filter, the
 * notices' stack collapsed and dismissed.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetStore, useLoupeStore } from '../store/store';
import { bootApp, stopApp } from '../testing/bootApp';
import {
  fakeBackend,
  fakeSessionsBackend,
  giveElementsASize,
  listResult,
  makeTools,
} from '../testing/fakeBackend';
import { heldSession } from '../testing/heldSession';
import { applyPlace } from './usePlaceHash';

beforeAll(() => giveElementsASize());
beforeEach(() => {
  resetStore();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  stopApp();
  cleanup();
});

const tab = (name: string) => screen.getByRole('tab', { name });
const selectedView = () => useLoupeStore.getState().tab;

describe('the views by activity', () => {
  it('walks every view with the arrow keys across the groups, Home and End at the ends', async () => {
    await bootApp(fakeBackend({ lists: { tools: listResult('tools', makeTools(3)) } }));
    await waitFor(() => expect(screen.getByText('3 tools')).toBeTruthy());
    expect(screen.getAllByRole('tablist').map((list) => list.getAttribute('aria-labelledby'))).toEqual(
      expect.arrayContaining([
        'view-group-Inspect',
        'view-group-Traffic',
        'view-group-Test',
        'view-group-Trust',
      ]),
    );
    // One tab stop for all fourteen: the shown view.
    expect(
      within(screen.getByRole('navigation', { name: 'Views' }))
        .getAllByRole('tab')
        .filter((element) => element.tabIndex === 0)
        .map((element) => element.id),
    ).toEqual(['tab-Tools']);
    tab('Server').focus();
    fireEvent.click(tab('Server'));
    fireEvent.keyDown(tab('Server'), { key: 'ArrowDown' });
    expect(selectedView()).toBe('Traffic');
    expect(document.activeElement).toBe(tab('Traffic'));
    fireEvent.keyDown(tab('Traffic'), { key: 'ArrowUp' });
    expect(selectedView()).toBe('Server');
    fireEvent.keyDown(tab('Server'), { key: 'End' });
    expect(selectedView()).toBe('Auth');
    expect(document.activeElement).toBe(tab('Sign-in'));
    fireEvent.keyDown(tab('Sign-in'), { key: 'ArrowDown' });
    expect(selectedView()).toBe('Tools');
    fireEvent.keyDown(tab('Tools'), { key: 'Home' });
    expect(selectedView()).toBe('Tools');
    // The tab is named by its name; its count is its description.
    const described = tab('Tools').getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described)?.textContent).toBe('3 tools listed');
  });
});

describe('the place in the address', () => {
  it('follows the view and the open tool, and moves the app when history moves', async () => {
    await bootApp(fakeBackend({ lists: { tools: listResult('tools', makeTools(4)) } }));
    await waitFor(() => expect(screen.getByText('4 tools')).toBeTruthy());
    fireEvent.click(tab('Timings'));
    expect(window.location.hash).toBe('#/timings');
    fireEvent.click(tab('Tools'));
    fireEvent.click(within(screen.getByRole('listbox', { name: 'Tools' })).getAllByRole('option')[1]);
    expect(window.location.hash).toBe('#/tools/tool_1');
    act(() => {
      window.history.pushState(null, '', '#/tools/tool_3');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(useLoupeStore.getState().selected.tools).toEqual({ index: 3, key: 'tool_3' });
    act(() => {
      window.history.pushState(null, '', '#/sign-in');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(selectedView()).toBe('Auth');
  });

  it('opens a tool the address names once its list arrives, once', async () => {
    // As main.tsx does at start: the address is read before the session and its lists exist.
    applyPlace({ view: 'Tools', item: 'tool_5' });
    await bootApp(fakeBackend({ lists: { tools: listResult('tools', makeTools(8)) } }));
    await waitFor(() => expect(useLoupeStore.getState().selected.tools).toEqual({ index: 5, key: 'tool_5' }));
    expect(screen.getByRole('region', { name: 'Tool detail' }).querySelector('h2')?.textContent).toBe(
      'tool_5',
    );
    // Chosen again by the person afterwards, the address follows them, not the one it started with.
    fireEvent.click(within(screen.getByRole('listbox', { name: 'Tools' })).getAllByRole('option')[2]);
    expect(useLoupeStore.getState().selected.tools?.key).toBe('tool_2');
    expect(window.location.hash).toBe('#/tools/tool_2');
  });
});

describe('the sessions in the side bar', () => {
  it('tells them apart, filters from five on and keeps the shown one in the list', async () => {
    await bootApp(fakeSessionsBackend((id) => heldSession(id, 1, 1), 6));
    const list = screen.getByRole('tablist', { name: 'Sessions' });
    await waitFor(() => expect(within(list).getAllByRole('tab')).toHaveLength(6));
    const facts = (id: string) => document.getElementById(`session-facts-${id}`)?.textContent;
    expect(facts('s1')).toBe('node s1.mjs · 2025 era · live');
    expect(within(list).getAllByRole('tab')[3].getAttribute('aria-describedby')).toBe('session-facts-s4');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter sessions' }), { target: { value: 's4' } });
    expect(
      within(list)
        .getAllByRole('tab')
        .map((element) => element.textContent),
    ).toEqual(['server-s1, connected', 'server-s4, connected']);
    expect(screen.getByRole('status', { name: '' }).textContent).toBe('1 of 6 match');
    expect(screen.getAllByRole('button', { name: /^Close session / })).toHaveLength(2);
  });
});

describe('the notices', () => {
  it('stack in one place, urgent first, collapse to one line, and each goes when dismissed', async () => {
    await bootApp(
      fakeBackend({
        lists: { tools: listResult('tools', makeTools(2)) },
        createSnapshot: () => Promise.resolve({ fileName: 'loupe-demo.json', text: '{}' }),
      }),
    );
    await waitFor(() => expect(screen.getByText('2 tools')).toBeTruthy());
    const stack = screen.getByRole('region', { name: 'Notices' });
    expect(
      within(stack)
        .queryAllByRole('listitem')
        .filter((item) => !item.hidden),
    ).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Save snapshot' }));
    await waitFor(() => expect(stack.textContent).toContain('Snapshot saved as loupe-demo.json'));
    act(() => useLoupeStore.setState({ backendLink: 'closed' }));
    expect(within(stack).getByText('2 notices')).toBeTruthy();
    const shown = () =>
      within(stack)
        .queryAllByRole('listitem')
        .filter((item) => !item.hidden && item.textContent !== '')
        .map((item) => item.textContent);
    // What needs the person first (the link is down), then the outcome of what they just did.
    expect(shown()).toEqual([
      'Backend disconnected — trying to reconnect…×',
      expect.stringContaining('Snapshot saved as loupe-demo.json'),
    ]);
    // Collapsed: one line naming them.
    fireEvent.click(within(stack).getByRole('button', { name: 'Collapse' }));
    expect(shown()).toEqual([]);
    expect(within(stack).getByText('2 notices: backend link, last action')).toBeTruthy();
    fireEvent.click(within(stack).getByRole('button', { name: 'Show all' }));
    fireEvent.click(within(stack).getByRole('button', { name: 'Dismiss the backend link notice' }));
    expect(shown()).toEqual([expect.stringContaining('Snapshot saved as loupe-demo.json')]);
    fireEvent.click(within(stack).getByRole('button', { name: 'Dismiss' }));
    expect(shown()).toEqual([]);
  });
});
