/**
 * The UI of MCP 2026-07-28 beside the 2025 era: the handshake view of a modern handshake, the protocol choice of
 * the connection form (and of saved servers) reaching connect(), a multi-round call's rounds in the call panel,
 * the traffic view's round chain and recorded Mcp-* headers, named error codes, and the lists' cache hints.
 */
import { bootApp, stopApp } from './testing/bootApp';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CallRequest } from '../shared/contract';
import type { JsonObject } from '../shared/json';
import type { CallOutcome, Handshake, SessionOptions } from '../shared/session';
import type { Target } from '../shared/target';
import { setApi } from './bridge';
import { ToolCallPanel } from './calls/ToolCallPanel';
import { HandshakeView } from './components/HandshakeView';
import { cacheHint } from './components/ListHeader';
import { ErrorNotice } from './components/ErrorNotice';
import { frameErrorCode, roundMarks } from './lib/roundMarks';
import { bindCallEvents } from './store/callsSlice';
import { resetStore, useLoupeStore } from './store/store';
import {
  demoHandshake,
  fakeBackend,
  frame,
  giveElementsASize,
  listResult,
  makeTools,
} from './testing/fakeBackend';
import { connectForm } from './testing/connectForm';
import { lazyChunksHookMs, loadLazyChunks } from './testing/lazyChunks';

const modernHandshake: Handshake = {
  transport: 'http',
  era: 'modern',
  eraReason: 'server/discover answered with a DiscoverResult',
  discover: {
    supportedVersions: ['2026-07-28', '2025-11-25'],
    capabilities: { tools: { listChanged: true }, extensions: { 'io.modelcontextprotocol/apps': {} } },
    instructions: 'Call confirm_action first.',
    _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'modern-server', version: '2.0.0' } },
  },
  requestedProtocolVersion: '2026-07-28',
  protocolVersion: '2026-07-28',
  serverInfo: { name: 'modern-server', version: '2.0.0' },
  capabilities: { tools: { listChanged: true }, extensions: { 'io.modelcontextprotocol/apps': {} } },
  instructions: 'Call confirm_action first.',
  roundTripMs: 8,
};

let stop: (() => void) | undefined;

beforeAll(() => giveElementsASize(2000));
beforeAll(() => loadLazyChunks(), lazyChunksHookMs);
beforeEach(() => resetStore());
afterEach(() => {
  stopApp();
  stop?.();
  stop = undefined;
  cleanup();
});

describe('handshake view', () => {
  it('says the era, revision and why, and shows the server/discover result', () => {
    render(<HandshakeView handshake={modernHandshake} />);
    expect(screen.getByTestId('handshake-revision').textContent).toBe('2026-07-28');
    expect(screen.getByText('modern era')).toBeTruthy();
    expect(screen.getByTestId('era-reason').textContent).toBe(
      'server/discover answered with a DiscoverResult',
    );
    const facts = screen.getByText('Supported').nextElementSibling as HTMLElement;
    expect(
      within(facts)
        .getAllByText(/^20\d\d-/)
        .map((chip) => chip.textContent),
    ).toEqual(['2026-07-28', '2025-11-25']);
    expect(screen.getByText('Discover')).toBeTruthy();
    expect(screen.queryByText('Initialize')).toBeNull();
    expect(screen.getByText('extension: io.modelcontextprotocol/apps')).toBeTruthy();
    expect(screen.getByText('tools')).toBeTruthy();
    expect(screen.getByText('Call confirm_action first.')).toBeTruthy();
    expect(screen.getByText('modern-server 2.0.0')).toBeTruthy();
    expect(screen.getByText('server/discover result as sent')).toBeTruthy();
  });

  it('labels a 2025 handshake as such, with initialize', () => {
    render(
      <HandshakeView
        handshake={{ ...demoHandshake, era: 'legacy', eraReason: 'the legacy era was asked for' }}
      />,
    );
    expect(screen.getByText('2025 era')).toBeTruthy();
    expect(screen.getByText('Initialize')).toBeTruthy();
    expect(screen.queryByText('Supported')).toBeNull();
    expect(screen.getByTestId('era-reason').textContent).toBe('the legacy era was asked for');
  });
});

