import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ServerRequest, ServerRequestAnswer } from '../../shared/session';
import { setApi } from '../bridge';
import { bindCallEvents } from '../store/callsSlice';
import { resetStore, useLoupeStore } from '../store/store';
import { demoHandshake, fakeBackend, type FakeBackend } from '../testing/fakeBackend';
import { ServerRequestDialogs } from './ServerRequestDialogs';

let backend: FakeBackend;
let answers: { requestId: string; answer: ServerRequestAnswer }[];
/** The outcome in words sent with each answer (the backend keeps it for a page that re-attaches). */
let outcomes: (string | undefined)[];
let stop: () => void;

beforeEach(() => {
  resetStore();
  answers = [];
  outcomes = [];
  backend = fakeBackend({
    answerServerRequest: (requestId, answer, outcome) => {
      answers.push({ requestId, answer });
      outcomes.push(outcome);
      return Promise.resolve();
    },
  });
  setApi(backend.api);
  stop = bindCallEvents(backend.api);
  useLoupeStore.setState({
    status: {
      state: 'connected',
      target: { transport: 'stdio', command: 'node', args: ['everything.js'] },
      handshake: demoHandshake,
    },
  });
});
afterEach(() => {
  stop();
  cleanup();
});

function arrive(request: Omit<ServerRequest, 'receivedAt'>) {
  act(() => backend.emit('onServerRequest', { ...request, receivedAt: Date.now() }));
}

const elicitation = {
  requestId: 'r1-1',
  method: 'elicitation/create',
  params: {
    message: 'Please tell us about yourself',
    requestedSchema: {
      type: 'object',
      properties: {
        name: { type: 'string', title: 'Name' },
        age: { type: 'integer', title: 'Age', minimum: 0 },
        color: { type: 'string', title: 'Color', enum: ['red', 'blue'] },
      },
      required: ['name'],
    },
  },
};

