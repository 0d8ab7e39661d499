import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bootApp, stopApp } from '../testing/bootApp';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { snapshotFormat, type Snapshot } from '../../shared/snapshot';
import { resetStore, useLoupeStore } from '../store/store';
import {
  emptySummary,
  fakeBackend,
  frame,
  giveElementsASize,
  listResult,
  makeTools,
  type FakeBackend,
} from '../testing/fakeBackend';

beforeAll(() => giveElementsASize(2000));
beforeEach(() => resetStore());
afterEach(() => {
  stopApp();
  cleanup();
});

function exchange(seq: number, method: string, rttMs: number) {
  return [
    frame(seq, { method, raw: `{"jsonrpc":"2.0","id":${seq},"method":"${method}"}` }),
    frame(seq + 1, {
      direction: 'in',
      kind: 'response',
      method: undefined,
      id: seq,
      pairSeq: seq,
      rttMs,
      raw: `{"jsonrpc":"2.0","id":${seq},"result":{}}`,
    }),
  ];
}

describe('Traffic', () => {
  it('appends batches, filters by direction, pauses, clears the view only, and jumps to a pair', async () => {
    const backend = await bootWithTraffic();
    fireEvent.click(screen.getByRole('tab', { name: 'Traffic' }));
    const frames = () => within(screen.getByRole('listbox', { name: 'Frames' })).queryAllByRole('option');
    await waitFor(() => expect(frames()).toHaveLength(4));
    expect(frames()[1].textContent).toContain('30 ms');
    expect(frames()[3].textContent).toContain('4.0 ms');

    fireEvent.change(screen.getByLabelText('Direction'), { target: { value: 'in' } });
    expect(frames()).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Direction'), { target: { value: 'all' } });

    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    act(() => backend.emit('onFrames', exchange(5, 'ping', 1)));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Resume (2 new)' })).toBeTruthy());
    expect(frames()).toHaveLength(4);
    fireEvent.click(screen.getByRole('button', { name: 'Resume (2 new)' }));
    expect(frames()).toHaveLength(6);

    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(frames()).toHaveLength(0);
    expect(useLoupeStore.getState().frameLog.length).toBe(6);
    act(() => backend.emit('onFrames', exchange(7, 'tools/call', 12)));
    await waitFor(() => expect(frames()).toHaveLength(2));

    fireEvent.click(frames()[1]);
    const detail = screen.getByRole('region', { name: 'Frame detail' });
    expect(within(detail).getByText(/#8 received response/)).toBeTruthy();
    fireEvent.click(within(detail).getByRole('radio', { name: 'Raw' }));
    expect(within(detail).getByLabelText('Raw frame').textContent).toBe(
      '{"jsonrpc":"2.0","id":7,"result":{}}',
    );
    fireEvent.click(within(detail).getByRole('button', { name: 'Go to request #7' }));
    expect(within(detail).getByText(/#7 sent request/)).toBeTruthy();
  });

  it('marks invalid frames and stderr lines', async () => {
    const backend = await bootWithTraffic();
    act(() =>
      backend.emit('onFrames', [
        frame(5, {
          direction: 'in',
          kind: 'invalid',
          method: undefined,
          raw: 'not json at all',
          parseError: 'Unexpected token',
        }),
        frame(6, { direction: 'in', kind: 'stderr', method: undefined, raw: 'warning: something' }),
      ]),
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Traffic' }));
    const listbox = screen.getByRole('listbox', { name: 'Frames' });
    await waitFor(() => expect(within(listbox).getByText('INVALID')).toBeTruthy());
    expect(within(listbox).getByText('stderr')).toBeTruthy();
    expect(within(listbox).getByText('warning: something')).toBeTruthy();
  });

  it('shows a frame that is not JSON as text in the Formatted view, without colouring its numbers', async () => {
    const backend = await bootWithTraffic();
    act(() =>
      backend.emit('onFrames', [
        frame(5, {
          direction: 'in',
          kind: 'stderr',
          method: undefined,
          raw: 'server 1.0 ready, true to form',
        }),
        frame(6, {
          direction: 'in',
          kind: 'response',
          method: undefined,
          raw: '{"id":6,"result":{"v":1.0}}',
        }),
      ]),
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Traffic' }));
    const listbox = screen.getByRole('listbox', { name: 'Frames' });
    fireEvent.click(await within(listbox).findByText('server 1.0 ready, true to form'));
    const plain = await screen.findByLabelText('Formatted frame');
    expect(plain.textContent).toBe('server 1.0 ready, true to form');
    expect(plain.querySelectorAll('span')).toHaveLength(0);
    expect(screen.getByText('Not JSON: shown as received.')).toBeTruthy();
    // A JSON frame keeps its colours.
    fireEvent.click(within(listbox).getAllByRole('option').at(-1) as HTMLElement);
    await waitFor(() =>
      expect(
        Array.from(screen.getByLabelText('Formatted frame').querySelectorAll('.json-number')).map(
          (span) => span.textContent,
        ),
      ).toEqual(['6', '1']),
    );
    expect(screen.queryByText('Not JSON: shown as received.')).toBeNull();
  });
});

describe('Timings', () => {
  it('shows count, p50, p95 and max per method, beside the timeline of the requests', async () => {
    await bootWithTraffic();
    fireEvent.click(screen.getByRole('tab', { name: 'Timings' }));
    const table = await screen.findByRole('table', { name: 'Round trips by method' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toContain('initialize130 ms30 ms30 ms');
    expect(rows).toContain('tools/list14.0 ms4.0 ms4.0 ms');
    const timeline = screen.getByRole('grid', { name: 'Requests' });
    expect(within(timeline).getAllByRole('row').map((row) => row.getAttribute('aria-label'))).toEqual([
      'initialize',
      'tools/list',
    ]);
  });
});

describe('Server log', () => {
  it('lists notifications/message as text, in order, level and logger as sent', async () => {
    const backend = await bootWithTraffic();
    act(() => {
      backend.emit('onLog', { t: 1500, level: 'warning', logger: 'db', data: '<b>disk</b> almost full' });
      backend.emit('onLog', { t: 2250, level: 'info', data: { rows: 3 } });
    });
    fireEvent.click(screen.getByRole('tab', { name: 'Server' }));
    const table = await screen.findByRole('table', { name: 'Server log' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['1.500 swarningdb<b>disk</b> almost full', '2.250 sinfo{"rows":3}']);
    expect(table.querySelector('b')).toBeNull();
  });
});

describe('Snapshots', () => {
  it('opens a snapshot read-only in the same views, with its notice', async () => {
    const backend = await bootWithTraffic();
    const snapshot: Snapshot = {
      format: snapshotFormat,
      testedAt: '2026-11-29T10:00:00.000Z',
      loupeVersion: '0.1.0',
      target: { transport: 'stdio', command: 'node', args: ['old-server.js'] },
      transport: 'stdio',
      connected: true,
      protocolVersion: '2025-06-18',
      serverInfo: { name: 'old-server', version: '0.9' },
      capabilities: { tools: {} },
      toolCount: 5,
      toolNames: ['tool_0', 'tool_1', 'tool_2', 'tool_3', 'tool_4'],
      anyToolDescribed: true,
      roundTripMs: 3,
      toolsComplete: false,
      toolsError: { kind: 'cursor-loop', message: 'cursor "a" came back' },
      pages: listResult('tools', makeTools(5), 2).pages,
      tools: makeTools(5),
      findings: [],
      summary: emptySummary(5),
      frames: exchange(1, 'tools/list', 3),
      framesDropped: 0,
    };
    const file = new File([JSON.stringify(snapshot)], 'old.json', { type: 'application/json' });
    fireEvent.change(screen.getByTestId('snapshot-file'), { target: { files: [file] } });
    // The notice of the opened snapshot: what was recorded, when, and the way back to live.
    const card = await screen.findByTestId('snapshot-session');
    expect(card.textContent).toContain('2026-11-29 10:00:00 UTC');
    expect(within(card).getByText('node old-server.js (stdio)')).toBeTruthy();
    expect(backend.calls).toContain('loadSnapshot');
    const list = screen.getByRole('region', { name: 'Tool list' });
    expect(within(list).getByText('5 tools')).toBeTruthy();
    expect(within(list).getByText(/the server repeated a cursor/)).toBeTruthy();
    expect(within(screen.getByRole('banner')).getByText('old-server')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Traffic' }));
    await waitFor(() =>
      expect(within(screen.getByRole('listbox', { name: 'Frames' })).getAllByRole('option')).toHaveLength(2),
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Close snapshot' }));
    await waitFor(() =>
      expect(within(screen.getByRole('listbox', { name: 'Frames' })).getAllByRole('option')).toHaveLength(4),
    );
  });

  it('says clearly when a file is not a snapshot, and keeps the live session', async () => {
    await bootWithTraffic();
    const file = new File(['{"format":"something-else"'], 'broken.json');
    fireEvent.change(screen.getByTestId('snapshot-file'), { target: { files: [file] } });
    const error = await screen.findByText(/broken.json is not a Loupe snapshot/);
    expect(error.textContent).toContain('snapshot-invalid');
    expect(screen.getByText('12 tools')).toBeTruthy();
  });
});

describe('Prompts and resources', () => {
  it('gets a prompt with its arguments and reads a resource', async () => {
    const backend = fakeBackend({
      lists: {
        prompts: listResult('prompts', [{ name: 'greet', arguments: [{ name: 'who', required: true }] }]),
        resources: listResult('resources', [{ uri: 'file:///a.txt', name: 'a' }]),
      },
    });
    await bootApp(backend);
    fireEvent.click(screen.getByRole('tab', { name: 'Prompts' }));
    await waitFor(() =>
      expect(within(screen.getByRole('listbox', { name: 'Prompts' })).getAllByRole('option')).toHaveLength(1),
    );
    fireEvent.click(within(screen.getByRole('listbox', { name: 'Prompts' })).getByRole('option'));
    fireEvent.change(screen.getByRole('textbox', { name: /who/ }), { target: { value: 'Ada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get prompt' }));
    expect(await screen.findByText('greet:{"who":"Ada"}')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Resources' }));
    fireEvent.click(within(screen.getByRole('listbox', { name: 'Resources' })).getByRole('option'));
    fireEvent.click(screen.getByRole('button', { name: 'Read resource' }));
    expect(await screen.findByText('contents of file:///a.txt')).toBeTruthy();
  });

  it('reads a resource template with the URI expanded from its variables', async () => {
    const backend = fakeBackend({
      lists: {
        templates: listResult('templates', [{ uriTemplate: 'file:///{dir}/{name}{?rev}', name: 'file' }]),
      },
    });
    await bootApp(backend);
    fireEvent.click(screen.getByRole('tab', { name: 'Resources' }));
    fireEvent.click(screen.getByRole('radio', { name: /templates/i }));
    const list = await screen.findByRole('listbox', { name: 'Resource templates' });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(1));
    fireEvent.click(within(list).getByRole('option'));
    fireEvent.change(screen.getByLabelText('Template variable dir'), { target: { value: 'my docs' } });
    fireEvent.change(screen.getByLabelText('Template variable name'), { target: { value: 'a.txt' } });
    expect(screen.getByLabelText<HTMLInputElement>('Resource URI').value).toBe('file:///my%20docs/a.txt');
    fireEvent.click(screen.getByRole('button', { name: 'Read resource' }));
    expect(await screen.findByText('contents of file:///my%20docs/a.txt')).toBeTruthy();
  });
});

async function bootWithTraffic(): Promise<FakeBackend> {
  const backend = fakeBackend({ lists: { tools: listResult('tools', makeTools(12)) } });
  await bootApp(backend);
  await waitFor(() => expect(screen.getByText('12 tools')).toBeTruthy());
  act(() => backend.emit('onFrames', [...exchange(1, 'initialize', 30), ...exchange(3, 'tools/list', 4)]));
  await waitFor(() => expect(useLoupeStore.getState().frameLog.length).toBe(4));
  return backend;
}
