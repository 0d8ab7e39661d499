/**
 * An opened snapshot is clearly offline: the session card, the header and the live-only actions say it is a
 * recorded snapshot of <server> taken <date>, and closing it returns to the live session.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CompareSideInfo, CompareSource, Comparison } from '../../shared/compare';
import { LoupeError } from '../../shared/errors';
import { snapshotFormat, type Snapshot } from '../../shared/snapshot';
import { bootApp, stopApp } from '../testing/bootApp';
import {
  emptySummary,
  fakeBackend,
  fakeSessionsBackend,
  giveElementsASize,
  listResult,
  makeTools,
} from '../testing/fakeBackend';
import { callsOf, heldSession } from '../testing/heldSession';
import { resetStore, useLoupeStore } from '../store/store';

const snapshot: Snapshot = {
  format: snapshotFormat,
  testedAt: '2026-11-05T08:30:00.000Z',
  loupeVersion: '0.1.0',
  target: { transport: 'stdio', command: 'node', args: ['releases.mjs', '--release', '1'] },
  transport: 'stdio',
  connected: true,
  protocolVersion: '2026-07-28',
  era: 'modern',
  serverInfo: { name: 'loupe-releases', version: '1.0.0' },
  capabilities: { tools: {} },
  toolCount: 2,
  toolNames: ['tool_0', 'tool_1'],
  anyToolDescribed: true,
  roundTripMs: 3,
  toolsComplete: true,
  pages: listResult('tools', makeTools(2)).pages,
  tools: makeTools(2),
  findings: [],
  summary: emptySummary(2),
  frames: [],
  framesDropped: 0,
};

beforeAll(() => giveElementsASize());
beforeEach(() => resetStore());
afterEach(() => {
  stopApp();
  cleanup();
});

describe('an opened snapshot', () => {
  it('shows the recorded server, date and era instead of the live session, and live-only actions say why', async () => {
    const asked: [CompareSource, CompareSource][] = [];
    await bootApp(
      fakeBackend({
        lists: { tools: listResult('tools', makeTools(3)) },
        compareSnapshots: (left, right) => {
          asked.push([left, right]);
          return Promise.reject(new LoupeError({ kind: 'not-connected', message: 'scripted refusal' }));
        },
      }),
    );
    // The header holds the shown session's state and actions.
    const panel = screen.getByRole('banner');
    await waitFor(() => expect(within(panel).getByText('Connected')).toBeTruthy());
    expect(within(panel).getByRole('button', { name: 'Disconnect' }).hasAttribute('disabled')).toBe(false);

    fireEvent.change(screen.getByTestId('snapshot-file'), {
      target: { files: [new File([JSON.stringify(snapshot)], 'release1.json')] },
    });
    const card = await screen.findByTestId('snapshot-session');
    expect(within(card).getByText('Recorded snapshot — offline')).toBeTruthy();
    const facts = [...card.querySelectorAll('dd')].map((fact) => fact.textContent);
    expect(facts).toEqual([
      'loupe-releases 1.0.0',
      '2026-11-05 08:30:00 UTC',
      'node releases.mjs --release 1 (stdio)',
      'MCP 2026-07-28 · modern era',
    ]);
    expect(card.textContent).toContain('Behind it: connected to embedded demo server.');
    expect(within(panel).queryByText('Connected')).toBeNull();
    for (const name of ['Disconnect', 'Reconnect']) {
      const button = within(panel).getByRole('button', { name });
      expect(button.hasAttribute('disabled'), name).toBe(true);
      expect(button.getAttribute('title'), name).toContain(
        'This is a recorded snapshot, not a live connection',
      );
    }
    const header = screen.getByRole('banner');
    expect(within(header).getByTestId('header-snapshot').textContent).toBe(
      'offline · recorded 2026-11-05 08:30:00 UTC · not a live connection',
    );
    expect(within(header).getByTestId('header-protocol').textContent).toContain(
      'MCP 2026-07-28 (modern era)',
    );
    expect(within(header).getByRole('button', { name: 'Save snapshot' }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(within(screen.getByRole('listbox', { name: 'Tools' })).getAllByRole('option')[0]);
    expect(await screen.findByText(/Calling a tool needs a live connection/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Call / })).toBeNull();

    // From the card straight to the Compare tab: this snapshot (left) against the live session (right).
    fireEvent.click(within(card).getByRole('button', { name: 'Compare with live' }));
    await waitFor(() => expect(asked).toHaveLength(1));
    const [left, right] = asked[0];
    expect(left.source === 'snapshot' ? (JSON.parse(left.text) as unknown) : left).toEqual(snapshot);
    expect(right).toEqual({ source: 'live' });
    expect(screen.getByRole('tab', { name: /Compare/ }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('Cannot compare (not-connected): scripted refusal')).toBeTruthy();
    expect(screen.getByTestId('compare-left-choice').textContent).toBe(
      'opened snapshot of loupe-releases (2026-11-05 08:30:00 UTC)',
    );

    fireEvent.click(within(card).getByRole('button', { name: 'Close snapshot' }));
    await waitFor(() => expect(within(panel).getByText('Connected')).toBeTruthy());
    expect(screen.queryByTestId('snapshot-session')).toBeNull();
    expect(within(header).queryByTestId('header-snapshot')).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Disconnect' }).hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText(/Calling a tool needs a live connection/)).toBeNull();
  });

  it('shows the opened snapshot’s tools from the top, whatever the live list was scrolled to', async () => {
    const many = makeTools(300);
    await bootApp(fakeBackend({ lists: { tools: listResult('tools', many) } }));
    const scrolled = await screen.findByRole('listbox', { name: 'Tools' });
    await waitFor(() => expect(within(scrolled).getAllByRole('option')[0].textContent).toContain('tool_0'));
    scrolled.scrollTop = 100 * 58;
    fireEvent.scroll(scrolled);
    await waitFor(() =>
      expect(within(scrolled).getAllByRole('option')[0].textContent).not.toContain('tool_0'),
    );

    const recorded = {
      ...snapshot,
      tools: makeTools(300),
      toolCount: 300,
      pages: listResult('tools', many).pages,
    };
    fireEvent.change(screen.getByTestId('snapshot-file'), {
      target: { files: [new File([JSON.stringify(recorded)], 'release1.json')] },
    });
    await screen.findByTestId('snapshot-session');
    const list = screen.getByRole('listbox', { name: 'Tools' });
    expect(list.scrollTop).toBe(0);
    expect(within(list).getAllByRole('option')[0].querySelector('.item-name')?.textContent).toBe('tool_0');
  });

  it('against the live session of another server: warns, and offers the open session of the snapshot’s server', async () => {
    const side = (serverName: string, live: boolean): CompareSideInfo => ({
      live,
      target: { transport: 'stdio', command: 'node', args: ['x.mjs'] },
      testedAt: '2026-11-05T08:30:00.000Z',
      serverName,
      toolCount: 2,
    });
    const comparison = (left: string, right: string): Comparison => ({
      left: side(left, false),
      right: side(right, true),
      diff: {
        items: { tools: [], resources: [], templates: [], prompts: [] },
        handshake: [],
        incomplete: [],
      },
    });
    const asked: { session: string; right: CompareSource }[] = [];
    const backend = fakeSessionsBackend(
      (id) =>
        heldSession(id, 1, 2, {
          compareSnapshots: (_left, right) => {
            asked.push({ session: id, right });
            return Promise.resolve(comparison('server-s2', id === 's1' ? 'server-s1' : 'server-s2'));
          },
        }),
      2,
    );
    await bootApp(backend);
    await waitFor(() => expect(screen.getByText('2 tools')).toBeTruthy());
    const ofS2 = { ...snapshot, serverInfo: { name: 'server-s2', version: '1' } };
    fireEvent.change(screen.getByTestId('snapshot-file'), {
      target: { files: [new File([JSON.stringify(ofS2)], 's2.json')] },
    });
    const card = await screen.findByTestId('snapshot-session');
    const warning = within(card).getByRole('status', { name: 'Different servers' });
    expect(warning.querySelector('.notice-title')?.textContent).toBe(
      'Different servers: the snapshot is of server-s2, this live session of server-s1',
    );
    // In the narrow card the one matching session is named; its target is the button's title.
    expect(
      within(warning)
        .getAllByRole('button')
        .map((button) => [button.textContent, button.title]),
    ).toEqual([['Compare with the open session of server-s2', 'node s2.mjs']]);

    // Compared with this live session anyway, the Compare view says the same and offers the same session.
    fireEvent.click(within(card).getByRole('button', { name: 'Compare with live' }));
    const compareView = await waitFor(() => {
      const view = document.querySelector<HTMLElement>('.compare');
      if (!view) throw new Error('no Compare view yet');
      return view;
    });
    const inCompare = await within(compareView).findByRole('status', { name: 'Different servers' });
    expect(asked).toEqual([{ session: 's1', right: { source: 'live' } }]);

    // The Compare view has the room to name the target too.
    const offer = within(inCompare).getByRole('button');
    expect(offer.textContent).toBe('Compare with the open session of server-s2 (node s2.mjs)');
    fireEvent.click(offer);
    await waitFor(() => expect(useLoupeStore.getState().shownSession).toBe('s2'));
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[1]).toEqual({ session: 's2', right: { source: 'live' } });
    expect(callsOf(backend, 's2')).toContain('compareSnapshots');
    expect(screen.getByRole('tab', { name: /Compare/ }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('compare-left-choice').textContent).toBe(
      'opened snapshot of server-s2 (2026-11-05 08:30:00 UTC)',
    );
    // Same server on both sides now: no warning.
    await waitFor(() => expect(screen.getByText(/No change: both sides list the same items/)).toBeTruthy());
    expect(screen.queryByRole('status', { name: 'Different servers' })).toBeNull();
  });
});
