/**
 * The UI of signing in: in a browser tab the banner's button opens the sign-in page (http(s) only; nothing opens
 * by itself), the Auth view lists the steps read from auth frames with their checks (a hostile frame that is not a
 * step is left out), Traffic labels those frames, the connection form's pre-registered client and scopes reach
 * connect() and saved servers, and Sign out names the server it forgot.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthStep } from '../../shared/auth';
import type { Settings } from '../../shared/contract';
import type { SessionOptions } from '../../shared/session';
import type { Target } from '../../shared/target';
import { bootApp, stopApp } from '../testing/bootApp';
import { fakeBackend, frame, giveElementsASize } from '../testing/fakeBackend';
import { resetStore, useLoupeStore } from '../store/store';
import { parseStep, stepsFromFrames } from './authSteps';
import { stepTime } from './AuthView';
import { connectForm } from '../testing/connectForm';

const server = 'http://127.0.0.1:4100/mcp';
const steps: AuthStep[] = [
  {
    step: 'prm',
    request: {
      method: 'GET',
      url: 'http://127.0.0.1:4100/.well-known/oauth-protected-resource/mcp',
      headers: {},
    },
    response: { status: 200, headers: { 'content-type': 'application/json' }, body: '{"resource":"x"}' },
    ms: 12,
    learned: { resource: server },
    checks: [{ requirement: 'the metadata names its resource', ok: true }],
  },
  {
    step: 'token',
    request: {
      method: 'POST',
      url: 'http://127.0.0.1:4200/token',
      headers: { authorization: 'Basic ••••' },
      body: 'grant_type=authorization_code&code=%E2%80%A2%E2%80%A2%E2%80%A2%E2%80%A2',
    },
    response: { status: 400, headers: {}, body: '{"error":"invalid_grant"}' },
    ms: 30,
    learned: {},
    checks: [{ requirement: 'the token endpoint answers 200', ok: false, detail: 'HTTP 400' }],
  },
];
/** The 401 that started it: the sign-in did not time it (its round trip is the MCP request's, in Traffic). */
const challenge: AuthStep = {
  step: 'challenge',
  request: { method: 'POST', url: server, headers: { authorization: '(none)' } },
  response: { status: 401, headers: { 'www-authenticate': 'Bearer' } },
  ms: 0,
  learned: {},
  checks: [],
};
const authFrames = [
  frame(4, { kind: 'http', raw: JSON.stringify(challenge), http: { auth: 'challenge', status: 401 } }),
  frame(5, { kind: 'http', raw: JSON.stringify(steps[0]), http: { auth: 'prm', status: 200 } }),
  frame(6, { kind: 'http', raw: '{"step":"token","checks":"not a list"', http: { auth: 'token' } }),
  frame(7, { kind: 'http', raw: JSON.stringify(steps[1]), http: { auth: 'token', status: 400 } }),
];

beforeAll(() => giveElementsASize(2000));
beforeEach(() => resetStore());
afterEach(() => {
  stopApp();
  cleanup();
  vi.restoreAllMocks();
});

describe('auth steps from frames', () => {
  it('keeps well-formed steps in order and drops what is not one', () => {
    expect(stepsFromFrames(authFrames).map((step) => [step.seq, step.step])).toEqual([
      [4, 'challenge'],
      [5, 'prm'],
      [7, 'token'],
    ]);
    expect(parseStep('{"step":"launch-missiles","learned":{},"checks":[]}')).toBeUndefined();
    expect(parseStep('{"step":"prm","checks":[{"requirement":1,"ok":true}],"ms":"slow"}')).toEqual({
      step: 'prm',
      ms: 0,
      learned: {},
      checks: [],
    });
  });
});

describe('a step’s time', () => {
  it('is whole milliseconds as timed, "<1 ms" under one, and absent where the flow timed nothing', () => {
    expect(stepTime({ ...steps[0], seq: 1 })).toBe('12 ms');
    expect(stepTime({ ...steps[0], ms: 0, seq: 1 })).toBe('<1 ms');
    expect(stepTime({ ...challenge, seq: 1 })).toBeUndefined();
    expect(
      stepTime({ step: 'registration', ms: 0, learned: { client_id: 'loupe' }, checks: [], seq: 2 }),
    ).toBeUndefined();
  });
});

