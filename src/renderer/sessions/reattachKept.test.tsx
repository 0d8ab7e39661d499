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
import {
  fakeSessionsBackend,
  giveElementsASize,
  listResult,
  makeTools,
  type FakeSessionsBackend,
} from '../testing/fakeBackend';
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

/**
 * What re-attaching may call on the session: reads of what the backend kept, none of which sends a request to the
 * server (lint rates the kept tool list; it would walk one only if none were kept, and here one is).
 */
const keptReads = [
  'status',
  // the token costs of the kept tool list (the backend walks only a list it never had); the host verdicts wait for a view
  'portabilityCosts',
  'frames',
  'keptLists',
  'lint',
  'listTasks',
  'pendingServerRequests',
  'answeredServerRequests',
  'keptCalls',
  'keptListChanges',
  'recorderStats',
];

/** Every call the page made was a kept-state read: no list walk, call, read or ping reached the server. */
function expectNothingAskedOfTheServer(backend: FakeSessionsBackend): void {
  expect(callsOf(backend, 's1').filter((method) => !keptReads.includes(method))).toEqual([]);
  expect(backend.calls.filter((call) => call.session === undefined).map((call) => call.method)).toEqual([
    'getSettings',
    'sessions',
  ]);
}

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
              {
                callId: 'call-a',
                tool: 's1_tool_0',
                arguments: { text: 'hello' },
                startedAt: 1000,
                state: 'done',
                outcome,
              },
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
                result: listResult(
                  'tools',
                  makeTools(2, (index) => ({ name: `s1_tool_${index}`, inputSchema: { type: 'object' } })),
                ),
              },
            ]),
        }),
      1,
    );
    await bootApp(backend);
    await waitFor(() =>
      expect(useLoupeStore.getState().callHistory.get('s1_tool_0')).toEqual(['call-b', 'call-a']),
    );
    const { calls, listHistory } = useLoupeStore.getState();
    expect(calls['call-a']).toMatchObject({
      state: 'done',
      outcome: { result: { content: [{ text: 'echoed hello' }] } },
    });
    expect(calls['call-b']).toMatchObject({ state: 'failed', error: { kind: 'timeout' } });
    expect(
      listHistory.map((entry) => [entry.kind, entry.added, entry.removed, entry.at, entry.before]),
    ).toEqual([['tools', 1, 1, 1_700_000_000_000, before]]);
    expect(callsOf(backend, 's1')).toEqual(expect.arrayContaining(['keptCalls', 'keptListChanges']));
    expectNothingAskedOfTheServer(backend);
  });

  it('re-attaching lists the server requests answered before the reload, newest first, beside those still waiting', async () => {
    const waiting = { requestId: 'r1-3', method: 'roots/list', params: {}, receivedAt: 30 };
    const answered = (
      requestId: string,
      method: string,
      outcome: string,
      answeredAt: number,
    ): AnsweredServerRequest => ({
      request: { requestId, method, params: {}, receivedAt: 0 },
      outcome,
      answeredAt,
    });
    const backend = fakeSessionsBackend(
      () =>
        heldSession('s1', 3, 2, {
          pendingServerRequests: () => Promise.resolve([waiting]),
          // Out of order on purpose (the backend's desk keeps them newest first): only the page's own ordering
          // can put them newest first.
          answeredServerRequests: () =>
            Promise.resolve([
              answered('r1-1', 'elicitation/create', 'declined', 1_700_000_001_000),
              answered('r1-2', 'sampling/createMessage', 'approved with a reply', 1_700_000_002_000),
              answered('r1-0', 'roots/list', 'answered', 1_700_000_000_500),
            ]),
        }),
      1,
    );
    await bootApp(backend);
    await waitFor(() => expect(useLoupeStore.getState().answeredRequests).toHaveLength(3));
    const { answeredRequests, serverRequests } = useLoupeStore.getState();
    expect(answeredRequests.map((entry) => [entry.request.requestId, entry.outcome])).toEqual([
      ['r1-2', 'approved with a reply'],
      ['r1-1', 'declined'],
      ['r1-0', 'answered'],
    ]);
    expect(serverRequests.map((request) => request.requestId)).toEqual(['r1-3']);
    // The dialogs are loaded lazily: the first test of a file to show them waits for that import (past 5 s once, on
    // a 2-core machine under a load of 20).
    const bar = await screen.findByText('3 answered server requests', undefined, { timeout: 12_000 });
    const shown = Array.from(
      bar.closest('details')?.querySelectorAll('li') ?? [],
      (item) => item.textContent,
    );
    expect(shown.map((line) => line?.replace(/ at .*$/, ''))).toEqual([
      'sampling/createMessage: approved with a reply',
      'elicitation/create: declined',
      'roots/list: answered',
    ]);
    expect(callsOf(backend, 's1')).toContain('answeredServerRequests');
    expectNothingAskedOfTheServer(backend);
  });
});
