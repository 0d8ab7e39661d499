import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CallRequest } from '../../shared/contract';
import { LoupeError } from '../../shared/errors';
import type { JsonObject } from '../../shared/json';
import type { CallOutcome } from '../../shared/session';
import { setApi } from '../bridge';
import { bindCallEvents } from '../store/callsSlice';
import { resetStore, useLoupeStore } from '../store/store';
import { demoHandshake, fakeBackend, type FakeBackend } from '../testing/fakeBackend';
import { ToolCallPanel } from './ToolCallPanel';

const pngPixel = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const echo: JsonObject = {
  name: 'echo',
  inputSchema: {
    type: 'object',
    properties: { message: { type: 'string', title: 'Message' }, loud: { type: 'boolean', title: 'Loud' }, note: { type: 'string', title: 'Note' } },
    required: ['message'],
  },
};

let backend: FakeBackend;
let requests: CallRequest[];
let stop: () => void;

function outcome(request: CallRequest, result: JsonObject, extra: Partial<CallOutcome> = {}): CallOutcome {
  return { callId: request.callId, tool: request.tool, arguments: request.arguments, result, isError: result.isError === true, rttMs: 12.5, ...extra };
}

function boot(respond: (request: CallRequest) => Promise<CallOutcome>, cancelCall?: (callId: string) => Promise<void>) {
  requests = [];
  backend = fakeBackend({
    ...(cancelCall ? { cancelCall } : {}),
    callTool: (request) => {
      requests.push(request);
      return respond(request);
    },
  });
  setApi(backend.api);
  stop = bindCallEvents(backend.api);
  useLoupeStore.setState({
    status: { state: 'connected', target: { transport: 'stdio', command: 'node', args: ['server.js'] }, handshake: demoHandshake },
    settings: { timeoutMs: 4321, maxTotalMs: 60_000, pageLimit: 64, savedServers: [] },
  });
}

function typeInto(label: RegExp, value: string) {
  const input = screen.getByLabelText<HTMLInputElement>(label);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
}

beforeEach(() => resetStore());
afterEach(() => {
  stop();
  cleanup();
});