describe('signing in from the UI', () => {
  it('in a browser tab opens the sign-in page only when asked, and clears the banner once connected', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const backend = fakeBackend();
    await bootApp(backend);
    act(() =>
      backend.emit('onAuthPrompt', { serverUrl: server, authorizationUrl: 'http://127.0.0.1:4200/auth?x=1' }),
    );
    const banner = await screen.findByRole('alert', { name: 'Sign-in needed' });
    expect(banner.textContent).toContain(server);
    // Nothing opens by itself: the person asks with the banner's button.
    expect(open).not.toHaveBeenCalled();
    fireEvent.click(within(banner).getByRole('button', { name: 'Open sign-in page' }));
    expect(open).toHaveBeenCalledWith('http://127.0.0.1:4200/auth?x=1', '_blank', 'noopener,noreferrer');
    expect(open).toHaveBeenCalledTimes(1);
    act(() => backend.emit('onAuthPrompt', { serverUrl: server, authorizationUrl: 'javascript:alert(1)' }));
    await waitFor(() =>
      expect(useLoupeStore.getState().authPrompt?.authorizationUrl).toBe('javascript:alert(1)'),
    );
    // Only http(s) pages are opened, even on the person's click.
    fireEvent.click(within(banner).getByRole('button', { name: 'Open sign-in page' }));
    expect(open).toHaveBeenCalledTimes(1);
    act(() =>
      backend.emit('onStatus', {
        state: 'closed',
        target: { transport: 'http', url: server },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('alert', { name: 'Sign-in needed' })).toBeNull());
  });

  it('lists the steps with their checks in the Auth view and labels them in Traffic', async () => {
    const backend = fakeBackend();
    await bootApp(backend);
    act(() => backend.emit('onFrames', authFrames));
    fireEvent.click(screen.getByRole('tab', { name: 'Sign-in' }));
    const list = await screen.findByRole('list', { name: 'Sign-in steps' });
    const items = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.dataset.step);
    expect(items.map((item) => item.dataset.step)).toEqual(['challenge', 'prm', 'token']);
    expect(screen.getByText('3 steps · 1 check passed · 1 failed')).toBeTruthy();
    // Each step's time as the flow measured it; the challenge was not timed by the sign-in, so it shows none.
    const times = items.map((item) => item.querySelector('.auth-step-time')?.textContent ?? 'none');
    expect(times).toEqual(['none', '12 ms', '30 ms']);
    expect(items[0].textContent).not.toMatch(/\d ms/);
    expect(items[2].textContent).toContain('the token endpoint answers 200');
    expect(items[2].textContent).toContain('HTTP 400');
    expect(within(items[2]).getByLabelText('fail')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: /^Traffic/ }));
    const frames = screen.getByRole('listbox', { name: 'Frames' });
    await waitFor(() => expect(within(frames).getAllByRole('option')).toHaveLength(4));
    expect(
      within(frames)
        .getAllByRole('option')
        .map((row) => row.querySelector('.kind')?.textContent),
    ).toEqual(['auth', 'auth', 'auth', 'auth']);
  });

  it('sends the form’s client and scopes with the connect, saves them, and signs out of that server', async () => {
    const connects: { target: Target; options?: SessionOptions }[] = [];
    let saved: Settings | undefined;
    const signOuts: string[] = [];
    const backend = fakeBackend({
      connect: (target, options) => {
        connects.push({ target, ...(options ? { options } : {}) });
        return Promise.resolve({ state: 'closed', target });
      },
      saveSettings: (next) => {
        saved = next;
        return Promise.resolve(next);
      },
      signOut: (url) => {
        signOuts.push(url);
        return Promise.resolve(1);
      },
    });
    await bootApp(backend);
    const form = connectForm();
    fireEvent.change(within(form).getAllByRole('combobox')[0], { target: { value: 'http' } });
    fireEvent.change(within(form).getByLabelText('URL'), { target: { value: server } });
    fireEvent.change(within(form).getByLabelText('Client ID'), { target: { value: 'my-client' } });
    fireEvent.change(within(form).getByLabelText('Client secret'), { target: { value: 's3cret-value' } });
    fireEvent.change(within(form).getByLabelText('Extra scopes'), {
      target: { value: 'repo:read, offline_access' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Connect' }));
    await waitFor(() =>
      expect(connects.filter((entry) => entry.target.transport === 'http')).toHaveLength(1),
    );
    expect(connects.find((entry) => entry.target.transport === 'http')?.options?.auth).toEqual({
      clientId: 'my-client',
      clientSecret: 's3cret-value',
      extraScopes: ['repo:read', 'offline_access'],
    });
    // Connect closed the dialog; opened again it holds this attempt, sign-in settings included, to save.
    const again = connectForm();
    fireEvent.change(within(again).getByLabelText('Name to save as'), { target: { value: 'mine' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Save server' }));
    await waitFor(() => expect(saved?.savedServers).toHaveLength(1));
    expect(saved?.savedServers[0].auth?.clientId).toBe('my-client');

    await waitFor(() => expect(useLoupeStore.getState().status.state).toBe('closed'));
    fireEvent.click(screen.getByRole('tab', { name: 'Sign-in' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(
      await screen.findByText(
        `Signed out of ${server}: its tokens are forgotten; the next connect signs in again.`,
      ),
    ).toBeTruthy();
    expect(signOuts).toEqual([server]);
  });
});
