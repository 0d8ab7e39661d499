/** A snapshot is built, and serialises, whatever lint or the tool items do: the failure is recorded in it. */
import { describe, expect, it } from 'vitest';
import { buildSnapshot } from '../../../src/core/snapshot/buildSnapshot.js';
import { serializeSnapshot } from '../../../src/core/snapshot/serializeSnapshot.js';
import type { JsonObject } from '../../../src/shared/json.js';
import type { ListResult } from '../../../src/shared/lists.js';
import type { Snapshot } from '../../../src/shared/snapshot.js';

function nestedSchema(levels: number): JsonObject {
  return JSON.parse(`${'{"type":"object","properties":{"child":'.repeat(levels)}{"type":"string"}${'}}'.repeat(levels)}`) as JsonObject;
}

function toolsResult(items: JsonObject[]): ListResult {
  return { kind: 'tools', items, pages: [{ index: 1, itemCount: items.length, rttMs: 3 }], complete: true, startedAt: 0, endedAt: 5 };
}

const handshake = {
  transport: 'stdio' as const,
  requestedProtocolVersion: '2025-11-25',
  protocolVersion: '2025-11-25',
  serverInfo: { name: 'hostile', version: '1.0.0' },
  capabilities: { tools: {} },
  roundTripMs: 2,
};
const frame = { seq: 1, t: 0, wall: 0, direction: 'in' as const, kind: 'response' as const, raw: '{"jsonrpc":"2.0","id":1,"result":{}}', bytes: 36 };

const base = {
  target: { transport: 'stdio' as const, command: 'node', args: ['server.mjs'], env: { API_TOKEN: 'tok-secret-value-42' } },
  testedAt: '2026-11-30T00:00:00.000Z',
  handshake,
  frames: [frame],
  framesDropped: 0,
  loupeVersion: '0.1.0',
};

describe('buildSnapshot when lint or the items fail', () => {
  it('records the failure, keeps the frames and still serialises, when lint throws on a tool', () => {
    const exploding = { name: 'exploding', inputSchema: { type: 'object' } } as JsonObject;
    Object.defineProperty(exploding, 'description', {
      enumerable: true,
      get() {
        throw new Error('a getter nobody expected');
      },
    });
    const snapshot = buildSnapshot({ ...base, tools: toolsResult([exploding]) });
    expect(snapshot.connected).toBe(true);
    expect(snapshot.toolsComplete).toBe(false);
    expect(snapshot.toolCount).toBe(0);
    expect(snapshot.toolsError?.kind).toBe('internal');
    expect(snapshot.toolsError?.message).toContain('a getter nobody expected');
    expect(snapshot.pages).toEqual([{ index: 1, itemCount: 1, rttMs: 3 }]);
    expect(snapshot.frames).toEqual([frame]);
    const back = JSON.parse(serializeSnapshot(snapshot)) as Snapshot;
    expect(back.toolsError?.message).toContain('a getter nobody expected');
  });

  it('keeps a tool 100,000 levels deep whole, with the finding, and scrubs the secrets at that depth', () => {
    const deep = { name: 'deep_tool', description: 'tok-secret-value-42 leaks here', inputSchema: nestedSchema(100_000) };
    const snapshot = buildSnapshot({ ...base, tools: toolsResult([deep]) });
    expect(snapshot.toolsComplete).toBe(true);
    expect(snapshot.toolNames).toEqual(['deep_tool']);
    expect(snapshot.findings.map((finding) => [finding.code, finding.tool])).toEqual([['schema-too-deep', 'deep_tool']]);
    const text = serializeSnapshot(snapshot);
    expect(text).not.toContain('tok-secret-value-42');
    const back = JSON.parse(text) as Snapshot;
    expect(back.tools[0]?.description).toBe('[redacted] leaks here');
    expect(JSON.stringify((back.tools[0]?.inputSchema as { type: string }).type)).toBe('"object"');
  });
});
