/**
 * The tools header says what Loupe declared and that a client declaring less may be listed other tools; "List as
 * a client without capabilities" lists once more over a temporary session that declares nothing (same target,
 * same era), names the difference, and closes that session without it ever showing in the strip.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SessionOptions, SessionStatus } from '../../shared/session';
import type { Target } from '../../shared/target';
import { resetStore, useLoupeStore } from '../store/store';
import { bootApp, stopApp } from '../testing/bootApp';
import { demoHandshake, fakeSessionsBackend, giveElementsASize, listResult } from '../testing/fakeBackend';
import { heldSession } from '../testing/heldSession';

beforeAll(() => giveElementsASize());
beforeEach(() => {
  resetStore();
  window.sessionStorage.clear();
});
afterEach(() => {
  stopApp();
  cleanup();
});

const target: Target = { transport: 'stdio', command: 'node', args: ['everything.js', 'stdio'] };
const tool = (name: string) => ({ name, inputSchema: { type: 'object' } });
const everyone = ['echo', 'get-sum', 'get-tiny-image'];
const forCapableClients = ['get-roots-list', 'trigger-elicitation-request', 'trigger-sampling-request'];
const connected: SessionStatus = {
  state: 'connected',
  target,
  handshake: {
    ...demoHandshake,
    era: 'legacy',
    serverInfo: { name: 'mcp-servers/everything', version: '2.0.0' },
    clientCapabilities: {
      roots: { listChanged: true },
      sampling: {},
      elicitation: {},
      tasks: {},
      extensions: {
        'io.modelcontextprotocol/tasks': {},
        'io.modelcontextprotocol/ui': { mimeTypes: [] },
        'io.modelcontextprotocol/skills': {},
      },
    },
  },
};

describe('the tools header on declared capabilities', () => {
  it('says what was declared, and lists once more as a client without capabilities, naming the difference', async () => {
    const probes: { target: Target; options: SessionOptions | undefined }[] = [];
    let release: () => void = () => undefined;
    const connecting = new Promise<void>((resolve) => (release = resolve));
    const backend = fakeSessionsBackend(
      (id) =>
        id === 's1'
          ? heldSession('s1', 1, 0, {
              startStatus: connected,
              keptLists: () =>
                Promise.resolve([listResult('tools', [...everyone, ...forCapableClients].map(tool))]),
            })
          : {
              connect: async (given, options) => {
                probes.push({ target: given, options });
                await connecting;
                return { state: 'connected', target: given, handshake: demoHandshake };
              },
              lists: { tools: listResult('tools', everyone.map(tool)) },
            },
      1,
    );
    await bootApp(backend);
    await waitFor(() => expect(screen.getByText('6 tools')).toBeTruthy());
    const group = screen.getByRole('group', { name: 'Declared capabilities' });
    expect(group.querySelector('p')?.textContent).toBe(
      'Listed for Loupe declaring roots, sampling, elicitation, tasks, extensions tasks, ui, skills; a client declaring less may be listed other tools (the CLI declares none without --input).',
    );

    const listsAsked = () => backend.calls.filter((call) => call.method === 'sessions').length;
    const before = listsAsked();
    fireEvent.click(within(group).getByRole('button', { name: 'List as a client without capabilities' }));
    await waitFor(() => expect(probes).toHaveLength(1));
    expect(within(group).getByRole('status').textContent).toContain('second, temporary connection');
    // The page heard of the new session and asked for the list again: the strip still shows only its own.
    await waitFor(() => expect(listsAsked()).toBeGreaterThan(before));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(backend.sessionIds()).toEqual(['s1', 's2']);
    expect(within(screen.getByRole('tablist', { name: 'Sessions' })).getAllByRole('tab')).toHaveLength(1);
    release();
    const outcome = await within(group).findByRole('status', { name: 'Without capabilities' });
    expect(outcome.textContent).toBe(
      'As a client without capabilities: 3 tools — 3 fewer. Listed only for a client that declares them: get-roots-list, trigger-elicitation-request, trigger-sampling-request.×',
    );
    // The same target in the same era, declaring nothing at all.
    expect(probes).toEqual([
      {
        target,
        options: {
          protocol: 'legacy',
          offer: { sampling: false, elicitation: false, roots: false },
          extensions: { tasks: false, ui: false, skills: false },
        },
      },
    ]);
    // The temporary session is closed, and never was in the strip.
    await waitFor(() => expect(backend.sessionIds()).toEqual(['s1']));
    expect(useLoupeStore.getState().sessionList.map((entry) => entry.id)).toEqual(['s1']);
    expect(within(screen.getByRole('tablist', { name: 'Sessions' })).getAllByRole('tab')).toHaveLength(1);

    fireEvent.click(within(outcome).getByRole('button', { name: 'Dismiss' }));
    expect(within(group).getByRole('button', { name: 'List as a client without capabilities' })).toBeTruthy();
  });
});