describe('protocol choice', () => {
  it('passes the form’s era to connect(), saves it with the server and reconnects with it', async () => {
    const connects: { target: Target; options: SessionOptions | undefined }[] = [];
    const backend = fakeBackend({
      initialTarget: () => Promise.resolve(null),
      connect: (target, options) => {
        connects.push({ target, options });
        // The handshake comes over the transport the target names (here stdio, for all three connects).
        const transport: Handshake['transport'] = target.transport === 'stdio' ? 'stdio' : 'http';
        const handshake: Handshake =
          options?.protocol === 'legacy'
            ? { ...demoHandshake, era: 'legacy' as const, transport }
            : { ...modernHandshake, transport };
        return Promise.resolve({ state: 'connected', target, handshake });
      },
    });
    await bootApp(backend);
    const form = connectForm();
    const protocol = within(form).getByLabelText<HTMLSelectElement>('Protocol');
    expect(protocol.value).toBe('auto');
    expect(Array.from(protocol.options).map((option) => option.value)).toEqual(['auto', 'modern', 'legacy']);
    fireEvent.change(within(form).getByLabelText('Command'), { target: { value: 'node' } });
    fireEvent.change(within(form).getByLabelText('Arguments'), { target: { value: 'server.mjs --strict' } });
    fireEvent.change(protocol, { target: { value: 'legacy' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(connects).toHaveLength(1));
    expect(connects[0].options).toEqual({ protocol: 'legacy' });
    await waitFor(() =>
      expect(screen.getByTestId('header-protocol').textContent).toBe('MCP 2025-11-25 (2025 era) · stdio'),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Reconnect' }));
    await waitFor(() => expect(connects).toHaveLength(2));
    expect(connects[1].options).toEqual({ protocol: 'legacy' });

    const saveForm = connectForm();
    fireEvent.change(within(saveForm).getByLabelText('Protocol'), { target: { value: 'modern' } });
    fireEvent.change(screen.getByLabelText('Name to save as'), { target: { value: 'strict' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save server' }));
    await waitFor(() => expect(useLoupeStore.getState().settings?.savedServers).toHaveLength(1));
    expect(useLoupeStore.getState().settings?.savedServers[0]).toMatchObject({
      name: 'strict',
      protocol: 'modern',
    });
    expect(screen.getByRole('button', { name: 'Connect to strict' }).textContent).toContain('· 2026-07-28');

    fireEvent.click(screen.getByRole('button', { name: 'Connect to strict' }));
    await waitFor(() => expect(connects).toHaveLength(3));
    expect(connects[2]).toEqual({
      target: { transport: 'stdio', command: 'node', args: ['server.mjs', '--strict'] },
      options: { protocol: 'modern' },
    });
    await waitFor(() =>
      expect(screen.getByTestId('header-protocol').textContent).toBe('MCP 2026-07-28 (modern era) · stdio'),
    );
  });
});

describe('a multi-round call', () => {
  const twoRounds: CallOutcome['rounds'] = [
    {
      round: 1,
      requestId: 11,
      requestSeq: 21,
      responseSeq: 22,
      inputRequests: {
        first: { method: 'elicitation/create', params: { message: 'Answer the first question' } },
      },
      inputResponses: { first: { action: 'accept', content: { answer: 'one' } } },
      requestState: 'state-1',
    },
    {
      round: 2,
      requestId: 12,
      requestSeq: 23,
      responseSeq: 24,
      inputRequests: {
        second: { method: 'elicitation/create', params: { message: 'Answer the second question' } },
      },
      inputResponses: { second: { action: 'decline' } },
      requestState: 'state-2',
    },
  ];

  it('is shown as one call with its rounds: what the server asked and what was answered', async () => {
    const backend = fakeBackend({
      callTool: (request: CallRequest) =>
        Promise.resolve({
          callId: request.callId,
          tool: request.tool,
          arguments: request.arguments,
          result: { content: [{ type: 'text', text: 'done' }] },
          isError: false,
          rttMs: 30,
          requestSeq: 25,
          responseSeq: 26,
          rounds: twoRounds,
        }),
    });
    setApi(backend.api);
    stop = bindCallEvents(backend.api);
    useLoupeStore.setState({
      status: {
        state: 'connected',
        target: { transport: 'stdio', command: 'node', args: [] },
        handshake: modernHandshake,
      },
    });
    const tool: JsonObject = { name: 'two_rounds', inputSchema: { type: 'object' } };
    render(<ToolCallPanel tool={tool} />);
    fireEvent.click(screen.getByRole('button', { name: 'Call two_rounds' }));
    const rounds = await screen.findByRole('region', { name: 'Input rounds' });
    expect(within(rounds).getByRole('heading').textContent).toBe(
      'One call in 3 rounds: the server asked for input 2 times',
    );
    const rows = within(rounds)
      .getAllByRole('row')
      .filter((row) => within(row).queryAllByRole('cell').length > 0)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['first', 'elicitation/create: “Answer the first question”', 'accept {"answer":"one"}'],
      ['second', 'elicitation/create: “Answer the second question”', 'decline'],
    ]);
    expect(within(rounds).getByText('Round 3 of 3')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Call result' }).textContent).toContain('done');

    const marks = roundMarks([
      useLoupeStore.getState().calls[Object.keys(useLoupeStore.getState().calls)[0]].outcome!,
    ]);
    expect([...marks.entries()].map(([seq, mark]) => [seq, `${mark.round}/${mark.total}`])).toEqual([
      [21, '1/3'],
      [22, '1/3'],
      [23, '2/3'],
      [24, '2/3'],
      [25, '3/3'],
      [26, '3/3'],
    ]);
  });
});

describe('traffic and errors', () => {
  it('names -32020/-32021/-32022 on error frames, leaves other frames alone', () => {
    const error = (code: number) =>
      frame(1, {
        kind: 'error',
        direction: 'in',
        raw: JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code, message: 'no' } }),
      });
    expect(frameErrorCode(error(-32020))).toBe('-32020 HeaderMismatch');
    expect(frameErrorCode(error(-32021))).toBe('-32021 MissingRequiredClientCapability');
    expect(frameErrorCode(error(-32022))).toBe('-32022 UnsupportedProtocolVersion');
    expect(frameErrorCode(error(-32000))).toBe('-32000');
    expect(frameErrorCode(frame(2))).toBeUndefined();
    expect(frameErrorCode(frame(3, { kind: 'error', raw: 'not json' }))).toBeUndefined();
  });

  it('shows the error name on the row, the round chain and the recorded Mcp-* headers in the detail', async () => {
    const backend = fakeBackend({ lists: { tools: listResult('tools', makeTools(1)) } });
    await bootApp(backend);
    act(() => {
      backend.emit('onFrames', [
        frame(40, {
          method: 'tools/call',
          raw: '{"jsonrpc":"2.0","id":40,"method":"tools/call","params":{"name":"echo"}}',
          http: {
            method: 'POST',
            url: 'http://127.0.0.1:1/mcp',
            requestHeaders: {
              'mcp-method': 'tools/call',
              'mcp-name': 'echo',
              'mcp-protocol-version': '2026-07-28',
            },
          },
        }),
        frame(41, {
          direction: 'in',
          kind: 'error',
          method: undefined,
          pairSeq: 40,
          raw: '{"jsonrpc":"2.0","id":40,"error":{"code":-32020,"message":"Mcp-Name does not match"}}',
        }),
      ]);
    });
    fireEvent.click(screen.getByRole('tab', { name: /Traffic/ }));
    const list = screen.getByRole('listbox', { name: 'Frames' });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(2));
    expect(within(list).getAllByRole('option')[1].textContent).toContain('-32020 HeaderMismatch');
    fireEvent.click(within(list).getAllByRole('option')[0]);
    const detail = screen.getByRole('region', { name: 'Frame detail' });
    const headerRows = within(within(detail).getByRole('table', { name: 'Request headers' })).getAllByRole(
      'row',
    );
    expect(headerRows.map((row) => row.textContent)).toEqual([
      'mcp-methodtools/call',
      'mcp-nameecho',
      'mcp-protocol-version2026-07-28',
    ]);
  });

  it('names the JSON-RPC error a refused HTTP POST carried', () => {
    render(
      <ErrorNotice
        error={{
          kind: 'http-error',
          code: 400,
          message: 'HTTP 400',
          data: {
            status: 400,
            rpcError: { code: -32022, message: 'Unsupported protocol version: 2025-11-25' },
          },
        }}
      />,
    );
    expect(
      screen.getByText(
        'JSON-RPC error -32022 UnsupportedProtocolVersion: Unsupported protocol version: 2025-11-25',
      ),
    ).toBeTruthy();
    // The hint is about the protocol choice, not the generic HTTP one.
    expect(screen.getByRole('alert').textContent).toContain('pick another protocol in the connection form');
    expect(screen.getByRole('alert').textContent).not.toContain('check the URL, path and headers');
  });

  it('names a protocol error code in the notice title', () => {
    render(
      <ErrorNotice error={{ kind: 'missing-client-capability', code: -32021, message: 'needs sampling' }} />,
    );
    expect(screen.getByRole('alert').textContent).toContain(
      'Missing client capability (code -32021 MissingRequiredClientCapability)',
    );
  });
});

describe('list cache hints', () => {
  it('says ttlMs and cacheScope when the pages carry them, ranges when they differ, nothing when absent', () => {
    const page = (index: number, extra: { ttlMs?: number; cacheScope?: string }) => ({
      index,
      itemCount: 1,
      rttMs: 1,
      ...extra,
    });
    expect(
      cacheHint([
        page(1, { ttlMs: 60000, cacheScope: 'public' }),
        page(2, { ttlMs: 60000, cacheScope: 'public' }),
      ]),
    ).toBe('ttlMs 60000 · cacheScope public');
    expect(cacheHint([page(1, { ttlMs: 0 }), page(2, { ttlMs: 500, cacheScope: 'private' })])).toBe(
      'ttlMs 0–500 · cacheScope private',
    );
    expect(cacheHint([page(1, {})])).toBeUndefined();
  });

  it('shows them in the tools list header', async () => {
    const tools = listResult('tools', makeTools(3));
    tools.pages = tools.pages.map((page) => ({ ...page, ttlMs: 30000, cacheScope: 'private' }));
    await bootApp(fakeBackend({ lists: { tools } }));
    await waitFor(() =>
      expect(screen.getByTestId('cache-hint').textContent).toBe(' · ttlMs 30000 · cacheScope private'),
    );
  });
});
