/**
 * The workbench's tables and words: every view in exactly one group and reachable by its address; the address of a
 * place read back as that place (and a hostile or malformed one as none, or as the view alone); what tells sessions
 * apart in the side bar.
 */
import { describe, expect, it } from 'vitest';
import type { SessionStatus } from '../../shared/session';
import type { Snapshot } from '../../shared/snapshot';
import { tabs } from '../store/uiSlice';
import { demoHandshake } from '../testing/fakeBackend';
import { hashToPlace, placeToHash } from './placeHash';
import { factsLine, sessionFacts, shortTarget } from './sessionFacts';
import { groupOf, viewGroups, viewLabels, viewOfSlug, viewOrder, viewSlugs } from './views';

describe('views by activity', () => {
  it('puts every view in exactly one of the four groups', () => {
    expect(viewGroups.map((group) => group.name)).toEqual(['Inspect', 'Traffic', 'Test', 'Trust']);
    expect([...viewOrder].sort()).toEqual([...tabs].sort());
    expect(new Set(viewOrder).size).toBe(tabs.length);
    expect(groupOf('Timings')).toBe('Traffic');
    expect(groupOf('Auth')).toBe('Trust');
    expect(viewLabels.Auth).toBe('Sign-in');
  });

  it('gives each view an address of its own, read back case-insensitively', () => {
    expect(new Set(Object.values(viewSlugs)).size).toBe(tabs.length);
    for (const tab of tabs) expect(viewOfSlug(viewSlugs[tab].toUpperCase())).toBe(tab);
    expect(viewSlugs.Auth).toBe('sign-in');
    expect(viewOfSlug('constructor')).toBeUndefined();
  });
});

describe('the place in the address', () => {
  it('writes a view and its open item, and reads them back', () => {
    expect(placeToHash({ view: 'Traffic' })).toBe('#/traffic');
    expect(placeToHash({ view: 'Tools', item: 'get weather/now?' })).toBe('#/tools/get%20weather%2Fnow%3F');
    expect(hashToPlace('#/tools/get%20weather%2Fnow%3F')).toEqual({
      view: 'Tools',
      item: 'get weather/now?',
    });
    expect(hashToPlace('#/resources/file%3A%2F%2F%2Ftmp%2Fa')).toEqual({
      view: 'Resources',
      item: 'file:///tmp/a',
    });
    // A view without items keeps no item in its address.
    expect(placeToHash({ view: 'Timings', item: 'x' })).toBe('#/timings');
    expect(hashToPlace('#/timings/x')).toEqual({ view: 'Timings' });
  });

  it('reads an address that names no place as none, and a malformed item as the view alone', () => {
    for (const hash of ['', '#', '#tools', '#/', '#/nowhere', '#/__proto__', '#/constructor/x'])
      expect(hashToPlace(hash)).toBeUndefined();
    expect(hashToPlace('#/tools/%E0%A4%A')).toEqual({ view: 'Tools' });
    expect(hashToPlace('#/tools/')).toEqual({ view: 'Tools' });
  });
});

describe('what tells sessions apart', () => {
  const connected: SessionStatus = {
    state: 'connected',
    target: {
      transport: 'stdio',
      command: '/usr/local/bin/node',
      args: ['/home/me/servers/weather.js', '--fast'],
    },
    handshake: demoHandshake,
  };

  it('a live stdio session: the command by its last path segments, the era, live', () => {
    expect(factsLine(sessionFacts(connected, null, () => false))).toBe(
      'node weather.js --fast · 2025 era · live',
    );
  });

  it('a tap, a replay and an opened snapshot say so; a new session says it is not connected', () => {
    const tapped: SessionStatus = {
      ...connected,
      tapped: { label: 'tapped: host → server', pid: 1, readOnly: 'watched' },
    };
    expect(sessionFacts(tapped, null, () => true).kind).toBe('tapped');
    const replay: SessionStatus = {
      state: 'connected',
      target: { transport: 'http', url: 'http://127.0.0.1:4123/mcp' },
      handshake: { ...demoHandshake, era: 'modern' },
    };
    expect(factsLine(sessionFacts(replay, null, (url) => url === 'http://127.0.0.1:4123/mcp'))).toBe(
      '127.0.0.1:4123/mcp · 2026-07-28 · replay',
    );
    expect(sessionFacts(replay, null, () => false).kind).toBe('live');
    const snapshot = {
      target: { transport: 'demo' },
      protocolVersion: '2025-11-25',
    } as Snapshot;
    expect(factsLine(sessionFacts(connected, snapshot, () => false))).toBe(
      'demo server · 2025 era · snapshot',
    );
    expect(factsLine(sessionFacts({ state: 'idle' }, null, () => false))).toBe('not connected yet');
  });

  it('a URL that does not parse is shown as sent', () => {
    expect(shortTarget({ transport: 'http', url: 'not a url' })).toBe('not a url');
  });
});
