/**
 * The reading of a host's session from the frames of a tap (src/core/tap/liveSession.ts), on frames as hosts send
 * them, recorded by a real FrameRecorder (pairing and round trips as in a tapped session): the probe before
 * initialize, a listing the host stops after its first page and one it walks to the end, and the 2026-07-28 envelope
 * with no handshake on the connection, completed by the host's probe on another one.
 */
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/shared/json.js';
import { FrameRecorder } from '../../src/core/recorder/frameRecorder.js';
import { HostSession, type HostSessionUpdate } from '../../src/core/tap/liveSession.js';

type Read = ((direction: 'in' | 'out', message: JsonObject) => HostSessionUpdate) & { host: HostSession };

function reader(): Read {
  const recorder = new FrameRecorder({ limit: 1000 });
  const host = new HostSession('stdio');
  const read = (direction: 'in' | 'out', message: JsonObject): HostSessionUpdate => {
    const updates = recorder
      .record(direction, JSON.stringify(message))
      .map(({ frame, message: parsed }) => host.read(frame, parsed ?? undefined));
    return updates.at(-1) ?? { lists: [] };
  };
  return Object.assign(read, { host });
}

const envelope = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'v2-host', version: '2.4.0' },
  'io.modelcontextprotocol/clientCapabilities': { roots: {} },
};

describe("a host's session read from its frames", () => {
  it('a refused server/discover, then initialize: the 2025 era, saying the host probed first', () => {
    const read = reader();
    read('out', { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: envelope } });
    const refused = read('in', {
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32601, message: 'Method not found' },
    });
    expect(refused.handshake).toBeUndefined();
    expect(refused.probed?.legacy).toMatch(/JSON-RPC error -32601/);
    read('out', {
      jsonrpc: '2.0',
      id: 2,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: { sampling: {} },
        clientInfo: { name: 'cli', version: '1' },
      },
    });
    const made = read('in', {
      jsonrpc: '2.0',
      id: 2,
      result: {
        protocolVersion: '2025-06-18',
        capabilities: { tools: {} },
        serverInfo: { name: 'srv', version: '3' },
      },
    });
    expect(made.handshake).toMatchObject({
      era: 'legacy',
      requestedProtocolVersion: '2025-11-25',
      protocolVersion: '2025-06-18',
      serverInfo: { name: 'srv', version: '3' },
      clientCapabilities: { sampling: {} },
    });
    expect(made.handshake?.eraReason).toMatch(
      /^the host probed server\/discover first \(server\/discover was answered with JSON-RPC error -32601/,
    );
  });

  it('a listing the host stops after page 1 is incomplete; going on with the cursor completes it', () => {
    const read = reader();
    read('out', { jsonrpc: '2.0', id: 'a', method: 'tools/list' });
    const first = read('in', {
      jsonrpc: '2.0',
      id: 'a',
      result: { tools: [{ name: 'one' }, { name: 'two' }], nextCursor: 'c2' },
    });
    expect(first.lists).toHaveLength(1);
    expect(first.lists[0]).toMatchObject({
      kind: 'tools',
      complete: false,
      items: [{ name: 'one' }, { name: 'two' }],
    });
    expect(first.lists[0]?.pages).toMatchObject([
      { index: 1, nextCursor: 'c2', itemCount: 2, requestSeq: 1, responseSeq: 2 },
    ]);
    read('out', { jsonrpc: '2.0', id: 'b', method: 'tools/list', params: { cursor: 'c2' } });
    const second = read('in', { jsonrpc: '2.0', id: 'b', result: { tools: [{ name: 'three' }] } });
    expect(second.lists[0]).toMatchObject({
      complete: true,
      items: [{ name: 'one' }, { name: 'two' }, { name: 'three' }],
    });
    expect(second.lists[0]?.pages.map((page) => page.cursor)).toEqual([undefined, 'c2']);
    // A new first page starts the listing again.
    read('out', { jsonrpc: '2.0', id: 'c', method: 'tools/list' });
    const again = read('in', { jsonrpc: '2.0', id: 'c', result: { tools: [] } });
    expect(again.lists[0]).toMatchObject({ complete: true, items: [], pages: [{ index: 1, itemCount: 0 }] });
  });

  it("the envelope with no server/discover: connected in the modern era; the host's probe elsewhere completes it", () => {
    const read = reader();
    read('out', { jsonrpc: '2.0', id: 0, method: 'tools/list', params: { _meta: envelope } });
    const made = read('in', { jsonrpc: '2.0', id: 0, result: { tools: [{ name: 'echo' }] } });
    expect(made.handshake).toMatchObject({
      era: 'modern',
      protocolVersion: '2026-07-28',
      serverInfo: null,
      clientCapabilities: { roots: {} },
    });
    expect(made.lists[0]).toMatchObject({ complete: true, items: [{ name: 'echo' }] });
    expect(read.host.client).toBe('v2-host 2.4.0');
    expect(read.host.wantsSibling).toBe(true);
    const discover = {
      supportedVersions: ['2026-07-28'],
      capabilities: { tools: { listChanged: true } },
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'v2-server', version: '1.0.0' } },
    };
    const completed = read.host.sibling({ result: discover, roundTripMs: 4, where: 'tapped session s7' });
    expect(completed).toMatchObject({
      era: 'modern',
      serverInfo: { name: 'v2-server', version: '1.0.0' },
      capabilities: { tools: { listChanged: true } },
      clientCapabilities: { roots: {} },
      roundTripMs: 4,
    });
    expect(completed?.eraReason).toBe(
      "the host's server/discover on another connection (tapped session s7), then the per-request _meta envelope (2026-07-28) on this one",
    );
    expect(read.host.wantsSibling).toBe(false);
  });
});
