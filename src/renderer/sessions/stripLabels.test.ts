import { describe, expect, it } from 'vitest';
import type { Handshake, SessionStatus } from '../../shared/session';
import type { Target } from '../../shared/target';
import { shortTarget, stripLabels, type StripFacts } from './stripLabels';

const everything: Target = {
  transport: 'stdio',
  command: '/usr/bin/node',
  args: ['/repo/node_modules/@modelcontextprotocol/server-everything/dist/index.js', 'stdio'],
};
const replayUrl: Target = { transport: 'http', url: 'http://127.0.0.1:41234/mcp' };

function handshake(era: 'legacy' | 'modern', name = 'mcp-servers/everything'): Handshake {
  return {
    transport: 'stdio',
    era,
    requestedProtocolVersion: era === 'modern' ? '2026-07-28' : '2025-11-25',
    protocolVersion: era === 'modern' ? '2026-07-28' : '2025-11-25',
    serverInfo: { name },
    capabilities: {},
    roundTripMs: 1,
  };
}

function connected(target: Target, era: 'legacy' | 'modern' = 'legacy', tapped?: string): SessionStatus {
  return {
    state: 'connected',
    target,
    handshake: handshake(era),
    ...(tapped ? { tapped: { label: tapped, pid: 1, readOnly: 'read only' } } : {}),
  };
}

const facts = (id: string, status: SessionStatus, more: Partial<StripFacts> = {}): StripFacts => ({
  id,
  status,
  ...more,
});

describe('the strip tells sessions of the same name apart', () => {
  it('leaves a name no other session has as it is', () => {
    const labels = stripLabels([facts('s1', connected(everything)), facts('s2', { state: 'idle' })]);
    expect(labels).toEqual([
      { label: 'mcp-servers/everything', detail: '', kind: 'live' },
      { label: 'New session', detail: '', kind: 'live' },
    ]);
  });

  it('by kind first (live, replay, snapshot), then target and era, then a number', () => {
    const labels = stripLabels([
      facts('s1', connected(everything)),
      facts('s2', connected(replayUrl), { replay: true }),
      facts('s3', connected(everything), { snapshot: 'mcp-servers/everything' }),
      facts('s4', connected(everything)),
    ]);
    expect(labels.map((label) => label.detail)).toEqual(['live · #1', 'replay', 'snapshot', 'live · #2']);
  });

  it('by target, then era, when the kind is the same', () => {
    const labels = stripLabels([
      facts('s1', connected(everything)),
      facts('s2', connected({ transport: 'http', url: 'http://127.0.0.1:3001/mcp' }, 'modern')),
      facts(
        's3',
        { state: 'closed', target: everything },
        { serverName: 'mcp-servers/everything', era: 'legacy' },
      ),
    ]);
    expect(labels.map((label) => label.detail)).toEqual([
      'server-everything/index.js · #1',
      '127.0.0.1:3001/mcp',
      'server-everything/index.js · #2',
    ]);
    const eras = stripLabels([
      facts('s1', connected(everything, 'legacy')),
      facts('s2', connected(everything, 'modern')),
    ]);
    expect(eras.map((label) => label.detail)).toEqual(['2025', '2026-07-28']);
  });

  it('numbers two tapped sessions of the same host and server (a probe connection and the real one)', () => {
    const label = 'tapped: v2-host 2.4.0 → v2-server';
    const labels = stripLabels([
      facts(
        's1',
        { state: 'closed', target: everything, tapped: { label, pid: 1, readOnly: '' } },
        { era: 'modern' },
      ),
      facts('s2', connected(everything, 'modern', label)),
    ]);
    expect(labels).toEqual([
      { label, detail: '#1', kind: 'tapped' },
      { label, detail: '#2', kind: 'tapped' },
    ]);
  });
});

describe('shortTarget', () => {
  it('names a command by its script (with the folder of a generic one), an URL by its host and path', () => {
    expect(shortTarget(everything)).toBe('server-everything/index.js');
    expect(shortTarget({ transport: 'stdio', command: 'npx', args: ['-y', '@scope/some-server'] })).toBe(
      'some-server',
    );
    expect(shortTarget(replayUrl)).toBe('127.0.0.1:41234/mcp');
    expect(shortTarget({ transport: 'demo' })).toBe('demo');
  });
});
