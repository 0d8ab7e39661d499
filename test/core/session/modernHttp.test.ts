import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoupeError } from '../../../src/shared/errors.js';
import { walkList } from '../../../src/core/lists/pageWalker.js';
import { watchLists } from '../../../src/core/lists/listWatcher.js';
import type { ListDiff } from '../../../src/shared/lists.js';
import { startModernHttp, type RunningModernServer } from '../../servers/modern/modernServers.js';
import { trackedSessions } from './trackedSessions.js';

const open = trackedSessions();
let strict: RunningModernServer;

beforeAll(async () => {
  strict = await startModernHttp('--tools', '2');
});
afterAll(async () => {
  await strict.stop();
});

describe('modern era over Streamable HTTP', () => {
  it('auto opens a strict modern endpoint with server/discover: no initialize, no session id, no GET', async () => {
    const session = await open(strict.target);
    expect(session.handshake.era).toBe('modern');
    expect(session.handshake.protocolVersion).toBe('2026-07-28');
    expect(session.handshake.sessionId).toBeUndefined();
    expect(session.handshake.serverInfo?.name).toBe('loupe-modern-test');
    const list = await walkList(session, 'tools');
    expect(list.items.map((tool) => tool.name)).toContain('echo');
    const frames = session.recorder.frames();
    expect(frames.some((frame) => frame.http?.method === 'GET')).toBe(false);
    expect(frames.some((frame) => frame.method === 'initialize')).toBe(false);
  });

  it('sends MCP-Protocol-Version, Mcp-Method, Mcp-Name and Mcp-Param-* (checked by the server) and records them', async () => {
    const session = await open(strict.target);
    await walkList(session, 'tools');
    const called = await session.request('tools/call', {
      name: 'echo',
      arguments: { text: 'hi', region: 'Zürich' },
    });
    expect(called.result.content).toEqual([{ type: 'text', text: 'hi @ Zürich' }]);
    const request = session.recorder.frames().find((frame) => frame.seq === called.requestSeq);
    expect(request?.http?.requestHeaders).toMatchObject({
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'echo',
      'mcp-param-region': `=?base64?${Buffer.from('Zürich').toString('base64')}?=`,
    });
    const discover = session.recorder.frames().find((frame) => frame.method === 'server/discover');
    expect(discover?.http?.requestHeaders).toMatchObject({
      'mcp-method': 'server/discover',
      'mcp-protocol-version': '2026-07-28',
    });
  });

  it('refuses to call a tool whose x-mcp-header is invalid, naming why', async () => {
    const session = await open(strict.target);
    await walkList(session, 'tools');
    const failure = await session
      .request('tools/call', { name: 'bad_header', arguments: { x: '1' } })
      .catch((error: unknown) => error);
    expect((failure as LoupeError).kind).toBe('invalid-tool-header');
    expect((failure as LoupeError).message).toContain('"Bad Name" is not an HTTP header token');
    expect(session.recorder.frames().some((frame) => frame.method === 'tools/call')).toBe(false);
  });

  it('legacy against the strict endpoint fails with -32022 and no SSE attempt', async () => {
    const failure = await open({ transport: 'auto', url: strict.url }, { protocol: 'legacy' }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(LoupeError);
    expect((failure as LoupeError).kind).toBe('unsupported-protocol-version');
    expect((failure as LoupeError).message).toContain('-32022 UnsupportedProtocolVersion');
    expect((failure as LoupeError).message).toContain('2026-07-28');
  });

  it('a list change arrives on the subscriptions/listen stream and re-walks the list', async () => {
    const session = await open(strict.target);
    const before = await walkList(session, 'tools');
    const diffs: ListDiff[] = [];
    let changed: () => void = () => undefined;
    const seen = new Promise<void>((resolve) => (changed = resolve));
    const stop = watchLists(session, {
      current: { tools: before },
      coalesceMs: 50,
      onChange: (diff) => {
        diffs.push(diff);
        changed();
      },
    });
    try {
      await waitFor(() =>
        session.recorder
          .frames()
          .some((frame) => frame.method === 'notifications/subscriptions/acknowledged'),
      );
      const other = await open(strict.target);
      await other.request('tools/call', { name: 'add_tool', arguments: {} });
      await seen;
      expect(diffs[0]?.added).toEqual([expect.stringMatching(/^tool_added_\d+$/)]);
      const listen = session.recorder.frames().find((frame) => frame.method === 'subscriptions/listen');
      expect(JSON.parse(listen?.raw ?? '{}')).toMatchObject({
        params: { notifications: { toolsListChanged: true } },
      });
    } finally {
      stop();
    }
    // Modern Streamable HTTP has no client notifications: stopping the subscription sends no notifications/cancelled
    // (a request sent after the stop is answered after any POST the stop would have made).
    await session.request('tools/list', {});
    expect(session.recorder.frames().some((frame) => frame.method === 'notifications/cancelled')).toBe(false);
  });
});

async function waitFor(check: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 100 && !check(); attempt += 1)
    await new Promise((resolve) => setTimeout(resolve, 50));
  if (!check()) throw new Error('the condition never held');
}
