import { describe, expect, it } from 'vitest';
import { LoupeError } from '../../../src/shared/errors.js';
import { isJsonObject } from '../../../src/shared/json.js';
import { walkList } from '../../../src/core/lists/pageWalker.js';
import { modernStdio } from '../../servers/modern/modernServers.js';
import { everythingStdio } from './servers.js';
import { trackedSessions } from './trackedSessions.js';

const open = trackedSessions();

function paramsOf(raw: string): Record<string, unknown> {
  return (JSON.parse(raw) as { params: Record<string, unknown> }).params;
}
const envelopeKeys = [
  'io.modelcontextprotocol/protocolVersion',
  'io.modelcontextprotocol/clientCapabilities',
  'io.modelcontextprotocol/clientInfo',
];

describe('modern era over stdio', () => {
  it('auto speaks 2026-07-28 to a strict modern server: discover, no initialize, _meta on every request', async () => {
    const session = await open(modernStdio('--tools', '3'));
    const { handshake } = session;
    expect(handshake.era).toBe('modern');
    expect(handshake.protocolVersion).toBe('2026-07-28');
    expect(handshake.eraReason).toContain('DiscoverResult');
    expect(handshake.serverInfo?.name).toBe('loupe-modern-test');
    expect(handshake.instructions).toBe('A modern test server.');
    expect(handshake.discover?.supportedVersions).toEqual(['2026-07-28']);
    expect(isJsonObject(handshake.capabilities.tools)).toBe(true);

    const list = await walkList(session, 'tools');
    expect(list.complete).toBe(true);
    expect(list.items.map((tool) => tool.name)).toEqual([
      'echo',
      'confirm',
      'add_tool',
      'bad_header',
      'tool_001',
      'tool_002',
      'tool_003',
    ]);
    expect(list.pages[0]?.cacheScope).toBe('private');
    expect(list.pages[0]?.ttlMs).toBe(0);

    const outbound = session.recorder.frames().filter((frame) => frame.direction === 'out');
    expect(outbound.map((frame) => frame.method)).toEqual(['server/discover', 'tools/list']);
    for (const frame of outbound) {
      const meta = paramsOf(frame.raw)._meta as Record<string, unknown>;
      // The envelope, and the trace context (SEP-414) Loupe sends by default.
      expect(Object.keys(meta).sort()).toEqual([...envelopeKeys, 'traceparent', 'tracestate'].sort());
      expect(meta['io.modelcontextprotocol/protocolVersion']).toBe('2026-07-28');
      expect(meta['io.modelcontextprotocol/clientInfo']).toMatchObject({ name: 'loupe' });
    }
  });

  it('adds the log level to the envelope when one is set', async () => {
    const session = await open(modernStdio(), { logLevel: 'debug' });
    await session.request('tools/list', {});
    const list = session.recorder
      .frames()
      .find((frame) => frame.direction === 'out' && frame.method === 'tools/list');
    expect(paramsOf(list?.raw ?? '{}')._meta).toMatchObject({ 'io.modelcontextprotocol/logLevel': 'debug' });
  });

  it('a dual-era server is spoken to in 2026-07-28', async () => {
    const session = await open(modernStdio('--era', 'dual'));
    expect(session.handshake.era).toBe('modern');
    expect(session.recorder.frames().some((frame) => frame.method === 'initialize')).toBe(false);
  });

  it('auto falls back to initialize for server-everything and says why', async () => {
    const session = await open(everythingStdio);
    expect(session.handshake.era).toBe('legacy');
    expect(session.handshake.protocolVersion).toBe('2025-11-25');
    expect(session.handshake.eraReason).toMatch(/server\/discover was answered with JSON-RPC error -32601/);
    const methods = session.recorder
      .frames()
      .filter((frame) => frame.direction === 'out')
      .map((frame) => frame.method);
    expect(methods.slice(0, 3)).toEqual(['server/discover', 'initialize', 'notifications/initialized']);
  });

  it('legacy against a strict modern server fails naming -32022 and the supported versions', async () => {
    const failure = await open(modernStdio(), { protocol: 'legacy' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(LoupeError);
    const error = failure as LoupeError;
    expect(error.kind).toBe('unsupported-protocol-version');
    expect(error.detail.code).toBe(-32022);
    expect(error.message).toContain('-32022 UnsupportedProtocolVersion');
    expect(error.message).toContain('the server supports 2026-07-28');
  });

  it('modern against server-everything fails as legacy-server without sending initialize', async () => {
    const failure = await open(everythingStdio, { protocol: 'modern' }).catch((error: unknown) => error);
    expect((failure as LoupeError).kind).toBe('legacy-server');
  });

  it('answers an input_required tool through the session handlers and retries with inputResponses', async () => {
    const session = await open(modernStdio(), { offer: { elicitation: true } });
    const asked: unknown[] = [];
    session.setRequestHandler('elicitation/create', (params, id) => {
      asked.push({ params, id });
      return Promise.resolve({ action: 'accept', content: { proceed: true, note: 'ok' } });
    });
    const response = await session.request('tools/call', { name: 'confirm', arguments: {} });
    expect(response.result.content).toEqual([
      { type: 'text', text: 'answer accept {"proceed":true,"note":"ok"} state state-round-1' },
    ]);
    expect(asked).toHaveLength(1);
    expect(response.rounds).toHaveLength(1);
    const round = response.rounds?.[0];
    expect(round?.requestState).toBe('state-round-1');
    expect(Object.keys(round?.inputRequests ?? {})).toEqual(['confirm']);
    expect(round?.requestId).not.toBe(response.requestId);
    const calls = session.recorder
      .frames()
      .filter((frame) => frame.direction === 'out' && frame.method === 'tools/call');
    expect(calls).toHaveLength(2);
    const retry = paramsOf(calls[1]?.raw ?? '{}');
    expect(retry.requestState).toBe('state-round-1');
    expect(retry.inputResponses).toEqual({
      confirm: { action: 'accept', content: { proceed: true, note: 'ok' } },
    });
    expect(calls[0]?.id).not.toBe(calls[1]?.id);
    expect(round?.requestSeq).toBe(calls[0]?.seq);
  });

  it('follows nextCursor through a paginated modern list', async () => {
    const session = await open(modernStdio('--tools', '10', '--page-size', '4'));
    const list = await walkList(session, 'tools');
    expect(list.complete).toBe(true);
    expect(list.items).toHaveLength(14);
    expect(list.pages.map((page) => page.cursor ?? null)).toEqual([null, 'page-1', 'page-2', 'page-3']);
  });
});
