/**
 * Re-attaching reads back what the backend kept of a session: its calls with their results, its list_changed
 * history, and its server requests (those waiting and those answered), without asking the server again.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AnsweredServerRequest, CallOutcome } from '../../shared/session';
import type { KeptCall } from '../../shared/sessions';
import { resetStore, useLoupeStore } from '../store/store';
import { bootApp, stopApp } from '../testing/bootApp';
import { fakeSessionsBackend, giveElementsASize, listResult, makeTools } from '../testing/fakeBackend';
import { callsOf, heldSession } from '../testing/heldSession';

beforeAll(() => giveElementsASize());
beforeEach(() => {
  resetStore();
  window.sessionStorage.clear();
});
afterEach(() => {
  stopApp();
  cleanup();
});

describe('re-attaching to a session the backend kept', () => {
  it('re-attaching shows the calls the session made and its list_changed history, as the backend kept them', async () => {
    const outcome: CallOutcome = {
      callId: 'call-a',
      tool: 's1_tool_0',
      arguments: { text: 'hello' },
      result: { content: [{ type: 'text', text: 'echoed hello' }] },
      isError: false,
      rttMs: 12,
    };
    const before = [{ name: 'gone_tool', inputSchema: { type: 'object' } }];
    const backend = fakeSessionsBackend(
      () =>
        heldSession('s1', 3, 2, {
          keptCalls: () =>
            Promise.resolve<KeptCall[]>([
              { callId: 'call-a', tool: 's1_tool_0', arguments: { text: 'hello' }, startedAt: 1000, state: 'done', outcome },
              {
                callId: 'call-b',
                tool: 's1_tool_0',
                arguments: {},
                startedAt: 2000,
                state: 'failed',
                error: { kind: 'timeout', message: 'no answer in 10 s' },
              },
            ]),
          keptListChanges: () =>
            Promise.resolve([
              {
                at: 1_700_000_000_000,
                diff: { kind: 'tools', added: ['s1_tool_1'], removed: ['gone_tool'], changed: [] },
                before,
                result: listResult('tools', makeTools(2, (index) => ({ name: `s1_tool_${index}`, inputSchema: { type: 'object' } }))),
              },
            ]),
        }),
      1,
    );
    await bootApp(backend);
    await waitFor(() => expect(useLoupeStore.getState().callHistory.get('s1_tool_0')).toEqual(['call-b', 'call-a']));
    const { calls, listHistory } = useLoupeStore.getState();
    expect(calls['call-a']).toMatchObject({ state: 'done', outcome: { result: { content: [{ text: 'echoed hello' }] } } });
    expect(calls['call-b']).toMatchObject({ state: 'failed', error: { kind: 'timeout' } });
    expect(listHistory.map((entry) => [entry.kind, entry.added, entry.removed, entry.at, entry.before])).toEqual([
      ['tools', 1, 1, 1_700_000_000_000, before],
    ]);
    expect(callsOf(backend, 's1')).toEqual(expect.arrayContaining(['keptCalls', 'keptListChanges']));
  });

  it('re-attaching lists the server requests answered before the reload, newest first, beside those still waiting', async () => {
    const waiting = { requestId: 'r1-3', method: 'roots/list', params: {}, receivedAt: 30 };
    const backend = fakeSessionsBackend(
      () =>
        heldSession('s1', 3, 2, {
          pendingServerRequests: () => Promise.resolve([waiting]),
          answeredServerRequests: () =>
            Promise.resolve<AnsweredServerRequest[]>([
              {
                request: { requestId: 'r1-2', method: 'sampling/createMessage', params: {}, receivedAt: 20 },
                outcome: 'approved with a reply',
                answeredAt: 1_700_000_002_000,
              },
              {
                request: { requestId: 'r1-1', method: 'elicitation/create', params: { message: 'Name?' }, receivedAt: 10 },
                outcome: 'declined',
                answeredAt: 1_700_000_001_000,
              },
            ]),
        }),
      1,
    );
    await bootApp(backend);
    await waitFor(() => expect(useLoupeStore.getState().answeredRequests).toHaveLength(2));
    const { answeredRequests, serverRequests } = useLoupeStore.getState();
    expect(answeredRequests.map((entry) => [entry.request.requestId, entry.outcome])).toEqual([
      ['r1-2', 'approved with a reply'],
      ['r1-1', 'declined'],
    ]);
    expect(serverRequests.map((request) => request.requestId)).toEqual(['r1-3']);
    // The dialogs are loaded lazily: the first test of a file to show them waits for that import.
    const bar = await screen.findByText('2 answered server requests', undefined, { timeout: 5000 });
    expect(bar.closest('details')?.textContent).toContain('sampling/createMessage: approved with a reply');
    expect(bar.closest('details')?.textContent).toContain('elicitation/create: declined');
    expect(callsOf(backend, 's1')).toContain('answeredServerRequests');
  });
});
