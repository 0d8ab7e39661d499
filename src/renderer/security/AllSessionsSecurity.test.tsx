import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Finding } from '../../shared/lint';
import type { SecurityCode, SessionSecurity } from '../../shared/security';
import { resetStore, useLoupeStore } from '../store/store';
import { bootApp, stopApp } from '../testing/bootApp';
import { fakeSessionsBackend, giveElementsASize } from '../testing/fakeBackend';
import { callsOf, heldSession } from '../testing/heldSession';
import { groupAcrossSessions } from './acrossSessions';

beforeAll(() => giveElementsASize());
beforeEach(() => {
  resetStore();
  window.sessionStorage.clear();
});
afterEach(() => {
  stopApp();
  cleanup();
});

function finding(code: SecurityCode, tool: string, index: number, otherServer?: string): Finding {
  return {
    code,
    severity: code === 'tool-name-shadowing' ? 'warning' : 'error',
    tool,
    index,
    message: `${code} on ${tool}`,
    security: {
      item: { kind: 'tool', name: tool, index },
      field: 'name',
      evidence: { start: 0, end: tool.length, before: '', span: tool, after: '' },
      why: 'why',
      reference: { title: 'ref', url: 'https://example.com', read: '2026-12-01' },
      ...(otherServer === undefined ? {} : { otherServer }),
    },
  };
}

// Both servers report the shadowed name (each names the other); s2 also refers to a saved server's tools.
const entries: SessionSecurity[] = [
  {
    session: 's1',
    server: 'server-s1',
    report: {
      server: 'server-s1',
      findings: [finding('tool-name-shadowing', 's1_tool_0', 0, 'server-s2')],
      pin: null,
      incomplete: [],
    },
  },
  {
    session: 's2',
    server: 'server-s2',
    report: {
      server: 'server-s2',
      findings: [
        finding('tool-name-shadowing', 's1_tool_0', 0, 'server-s1'),
        finding('model-override', 's2_tool_1', 1),
        finding('cross-server-reference', 's2_tool_1', 1, 'mail-saved'),
      ],
      pin: null,
      incomplete: [],
    },
  },
];

describe('the Security view across sessions', () => {
  it('groups by session and shows each cross-session finding once, naming both servers', () => {
    const { groups, cross } = groupAcrossSessions(entries);
    expect(groups.map((group) => [group.session, group.findings.map((held) => held.code)])).toEqual([
      ['s1', []],
      ['s2', ['model-override']],
    ]);
    expect(
      cross.map((held) => [held.finding.code, held.server, held.otherServer, held.otherSession]),
    ).toEqual([
      ['tool-name-shadowing', 'server-s1', 'server-s2', 's2'],
      ['cross-server-reference', 'server-s2', 'mail-saved', undefined],
    ]);
  });

  it('switches to All sessions (a focusable button) and shows another session’s finding in that session’s tool', async () => {
    const backend = fakeSessionsBackend(
      (id) =>
        heldSession(id, 1, 3, {
          securityAcrossSessions: () => Promise.resolve(entries),
        }),
      2,
    );
    await bootApp(backend);
    await waitFor(() => expect(screen.getByText('3 tools')).toBeTruthy());
    act(() => useLoupeStore.setState({ tab: 'Security' }));
    const scope = await screen.findByRole('group', { name: 'Security scope' });
    const all = within(scope).getByRole('button', { name: 'All sessions' });
    expect(within(scope).getByRole('button', { name: 'This session' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    all.focus();
    expect(document.activeElement).toBe(all);
    // A native button: Enter/Space click it; the click is what a keyboard press delivers.
    fireEvent.click(all);
    expect(all.getAttribute('aria-pressed')).toBe('true');

    const across = await screen.findByRole('region', { name: 'Across sessions' });
    const rows = within(across).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'warning tool-name-shadowing tool s1_tool_0 in server-s1 ↔ server-s2tool-name-shadowing on s1_tool_0',
      'error cross-server-reference tool s2_tool_1 in server-s2 ↔ mail-saved (saved, not connected)cross-server-reference on s2_tool_1',
    ]);
    expect(screen.getByText('2 connected sessions · 3 findings')).toBeTruthy();
    const s2 = screen.getByRole('region', { name: 'Session server-s2' });
    expect(within(s2).getByRole('heading').textContent).toBe('server-s2 1 finding');
    expect(callsOf(backend, 's1')).toContain('securityAcrossSessions');

    await act(async () => {
      fireEvent.click(within(s2).getByRole('button', { name: 'tool s2_tool_1' }));
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    await waitFor(() => expect(useLoupeStore.getState().shownSession).toBe('s2'));
    expect(useLoupeStore.getState().tab).toBe('Tools');
    expect(useLoupeStore.getState().selected.tools).toEqual({ index: 1, key: 's2_tool_1' });
  });
});