describe('ToolCallPanel', () => {
  it('sends exactly the arguments entered, with the timeout from settings, and shows the text result', async () => {
    boot((request) => Promise.resolve(outcome(request, { content: [{ type: 'text', text: '<b>not html</b>' }] })));
    render(<ToolCallPanel tool={echo} />);
    typeInto(/^Message/, 'hi');
    typeInto(/^Note/, 'x');
    typeInto(/^Note/, '');
    fireEvent.click(screen.getByRole('button', { name: 'Call echo' }));
    await screen.findByText('<b>not html</b>');
    expect(requests).toHaveLength(1);
    expect(requests[0].arguments).toEqual({ message: 'hi' });
    expect(requests[0].timeoutMs).toBe(4321);
    expect(requests[0].tool).toBe('echo');
    expect(screen.getByText(/round trip 12\.5 ms|round trip 13 ms/)).toBeTruthy();
    expect(screen.getByLabelText('Raw result').textContent).toContain('"<b>not html</b>"');
  });

  it('calls with Ctrl+Enter and refuses to send invalid arguments, showing the field error', async () => {
    boot((request) => Promise.resolve(outcome(request, { content: [] })));
    render(<ToolCallPanel tool={echo} />);
    const panel = screen.getByRole('region', { name: 'Call echo' });
    fireEvent.keyDown(panel, { key: 'Enter', ctrlKey: true });
    expect(await screen.findByText(/Not sent:/)).toBeTruthy();
    expect(requests).toHaveLength(0);
    expect(panel.querySelector('.arguments-form')?.textContent).toMatch(/must have required property 'Message'/);
    typeInto(/^Message/, 'ok');
    fireEvent.keyDown(panel, { key: 'Enter', metaKey: true });
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0].arguments).toEqual({ message: 'ok' });
  });

  it('asks before calling a tool that claims destructiveHint, saying the claim is untrusted', async () => {
    boot((request) => Promise.resolve(outcome(request, { content: [] })));
    render(<ToolCallPanel tool={{ ...echo, annotations: { destructiveHint: true } }} />);
    typeInto(/^Message/, 'rm');
    fireEvent.click(screen.getByRole('button', { name: 'Call echo' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toMatch(/untrusted/);
    expect(dialog.textContent).toMatch(/destructiveHint: true/);
    fireEvent.click(within(dialog).getByRole('button', { name: "Don't call" }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Call echo' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Call anyway' }));
    await waitFor(() => expect(requests).toHaveLength(1));
  });

  it('shows progress from onProgress, cancels, and reports the cancellation', async () => {
    let reject: (error: unknown) => void = () => undefined;
    const cancelled: string[] = [];
    boot(
      () => new Promise<CallOutcome>((_resolve, fail) => (reject = fail)),
      (callId) => {
        cancelled.push(callId);
        return Promise.resolve();
      },
    );
    render(<ToolCallPanel tool={echo} />);
    typeInto(/^Message/, 'slow');
    fireEvent.click(screen.getByRole('button', { name: 'Call echo' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    const callId = requests[0].callId;
    act(() => backend.emit('onProgress', { callId, progress: 2, total: 5, message: 'step 2' }));
    const bar = await screen.findByLabelText<HTMLProgressElement>('Call progress');
    await waitFor(() => expect(bar.value).toBe(2));
    expect(bar.max).toBe(5);
    expect(screen.getByText(/2 \/ 5 — step 2/)).toBeTruthy();
    expect(screen.getByText(/times out after 4321 ms/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(cancelled).toEqual([callId]));
    await act(() => {
      reject(new LoupeError({ kind: 'cancelled', message: 'Cancelled by the user.' }));
      return Promise.resolve();
    });
    expect(await screen.findByText('Cancelled')).toBeTruthy();
    expect(screen.queryByLabelText('Call progress')).toBeNull();
  });

  it('tells a tool error (isError) apart from a protocol error', async () => {
    let mode: 'tool' | 'protocol' = 'tool';
    boot((request) =>
      mode === 'tool'
        ? Promise.resolve(outcome(request, { content: [{ type: 'text', text: 'disk full' }], isError: true }))
        : Promise.reject(new LoupeError({ kind: 'rpc-error', code: -32602, message: 'Invalid params' })),
    );
    render(<ToolCallPanel tool={echo} />);
    typeInto(/^Message/, 'a');
    fireEvent.click(screen.getByRole('button', { name: 'Call echo' }));
    expect((await screen.findByText(/Tool error: the tool ran and reported a failure/)).textContent).toBeTruthy();
    expect(screen.getByText('disk full')).toBeTruthy();
    mode = 'protocol';
    fireEvent.click(screen.getByRole('button', { name: 'Call echo' }));
    const alert = await screen.findByText(/Protocol error/);
    expect(alert.parentElement?.textContent).toBe('Protocol error (rpc-error -32602 InvalidParams): Invalid params');
    expect(screen.queryByText(/Tool error/)).toBeNull();
  });

  it('draws images only from data: URLs of image types, shows audio, embedded resources and links without opening them', async () => {
    boot((request) =>
      Promise.resolve(
        outcome(request, {
          content: [
            { type: 'image', data: pngPixel, mimeType: 'image/png' },
            { type: 'image', data: 'PHNjcmlwdD4=', mimeType: 'text/html' },
            { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
            { type: 'resource_link', uri: 'file:///etc/passwd', name: 'passwd', mimeType: 'text/plain' },
            { type: 'resource', resource: { uri: 'memo://1', mimeType: 'text/plain', text: 'embedded text' } },
          ],
        }),
      ),
    );
    const view = render(<ToolCallPanel tool={echo} />);
    typeInto(/^Message/, 'a');
    fireEvent.click(screen.getByRole('button', { name: 'Call echo' }));
    const image = await screen.findByAltText<HTMLImageElement>('Image result 1 (image/png)');
    expect(image.src).toBe(`data:image/png;base64,${pngPixel}`);
    expect(view.container.querySelectorAll('img')).toHaveLength(1);
    expect(screen.getByText(/Image of type “text\/html” not drawn/)).toBeTruthy();
    expect(screen.getByLabelText<HTMLAudioElement>('Audio result 3').src).toBe('data:audio/wav;base64,UklGRg==');
    expect(screen.getByLabelText('Link target').textContent).toBe('file:///etc/passwd');
    expect(screen.getByText('embedded text')).toBeTruthy();
    expect(backend.calls).not.toContain('readResource');
    fireEvent.click(screen.getByRole('button', { name: 'Read this resource' }));
    expect(await screen.findByText('contents of file:///etc/passwd')).toBeTruthy();
    expect(backend.calls).toContain('readResource');
  });

  it('shows structuredContent with the outcome of validation against the outputSchema', async () => {
    let validation: CallOutcome['structuredValidation'] = { valid: false, errors: ['/temperature must be number'] };
    boot((request) => Promise.resolve(outcome(request, { content: [], structuredContent: { temperature: 'hot' } }, { structuredValidation: validation })));
    render(<ToolCallPanel tool={echo} />);
    typeInto(/^Message/, 'a');
    fireEvent.click(screen.getByRole('button', { name: 'Call echo' }));
    expect(await screen.findByText('/temperature must be number')).toBeTruthy();
    expect(screen.getByLabelText('structuredContent').textContent).toContain('"hot"');
    validation = { valid: true };
    fireEvent.click(screen.getByRole('button', { name: 'Call echo' }));
    expect(await screen.findByText('structuredContent matches the outputSchema.')).toBeTruthy();
    validation = { valid: false, missing: true };
    fireEvent.click(screen.getByRole('button', { name: 'Call echo' }));
    expect(await screen.findByText(/declares an outputSchema but the result has no structuredContent/)).toBeTruthy();
  });

  it('keeps a history per tool with re-run and copy-as-CLI', async () => {
    boot((request) => Promise.resolve(outcome(request, { content: [{ type: 'text', text: `echo ${JSON.stringify(request.arguments.message)}` }] })));
    render(<ToolCallPanel tool={echo} />);
    typeInto(/^Message/, 'first');
    fireEvent.click(screen.getByRole('button', { name: 'Call echo' }));
    await screen.findByText('echo "first"');
    typeInto(/^Message/, 'second');
    fireEvent.click(screen.getByRole('button', { name: 'Call echo' }));
    await screen.findByText('echo "second"');
    const history = screen.getByRole('region', { name: 'Call history' });
    const items = within(history).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    fireEvent.click(within(items[1]).getByRole('button', { name: 'Re-run' }));
    await waitFor(() => expect(requests).toHaveLength(3));
    expect(requests.map((request) => request.arguments)).toEqual([{ message: 'first' }, { message: 'second' }, { message: 'first' }]);
    expect(screen.getByLabelText<HTMLInputElement>(/^Message/).value).toBe('first');
    const newest = within(screen.getByRole('region', { name: 'Call history' })).getAllByRole('listitem')[0];
    fireEvent.click(within(newest).getByRole('button', { name: 'Copy as CLI' }));
    expect(within(newest).getByLabelText('CLI command').textContent).toBe(`loupe call echo --args '{"message":"first"}' -- node server.js`);
  });
});