describe('ServerRequestDialogs', () => {
  it('shows an elicitation waiting and answers nothing until the user does', async () => {
    render(<ServerRequestDialogs />);
    arrive(elicitation);
    const dialog = await screen.findByRole('dialog', { name: 'The server asks you for input' });
    expect(dialog.textContent).toContain('Please tell us about yourself');
    expect(dialog.textContent).toMatch(/waiting for your answer/);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answers).toEqual([]);
    // Accept with a required field missing: refused, nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(within(dialog).getByRole('alert').textContent).toMatch(/name/);
    expect(answers).toEqual([]);
    const name = within(dialog).getByLabelText<HTMLInputElement>(/^Name/);
    fireEvent.focus(name);
    fireEvent.change(name, { target: { value: 'Ada' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(answers).toEqual([
        { requestId: 'r1-1', answer: { result: { action: 'accept', content: { name: 'Ada' } } } },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText(/elicitation\/create: accepted/)).toBeTruthy();
    expect(outcomes).toEqual(['accepted']);
    // One answered: the count in the singular, no "(s)".
    expect(screen.getByText('1 answered server request').tagName).toBe('SUMMARY');
  });

  it('declines and cancels elicitations', async () => {
    render(<ServerRequestDialogs />);
    arrive(elicitation);
    arrive({ ...elicitation, requestId: 'r1-2' });
    const dialogs = await screen.findAllByRole('dialog');
    expect(dialogs).toHaveLength(2);
    fireEvent.click(within(dialogs[0]).getByRole('button', { name: 'Decline' }));
    fireEvent.click(within(dialogs[1]).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(answers).toEqual([
        { requestId: 'r1-1', answer: { result: { action: 'decline' } } },
        { requestId: 'r1-2', answer: { result: { action: 'cancel' } } },
      ]),
    );
    expect(outcomes).toEqual(['declined', 'cancelled']);
    await waitFor(() => expect(screen.getByText('2 answered server requests').tagName).toBe('SUMMARY'));
  });

  it('shows a sampling request and approves it with the edited reply, or rejects it', async () => {
    render(<ServerRequestDialogs />);
    arrive({
      requestId: 'r1-3',
      method: 'sampling/createMessage',
      params: {
        messages: [
          { role: 'user', content: { type: 'text', text: 'Resource sampleLLM context: <i>hi</i>' } },
        ],
        systemPrompt: 'Be brief',
        maxTokens: 100,
      },
    });
    const dialog = await screen.findByRole('dialog', { name: /sampling/ });
    expect(dialog.textContent).toContain('Resource sampleLLM context: <i>hi</i>');
    expect(dialog.textContent).toContain('Be brief');
    fireEvent.change(within(dialog).getByLabelText('Sampling reply'), { target: { value: 'Short answer.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve and send reply' }));
    await waitFor(() =>
      expect(answers).toEqual([
        {
          requestId: 'r1-3',
          answer: {
            result: {
              role: 'assistant',
              content: { type: 'text', text: 'Short answer.' },
              model: 'loupe-user',
              stopReason: 'endTurn',
            },
          },
        },
      ]),
    );
    arrive({ requestId: 'r1-4', method: 'sampling/createMessage', params: { messages: [], maxTokens: 5 } });
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: /sampling/ })).getByRole('button', { name: 'Reject' }),
    );
    await waitFor(() =>
      expect(answers[1]).toEqual({
        requestId: 'r1-4',
        answer: { error: { code: -1, message: 'The user rejected the sampling request.' } },
      }),
    );
  });

  it('answers roots/list with the roots edited for this connection and remembers them', async () => {
    render(<ServerRequestDialogs />);
    arrive({ requestId: 'r1-5', method: 'roots/list', params: {} });
    const dialog = await screen.findByRole('dialog', { name: 'The server asks for your roots' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add root' }));
    fireEvent.change(within(dialog).getByLabelText('Root 1 URI'), {
      target: { value: 'file:///work/project' },
    });
    fireEvent.change(within(dialog).getByLabelText('Root 1 name'), { target: { value: 'project' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add root' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Answer with these roots' }));
    await waitFor(() =>
      expect(answers).toEqual([
        {
          requestId: 'r1-5',
          answer: { result: { roots: [{ uri: 'file:///work/project', name: 'project' }] } },
        },
      ]),
    );
    expect(outcomes).toEqual(['answered with 1 root']);
    expect(useLoupeStore.getState().rootsByConnection['node everything.js']).toEqual([
      { uri: 'file:///work/project', name: 'project' },
    ]);
    arrive({ requestId: 'r1-6', method: 'roots/list', params: {} });
    const again = await screen.findByRole('dialog', { name: 'The server asks for your roots' });
    expect(within(again).getByLabelText<HTMLInputElement>('Root 1 URI').value).toBe('file:///work/project');
  });

  it('says so when an answer cannot be delivered', async () => {
    cleanup();
    stop();
    backend = fakeBackend({
      answerServerRequest: () => Promise.reject(new Error('No server request r9 is waiting')),
    });
    setApi(backend.api);
    stop = bindCallEvents(backend.api);
    render(<ServerRequestDialogs />);
    arrive({ ...elicitation, requestId: 'r9' });
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Decline' }));
    expect(
      await screen.findByText(
        /declined, but the answer could not be delivered: No server request r9 is waiting/,
      ),
    ).toBeTruthy();
  });

  it('a request closed before it was answered keeps its panel saying why, without answer buttons, until dismissed', async () => {
    render(<ServerRequestDialogs />);
    arrive(elicitation);
    await screen.findByRole('dialog', { name: 'The server asks you for input' });
    act(() =>
      backend.emit('onServerRequestClosed', {
        requestId: 'r1-1',
        reason: 'tools/call was cancelled: cancelled by the user',
        closedAt: Date.now(),
      }),
    );
    const closed = await screen.findByRole('dialog', { name: 'The server asks you for input (closed)' });
    expect(within(closed).getByRole('status').textContent).toBe(
      'Closed before you answered: tools/call was cancelled: cancelled by the user. No answer can be sent for it any more.',
    );
    expect(within(closed).queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'The server asks you for input' })).toBeNull();
    expect(
      screen.getByText(/elicitation\/create: closed unanswered: tools\/call was cancelled/),
    ).toBeTruthy();
    fireEvent.click(within(closed).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(answers).toEqual([]);
    expect(useLoupeStore.getState().answeredRequests.map((entry) => entry.outcome)).toEqual([
      'closed unanswered: tools/call was cancelled: cancelled by the user',
    ]);
  });
});
