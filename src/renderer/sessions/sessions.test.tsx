import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LoupeError } from '../../shared/errors';
import type { Frame } from '../../shared/frames';
import type { CallOutcome } from '../../shared/session';
import { callTool } from '../calls/callActions';
import { resetStore, useLoupeStore } from '../store/store';
import { bootApp, stopApp } from '../testing/bootApp';
import {
  fakeSessionsBackend,
  frame,
  giveElementsASize,
} from '../testing/fakeBackend';
import { callsOf, heldSession } from '../testing/heldSession';
import { connectForm } from '../testing/connectForm';
import { stashedPart } from './sessionStore';
import { reattachAll } from './sessionsActions';

beforeAll(() => giveElementsASize());
beforeEach(() => {
  resetStore();
  window.sessionStorage.clear();
});
afterEach(() => {
  stopApp();
  cleanup();
});

const strip = () => screen.getByRole('tablist', { name: 'Sessions' });
const shown = () => useLoupeStore.getState().shownSession;
/** Alt+Shift+] / [ on the page, then a moment for a session being read back. */
const switchKey = (code: 'BracketRight' | 'BracketLeft') =>
  act(async () => {
    fireEvent.keyDown(window, {
      code,
      key: code === 'BracketRight' ? '}' : '{',
      altKey: true,
      shiftKey: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
  });

describe('several sessions in one window', () => {
  it('re-attaches to the sessions the backend holds, reading them back without walking any list', async () => {
    const backend = fakeSessionsBackend(
      (id) => (id === 's1' ? heldSession('s1', 5, 3) : heldSession('s2', 2, 7)),
      2,
    );
    await bootApp(backend);
    const tabs = within(strip()).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['server-s1, connected', 'server-s2, connected']);
    expect(tabs[0].getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(screen.getByText('3 tools')).toBeTruthy());
    expect(useLoupeStore.getState().frameLog.frames.map((held) => held.seq)).toEqual([1, 2, 3, 4, 5]);
    const s1 = callsOf(backend, 's1');
    for (const method of ['status', 'frames', 'keptLists', 'lint', 'listTasks', 'pendingServerRequests'])
      expect(s1).toContain(method);
    // The background session is read back only when first shown.
    expect(callsOf(backend, 's2')).toEqual([]);

    await switchKey('BracketRight');
    await waitFor(() => expect(screen.getByText('7 tools')).toBeTruthy());
    expect(shown()).toBe('s2');
    expect(useLoupeStore.getState().frameLog.length).toBe(2);
    expect(within(strip()).getAllByRole('tab')[1].getAttribute('aria-selected')).toBe('true');
    const methods = backend.calls.map((call) => call.method);
    expect(methods).not.toContain('list');
    expect(methods).not.toContain('connect');
    expect(methods).not.toContain('initialTarget');
    await switchKey('BracketLeft');
    expect(shown()).toBe('s1');
    expect(screen.getByText('3 tools')).toBeTruthy();
  });

  it('keeps the frames that arrive live while a session is read back, after the ones it held, with no gap', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held = Array.from({ length: 4 }, (_, index) => frame(index + 1, { method: `held/${index + 1}` }));
    const logRaw = JSON.stringify({
      jsonrpc: '2.0',
      method: 'notifications/message',
      params: { level: 'warning', logger: 'db', data: 'disk low' },
    });
    held.push(
      frame(5, { method: 'notifications/message', direction: 'in', kind: 'notification', raw: logRaw }),
    );
    const backend = fakeSessionsBackend(
      (id) =>
        heldSession(id, 0, 1, {
          frames: (after, limit) =>
            gate.then(() => held.filter((candidate) => candidate.seq > after).slice(0, limit)),
        }),
      1,
    );
    const booting = bootApp(backend);
    await waitFor(() => expect(callsOf(backend, 's1')).toContain('frames'));
    await act(async () => {
      backend.emit('onFrames', [frame(6, { method: 'live/6' })], 's1');
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    release();
    await booting;
    expect(useLoupeStore.getState().frameLog.frames.map((kept) => kept.method)).toEqual([
      'held/1',
      'held/2',
      'held/3',
      'held/4',
      'notifications/message',
      'live/6',
    ]);
    // The server's log is read back from its frames.
    expect(useLoupeStore.getState().logs).toEqual([
      { t: 50, level: 'warning', logger: 'db', data: 'disk low' },
    ]);
  });

  it('after the carrier came back, reads the shown session again and a held background one when next shown', async () => {
    // Frames the backend recorded while the page heard nothing (the WebSocket was down).
    const recorded = new Map<string, Frame[]>([
      ['s1', [frame(1, { method: 'initialize' })]],
      ['s2', [frame(1, { method: 'initialize' })]],
    ]);
    const backend = fakeSessionsBackend(
      (id) =>
        heldSession(id, 0, 1, {
          frames: (after, limit) =>
            Promise.resolve((recorded.get(id) ?? []).filter((held) => held.seq > after).slice(0, limit)),
        }),
      2,
    );
    await bootApp(backend);
    await switchKey('BracketRight');
    await switchKey('BracketLeft');
    expect(shown()).toBe('s1');
    recorded.get('s1')?.push(frame(2, { method: 'missed/s1' }));
    recorded.get('s2')?.push(frame(2, { method: 'missed/s2' }), frame(3, { method: 'missed/s2' }));
    await act(async () => {
      await reattachAll();
    });
    expect(useLoupeStore.getState().frameLog.frames.map((held) => held.method)).toEqual([
      'initialize',
      'missed/s1',
    ]);
    expect(stashedPart('s2')?.frameLog.length).toBe(1);
    await switchKey('BracketRight');
    await waitFor(() => expect(useLoupeStore.getState().frameLog.length).toBe(3));
    expect(backend.calls.map((call) => call.method)).not.toContain('list');
  });

  it('shows the session this tab remembered, and moves through the strip with arrow keys, Home and End', async () => {
    window.sessionStorage.setItem('loupe.shownSession', 's3');
    const backend = fakeSessionsBackend((id) => heldSession(id, 1, Number(id.slice(1))), 3);
    await bootApp(backend);
    expect(shown()).toBe('s3');
    await waitFor(() => expect(screen.getByText('3 tools')).toBeTruthy());
    const selected = within(strip()).getByRole('tab', { selected: true });
    act(() => selected.focus());
    await act(async () => {
      fireEvent.keyDown(selected, { key: 'Home' });
      await Promise.resolve();
    });
    expect(shown()).toBe('s1');
    expect(document.activeElement?.id).toBe('session-tab-s1');
    await act(async () => {
      fireEvent.keyDown(document.activeElement ?? strip(), { key: 'ArrowLeft' });
      await Promise.resolve();
    });
    expect(shown()).toBe('s3');
    await act(async () => {
      fireEvent.keyDown(document.activeElement ?? strip(), { key: 'ArrowRight' });
      await Promise.resolve();
    });
    expect(shown()).toBe('s1');
    expect(window.sessionStorage.getItem('loupe.shownSession')).toBe('s1');
    expect(within(strip()).getByRole('tab', { selected: true }).title).toMatch(/Alt\+Shift\+\]/);
  });

  it('a switch starts the connection form afresh: what was typed for one session is not in another', async () => {
    const backend = fakeSessionsBackend((id) => heldSession(id, 1, Number(id.slice(1))), 2);
    await bootApp(backend);
    expect(shown()).toBe('s1');
    const form = () => connectForm();
    const url = () => within(form()).queryByLabelText<HTMLInputElement>('URL', { exact: true });
    fireEvent.change(within(form()).getByLabelText('Transport'), { target: { value: 'http' } });
    fireEvent.change(url()!, { target: { value: 'http://127.0.0.1:3009/typed' } });
    expect(url()?.value).toBe('http://127.0.0.1:3009/typed');
    await switchKey('BracketRight');
    expect(shown()).toBe('s2');
    // The connect dialog was the other session's: it is gone, and opened here it starts afresh.
    expect(screen.queryByRole('form', { name: 'Connection' })).toBeNull();
    expect(url()?.value ?? '').not.toBe('http://127.0.0.1:3009/typed');
    await switchKey('BracketLeft');
    expect(shown()).toBe('s1');
    expect(url()?.value ?? '').not.toBe('http://127.0.0.1:3009/typed');
  });

  it('keeps a background session’s events for it, never in the shown one', async () => {
    const backend = fakeSessionsBackend((id) => heldSession(id, 2, 1), 2);
    await bootApp(backend);
    await switchKey('BracketRight');
    await waitFor(() => expect(useLoupeStore.getState().frameLog.length).toBe(2));
    await switchKey('BracketLeft');
    expect(shown()).toBe('s1');

    await act(async () => {
      backend.emit(
        'onFrames',
        [frame(3, { method: 'tools/call' }), frame(4, { method: 'tools/call' })],
        's2',
      );
      backend.emit(
        'onServerRequest',
        { requestId: 'r1', method: 'roots/list', params: {}, receivedAt: 1 },
        's2',
      );
      backend.emit('onLog', { t: 1, level: 'info', data: 'from s2' }, 's2');
      backend.emit('onFrames', [frame(3, { method: 'ping' })], 's1');
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    const live = useLoupeStore.getState();
    expect(live.frameLog.frames.map((held) => held.method)).toEqual(['initialize', 's1/method', 'ping']);
    expect(live.serverRequests).toEqual([]);
    expect(live.logs).toEqual([]);
    const background = stashedPart('s2');
    expect(background?.frameLog.frames.map((held) => held.method)).toEqual([
      'initialize',
      's2/method',
      'tools/call',
      'tools/call',
    ]);
    expect(background?.serverRequests.map((request) => request.requestId)).toEqual(['r1']);

    const framesCalls = callsOf(backend, 's2').filter((method) => method === 'frames').length;
    await switchKey('BracketRight');
    expect(useLoupeStore.getState().frameLog.length).toBe(4);
    expect(useLoupeStore.getState().logs.map((entry) => entry.data)).toEqual(['from s2']);
    // Held already: shown again without reading it back.
    expect(callsOf(backend, 's2').filter((method) => method === 'frames').length).toBe(framesCalls);
  });

  it('writes a call result that lands after a switch into the session that made the call', async () => {
    let answer: () => void = () => undefined;
    const backend = fakeSessionsBackend(
      (id) =>
        heldSession(id, 1, 1, {
          callTool: (request) =>
            new Promise<CallOutcome>((resolve) => {
              answer = () =>
                resolve({
                  callId: request.callId,
                  tool: request.tool,
                  arguments: request.arguments,
                  result: { content: [{ type: 'text', text: 'landed late' }] },
                  isError: false,
                  rttMs: 5,
                });
            }),
        }),
      2,
    );
    await bootApp(backend);
    let callId = '';
    const running = callTool('s1_tool_0', { text: 'hello' }).then((id) => (callId = id));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(backend.calls.filter((call) => call.method === 'callTool')).toEqual([
      { method: 'callTool', session: 's1' },
    ]);
    await switchKey('BracketRight');
    await waitFor(() => expect(shown()).toBe('s2'));
    await act(async () => {
      answer();
      await running;
    });
    expect(useLoupeStore.getState().calls).toEqual({});
    expect(stashedPart('s1')?.calls[callId]?.state).toBe('done');
    expect(stashedPart('s1')?.calls[callId]?.outcome?.result).toEqual({
      content: [{ type: 'text', text: 'landed late' }],
    });
    await switchKey('BracketLeft');
    expect(useLoupeStore.getState().calls[callId]?.state).toBe('done');
    expect(useLoupeStore.getState().callHistory.get('s1_tool_0')).toEqual([callId]);
  });

  it('opens a new idle session without touching the others, disconnects one and keeps the other', async () => {
    const backend = fakeSessionsBackend((id) => (id === 's3' ? {} : heldSession(id, 1, 1)), 2);
    await bootApp(backend);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '+ New session' }));
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(shown()).toBe('s3');
    expect(
      within(strip())
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['server-s1, connected', 'server-s2, connected', 'New session, idle']);
    expect(screen.getByRole('button', { name: 'Connect' })).toBeTruthy();
    expect(
      callsOf(backend, 's1').filter((method) => method === 'connect' || method === 'disconnect'),
    ).toEqual([]);

    await switchKey('BracketLeft');
    await switchKey('BracketLeft');
    expect(shown()).toBe('s1');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(backend.calls.filter((call) => call.method === 'disconnect')).toEqual([
      { method: 'disconnect', session: 's1' },
    ]);
    expect(useLoupeStore.getState().status.state).toBe('closed');
    expect(within(strip()).getByRole('tab', { name: 'server-s2, connected' })).toBeTruthy();
  });

  it('closes a session and shows its neighbour; closing the last one leaves a new idle session', async () => {
    const backend = fakeSessionsBackend((id) => (id === 's3' ? {} : heldSession(id, 1, 1)), 2);
    await bootApp(backend);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Close session server-s1' }));
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(backend.calls.filter((call) => call.method === 'closeSession')).toEqual([
      { method: 'closeSession', session: 's1' },
    ]);
    expect(backend.sessionIds()).toEqual(['s2']);
    expect(shown()).toBe('s2');
    await waitFor(() => expect(useLoupeStore.getState().lists.tools.result?.items.length).toBe(1));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Close session server-s2' }));
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(backend.sessionIds()).toEqual(['s3']);
    expect(shown()).toBe('s3');
    expect(
      within(strip())
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['New session, idle']);
  });

  it('drops a session the backend no longer has from the strip, with a notice', async () => {
    const lost = new LoupeError({ kind: 'no-session', message: 'There is no session "s2".' });
    const backend = fakeSessionsBackend(
      (id) =>
        id === 's2' ? heldSession(id, 1, 1, { status: () => Promise.reject(lost) }) : heldSession(id, 1, 1),
      2,
    );
    await bootApp(backend);
    await switchKey('BracketRight');
    await waitFor(() => expect(within(strip()).getAllByRole('tab')).toHaveLength(1));
    expect(shown()).toBe('s1');
    expect(useLoupeStore.getState().notice?.text).toMatch(/no longer has session s2/);
  });

  it('the palette lists each session, switches to one, and Alt+Shift+] works with the palette open', async () => {
    const backend = fakeSessionsBackend((id) => heldSession(id, 1, id === 's1' ? 2 : 4), 2);
    await bootApp(backend);
    act(() => {
      fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    });
    const input = screen.getByRole('combobox', { name: 'Go to' });
    fireEvent.change(input, { target: { value: 'session' } });
    const labels = () =>
      within(screen.getByRole('listbox', { name: 'Matches' }))
        .queryAllByRole('option')
        .map((option) => option.querySelector('.palette-label')?.textContent ?? '');
    expect(labels()).toEqual(
      expect.arrayContaining([
        'Session: server-s1',
        'Session: server-s2',
        'New session',
        'Close session',
        'Next session',
        'Previous session',
      ]),
    );
    // With the palette open (focus in its input), the shortcut still switches, and the entries follow.
    await switchKey('BracketRight');
    expect(shown()).toBe('s2');
    expect(screen.getByRole('combobox', { name: 'Go to' })).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Go to' }), {
      target: { value: 'Session: server-s1' },
    });
    expect(labels()[0]).toBe('Session: server-s1');
    await act(async () => {
      fireEvent.keyDown(screen.getByRole('combobox', { name: 'Go to' }), { key: 'Enter' });
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(shown()).toBe('s1');
    expect(screen.queryByRole('combobox', { name: 'Go to' })).toBeNull();
    await waitFor(() => expect(screen.getByText('2 tools')).toBeTruthy());
  });

  it('with no session in the backend, opens one and connects it to the initial target', async () => {
    const backend = fakeSessionsBackend();
    await bootApp(backend);
    expect(backend.calls.slice(0, 4)).toEqual([
      { method: 'getSettings', session: undefined },
      { method: 'sessions', session: undefined },
      { method: 'openSession', session: undefined },
      { method: 'initialTarget', session: undefined },
    ]);
    expect(backend.calls.find((call) => call.method === 'connect')).toEqual({
      method: 'connect',
      session: 's1',
    });
    await waitFor(() =>
      expect(within(strip()).getByRole('tab', { name: 'fake-server, connected' })).toBeTruthy(),
    );
  });
});
