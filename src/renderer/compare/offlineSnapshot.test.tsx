/**
 * An opened snapshot is clearly offline: the session card, the header and the live-only actions say it is a
 * recorded snapshot of <server> taken <date>, and closing it returns to the live session.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { snapshotFormat, type Snapshot } from '../../shared/snapshot';
import { bootApp, stopApp } from '../testing/bootApp';
import { emptySummary, fakeBackend, giveElementsASize, listResult, makeTools } from '../testing/fakeBackend';
import { resetStore } from '../store/store';

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
    await bootApp(fakeBackend({ lists: { tools: listResult('tools', makeTools(3)) } }));
    const panel = screen.getByRole('complementary', { name: 'Connections' });
    await waitFor(() => expect(within(panel).getByText('Connected to')).toBeTruthy());
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
    expect(within(panel).queryByText('Connected to')).toBeNull();
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

    fireEvent.click(within(card).getByRole('button', { name: 'Close snapshot' }));
    await waitFor(() => expect(within(panel).getByText('Connected to')).toBeTruthy());
    expect(screen.queryByTestId('snapshot-session')).toBeNull();
    expect(within(header).queryByTestId('header-snapshot')).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Disconnect' }).hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText(/Calling a tool needs a live connection/)).toBeNull();
  });
});
